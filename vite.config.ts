import { reactRouter } from "@react-router/dev/vite";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CodeSplittingGroup } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { pageCatalogs } from "./scripts/page-catalogs.ts";

/**
 * Content pages ship no application bundle; their page script imports small standalone modules
 * (plain DOM code) on demand. The client build emits each at a fixed URL under `/enhance/` that
 * the prerendered page script names (src/enhance/page-script.ts); the server revalidates them.
 */
const enhanceModules = ["docs-search", "menu"];

function emitEnhanceModules(): Plugin {
  return {
    name: "lumen:enhance-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const name of enhanceModules) {
        const id = path.resolve(`src/enhance/${name}.ts`);
        if (existsSync(id)) this.emitFile({ type: "chunk", id, fileName: `enhance/${name}.js` });
      }
    },
  };
}

/**
 * What each client chunk holds, for tests/e2e/app-bundle.spec.ts: `build/client-chunks.json` (beside
 * the served folder, never served), `{ "assets/app-….js": ["src/auth/session.ts", …] }`, module
 * paths relative to the project, packages as `node_modules/{name}/…`.
 */
function writeChunkMap(): Plugin {
  return {
    name: "lumen:chunk-map",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const root = process.cwd();
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        map[chunk.fileName] = [
          ...new Set(
            chunk.moduleIds.map((id) =>
              path
                .relative(root, id.replace(/\?.*$/, ""))
                .replace(/^(\.\.\/)+/, "")
                .replaceAll("\\", "/"),
            ),
          ),
        ];
      }
      writeFileSync(path.join(options.dir!, "..", "client-chunks.json"), `${JSON.stringify(map, null, 1)}\n`);
    },
  };
}

/**
 * The app pages' chunks, so that a first visit asks for about ten files, not forty: the framework
 * (React, React DOM, the router) in one file, and the code every app page runs in another, `app`:
 * the shell and the form layer, by folder (below), with everything they import statically (UI
 * primitives, Radix parts, icons, Lingui). Route modules and what only some pages use stay apart.
 * Never in `app`: the superuser dashboard (`src/dashboard/`), whatever is imported with `import()`
 * (the account menu, the PocketBase SDK, Lottie, the docs search, loaded on demand), what only
 * the dashboard or such code imports (the account page's cards), and anything the folders do not
 * import (charts, marketing blocks, screens). tests/e2e/app-bundle.spec.ts fails when an app
 * page's first paint pulls in more.
 */
const appFolders =
  /[\\/](src[\\/](auth|forms|i18n|lib|routing|widgets[\\/](app-shell|auth|error-page))|shared)[\\/]/;

const isDashboard = (id: string) => /[\\/]src[\\/]dashboard[\\/]/.test(id);

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/** The modules content pages import without the app (`/enhance/…`): entries, but no app page's. */
const isEnhanceModule = (id: string) =>
  enhanceModules.some((name) => id === path.resolve(`src/enhance/${name}.ts`));

/**
 * Whether a page other than the dashboard imports the module through static imports alone: a
 * module that only the dashboard, or only code loaded with `import()` or by content pages' enhance
 * modules (the docs search's logic in `shared/`), reaches is in no app page's first paint,
 * whatever folder it is in.
 */
function onAppFirstPaint(id: string, infoOf: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (seen.has(id) || isDashboard(id) || isEnhanceModule(id)) return false;
  seen.add(id);
  const info = infoOf(id);
  return Boolean(info && (info.isEntry || info.importers.some((m) => onAppFirstPaint(m, infoOf, seen))));
}

const chunkGroups: CodeSplittingGroup[] = [
  {
    // The header menu's behaviour, in a file of its own: pages without the app import it
    // (src/enhance/menu.ts) without the app's code.
    name: "menu",
    test: /[\\/]src[\\/]ui[\\/]menu-behaviour\.ts$/,
    priority: 3,
  },
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
  {
    debugName: "app",
    name: (id, ctx) => {
      if (!appFolders.test(id) || isDashboard(id)) return null;
      // A module the app imports with `import()` is loaded on demand, even if another page imports it.
      if (ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
      return onAppFirstPaint(id, (m) => ctx.getModuleInfo(m)) ? "app" : null;
    },
    tags: ["$initial"],
    priority: 1,
  },
];

export default defineConfig({
  // `ANALYZE=1 npm run build` keeps source maps for `npm run bundle:report`.
  build: { sourcemap: process.env.ANALYZE ? "hidden" : false },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
  },
  resolve: {
    // The shim's entry alone (`…/shim` or `…/shim/index.js`, as Storybook's UI imports it), never a
    // path under it.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve("src/lib/use-sync-external-store-shim.ts"),
      },
    ],
  },
  plugins: [
    tailwindcss(),
    lingui({ macroTransform: true }),
    pageCatalogs(),
    reactRouter(),
    emitEnhanceModules(),
    writeChunkMap(),
  ],
  server: {
    proxy: {
      // `npm run dev`: the API comes from the embedded server (`npm run serve`) on its port.
      "/api": `http://127.0.0.1:${process.env.PORT ?? 8090}`,
    },
  },
});
