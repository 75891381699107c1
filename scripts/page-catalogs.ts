/**
 * Per-page message catalogs for the app bundle. Translators keep one catalog per locale and
 * audience (`locales/{locale}/messages.po`, `dashboard.po`); the client build cuts it by page: a
 * `shell` catalog with the messages of the root route and everything it imports (header, menus,
 * error pages, form errors), and one per route module with the messages of that module, its
 * layouts and everything they import, statically or with `import()`, less the shell's. An app
 * page loads the shell's and its own (`src/i18n/catalog.ts`). They are written as
 * `assets/catalog-{scope}.{locale}.{version}.js`, the version a hash of them all: the app finds a
 * page's catalog from its route file alone, with no list of files to download.
 *
 * Elsewhere (the prerender's server build, `npm run dev`, Storybook, unit tests) every scope gets
 * the whole catalogs, so whatever renders there has every message.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig, type LinguiConfigNormalized } from "@lingui/conf";
import { extractMessages, mapMacroOptions } from "@lingui/native-tools";
import { parseSync } from "rolldown/utils";
import type { Plugin } from "vite";

const catalogsModuleId = "virtual:lumen/catalogs";
const resolvedCatalogsId = "\0lumen-catalogs";

/** The catalog every app page loads, beside its page's. */
const shellScope = "shell";

type RouteEntry = { id: string; parentId?: string; file: string };

/** What React Router's Vite plugin knows of the app (an internal of `@react-router/dev`). */
type ReactRouterContext = {
  entryClientFilePath: string;
  reactRouterConfig: { appDirectory: string; routes: Record<string, RouteEntry> };
};

/**
 * The app's own module requests of a source file (relative paths and `#…` aliases of package.json's
 * `imports`): static imports, re-exports and `import("…")`.
 */
export function ownImports(file: string, code: string): string[] {
  return moduleRequests(file, code).filter((request) => request.startsWith(".") || request.startsWith("#"));
}

/** Every module request of a source file, packages included: static imports, re-exports and `import("…")`. */
export function moduleRequests(file: string, code: string): string[] {
  const { module } = parseSync(file, code);
  const requests = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.map((entry) => entry.moduleRequest?.value)),
    ...module.dynamicImports.map((i) => {
      const literal = /^(["'`])([^"'`]*)\1$/.exec(code.slice(i.moduleRequest.start, i.moduleRequest.end));
      return literal?.[2];
    }),
  ];
  return [...new Set(requests.filter((r): r is string => Boolean(r)))];
}

/**
 * The message ids of each scope: the shell's (reachable from `shellRoots`) and, for each route
 * file, those reachable from it and its layouts that the shell does not have. `importsOf` and
 * `idsOf` read one source file.
 */
export function scopeMessageIds(
  shellRoots: readonly string[],
  routeChains: ReadonlyMap<string, readonly string[]>,
  importsOf: (file: string) => readonly string[],
  idsOf: (file: string) => readonly string[],
): Map<string, Set<string>> {
  const reach = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file));
    }
    return new Set([...seen].flatMap((file) => idsOf(file)));
  };
  const shell = reach(shellRoots);
  const scopes = new Map<string, Set<string>>([[shellScope, shell]]);
  for (const [file, chain] of routeChains) {
    scopes.set(file, new Set([...reach(chain)].filter((id) => !shell.has(id))));
  }
  return scopes;
}

/** Every route file with the files of its layouts (its parents but the root). */
function routeChains(routes: Record<string, RouteEntry>): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  for (const route of Object.values(routes)) {
    if (!route.parentId) continue;
    const chain = chains.get(route.file) ?? [route.file];
    for (let parent = routes[route.parentId]; parent?.parentId; parent = routes[parent.parentId]) {
      if (!chain.includes(parent.file)) chain.push(parent.file);
    }
    chains.set(route.file, chain);
  }
  return chains;
}

/** A scope's name in file names: `routes/account/signup.tsx` → `routes-account-signup`. */
export function slugOf(scope: string): string {
  return scope.replace(/\.[^./]+$/, "").replace(/[^a-z0-9]+/gi, "-");
}

/** Where the client build writes a scope's catalog in a locale (also read by the app, as text). */
export function catalogFileName(slug: string, locale: string, version: string): string {
  return `assets/catalog-${slug}.${locale}.${version}.js`;
}

export function pageCatalogs(): Plugin {
  let rrContext: ReactRouterContext | undefined;
  let linguiConfig: LinguiConfigNormalized;
  let split = false;
  /** The compiled catalogs of the client build, by file name, and the version in their names. */
  let files = new Map<string, string>();
  let version = "";
  const translated = new Map<string, Promise<Record<string, string>>>();

  /** Every catalog of a locale, merged, each message translated (or in the fallback locale). */
  function translations(locale: string): Promise<Record<string, string>> {
    if (!translated.has(locale))
      translated.set(
        locale,
        getCatalogs(linguiConfig).then(async (catalogs) => {
          const merged: Record<string, string> = {};
          for (const catalog of catalogs) {
            const { messages } = await catalog.getTranslations(locale, {
              fallbackLocales: linguiConfig.fallbackLocales,
              sourceLocale: linguiConfig.sourceLocale,
            });
            Object.assign(merged, messages);
          }
          return merged;
        }),
      );
    return translated.get(locale)!;
  }

  return {
    name: "lumen:page-catalogs",
    configResolved(config) {
      rrContext = (config as { __reactRouterPluginContext?: ReactRouterContext }).__reactRouterPluginContext;
      linguiConfig = getConfig({ cwd: config.root });
      split = config.command === "build" && rrContext !== undefined;
    },
    async buildStart() {
      translated.clear();
      if (!split || this.environment.name !== "client" || !rrContext) return;
      const { appDirectory, routes } = rrContext.reactRouterConfig;
      const appFile = (file: string) => path.resolve(appDirectory, file);
      const macro = mapMacroOptions(linguiConfig);
      const sources = new Map<string, string | null>();
      const source = (file: string) => {
        if (!sources.has(file)) {
          try {
            sources.set(file, readFileSync(file, "utf8"));
          } catch {
            sources.set(file, null);
          }
        }
        return sources.get(file) ?? null;
      };
      const imports = new Map<string, string[]>();
      const ids = new Map<string, string[]>();
      // Read every reachable file once: its imports (resolved like the build does) and its messages.
      const pending = [rrContext.entryClientFilePath, ...Object.values(routes).map((r) => appFile(r.file))];
      while (pending.length > 0) {
        const file = pending.pop()!;
        if (imports.has(file)) continue;
        const code = source(file);
        if (code === null || !/\.[cm]?[jt]sx?$/.test(file)) {
          imports.set(file, []);
          ids.set(file, []);
          continue;
        }
        const resolved: string[] = [];
        for (const request of ownImports(file, code)) {
          // Server-only modules never reach the browser (React Router refuses to resolve them here).
          if (/\.server(\.[cm]?[jt]sx?)?$|\.server\//.test(request)) continue;
          const target = await this.resolve(request, file);
          if (target && !target.external && !target.id.includes("\0") && !target.id.includes("node_modules"))
            resolved.push(target.id.replace(/\?.*$/, ""));
        }
        imports.set(file, resolved);
        pending.push(...resolved);
        const usesMacros = /["']@lingui\/[a-z]+\/macro["']/.test(code);
        ids.set(
          file,
          usesMacros ? (await extractMessages(code, file, { macro })).messages.map((m) => m.id) : [],
        );
      }
      const rootFile = Object.values(routes).find((route) => !route.parentId)!.file;
      const chains = new Map(
        [...routeChains(routes)].map(([file, chain]) => [file, chain.map(appFile)] as const),
      );
      const scopes = scopeMessageIds(
        [rrContext.entryClientFilePath, appFile(rootFile)],
        chains,
        (file) => imports.get(file) ?? [],
        (file) => ids.get(file) ?? [],
      );
      const compiled: [string, string, string][] = [];
      for (const locale of linguiConfig.locales) {
        const all = await translations(locale);
        for (const [scope, wanted] of scopes) {
          const messages = Object.fromEntries(Object.entries(all).filter(([id]) => wanted.has(id)));
          const { source: code, errors } = createCompiledCatalog(locale, messages, { namespace: "es" });
          if (errors.length > 0)
            this.error(`Catalog ${locale}: ${errors.map((e) => e.error.message).join("; ")}`);
          compiled.push([slugOf(scope), locale, code]);
        }
      }
      version = createHash("sha256")
        .update(compiled.map((c) => c.join("\0")).join("\0"))
        .digest("base64url")
        .slice(0, 8);
      files = new Map(compiled.map(([slug, locale, code]) => [catalogFileName(slug, locale, version), code]));
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of files) this.emitFile({ type: "asset", fileName, source });
    },
    resolveId(id) {
      return id === catalogsModuleId ? resolvedCatalogsId : undefined;
    },
    load(id) {
      if (id !== resolvedCatalogsId) return undefined;
      const locales = linguiConfig.locales;
      if (split && this.environment.name === "client") {
        // Files of this build only: no bundler chunk, so the import goes by URL.
        const loaders = locales.map(
          (l) =>
            `${JSON.stringify(l)}: () => import(/* @vite-ignore */ "/" + catalogFileName(slugOf(scope), ${JSON.stringify(l)}, ${JSON.stringify(version)}))`,
        );
        return [
          slugOf.toString(),
          catalogFileName.toString(),
          `export const catalogLoader = (scope) => ({${loaders.join(", ")}});`,
        ].join("\n");
      }
      // Every scope gets the whole catalogs of each locale.
      const poFiles = (locale: string) =>
        (linguiConfig.catalogs ?? []).map((c) =>
          JSON.stringify(
            `${c.path.replace("<rootDir>", linguiConfig.rootDir).replace("{locale}", locale)}.po`,
          ),
        );
      const loaders = locales.map(
        (l) =>
          `${JSON.stringify(l)}: () => Promise.all([${poFiles(l)
            .map((f) => `import(${f})`)
            .join(
              ", ",
            )}]).then((parts) => ({ messages: Object.assign({}, ...parts.map((p) => p.messages)) }))`,
      );
      return `const all = {${loaders.join(",\n")}};\nexport const catalogLoader = () => all;\n`;
    },
  };
}
