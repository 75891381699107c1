import { locales, type Locale } from "../i18n/locales.ts";
import { basePath, localizePath } from "../i18n/paths.ts";
import { errorPath, notFoundPath, pages, resources } from "./table.ts";
import type { PageDef, ResourceDef } from "./types.ts";

/** One route of the router: a page or a generated file in one locale. */
export type LocalizedRoute = {
  /** The router's route id, `{locale}-{id}` (`fr-guides`). */
  id: string;
  locale: Locale;
  path: string;
  file: string;
  /** The page it renders; undefined for a generated file. */
  page?: PageDef;
};

export type PageMatch = LocalizedRoute & { page: PageDef; params: Record<string, string | undefined> };

const localizedResource = (resource: ResourceDef): LocalizedRoute[] =>
  (resource.once ? [locales[0]] : locales).map((locale) => ({
    id: resource.once ? resource.id : `${locale}-${resource.id}`,
    locale,
    path: resource.path(locale),
    file: resource.file,
  }));

/** Every page in each of its locales. */
export const pageRoutes: readonly (LocalizedRoute & { page: PageDef })[] = pages.flatMap((page) =>
  (page.locales ?? locales).map((locale) => ({
    id: `${locale}-${page.id}`,
    locale,
    path: localizePath(page.path, locale),
    file: page.file,
    page,
  })),
);

/** Every generated file in each of its locales. */
export const resourceRoutes: readonly LocalizedRoute[] = Object.values(resources).flatMap(localizedResource);

const byPattern = new Map([...pageRoutes, ...resourceRoutes].map((route) => [route.path, route]));

/**
 * The table's route React Router matched, from the `pattern` its loaders and middleware receive,
 * so they know their page and locale without reading the URL. Undefined for the routes outside
 * the table (the 404s).
 */
export function findRoute(pattern: string): LocalizedRoute | undefined {
  return byPattern.get(`/${pattern.replace(/^\/+/, "")}`);
}

/** `findRoute` for a loader of a table row: a pattern of no row is a programming error. */
export function routeAt(pattern: string): LocalizedRoute {
  const route = findRoute(pattern);
  if (!route) throw new Error(`No route in the table has the pattern '${pattern}'`);
  return route;
}

function decodeSegments(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * The page a URL path renders, ranked the way React Router ranks the table's routes (paths are
 * literal or end in `/*`): an exact path first, then the catch-all with the longest prefix, which
 * also matches its prefix alone. Case-insensitive and ignoring a trailing slash, like the router;
 * `null` for no page.
 */
export function matchPage(pathname: string): PageMatch | null {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  const path = decodeSegments(trim(pathname));
  const lower = path.toLowerCase();
  let best: { route: (typeof pageRoutes)[number]; prefix: string } | undefined;
  for (const route of pageRoutes) {
    const pattern = trim(route.path.toLowerCase());
    if (!pattern.endsWith("/*")) {
      if (pattern === lower) return { ...route, params: {} };
      continue;
    }
    const prefix = pattern.slice(0, -2);
    const fits = lower === prefix || lower.startsWith(`${prefix}/`);
    if (fits && (!best || prefix.length > best.prefix.length)) best = { route, prefix };
  }
  if (!best) return null;
  return { ...best.route, params: { "*": path.slice(best.prefix.length + 1) } };
}

/** Whether a path is one of the prerendered 404 pages (never a page a visitor is sent to). */
export const isNotFoundPage = (path: string) => [notFoundPath, errorPath].includes(basePath(path));

/** Paths of every page without parameters, in each of its locales, plus the 404 pages and files. */
export function staticPrerenderPaths(): string[] {
  const pagePaths = pageRoutes
    .filter(({ page }) => !page.path.includes("*") && !page.path.includes(":"))
    .map(({ path }) => path);
  const special = locales.flatMap((locale) => [
    localizePath(notFoundPath, locale),
    localizePath(errorPath, locale),
  ]);
  return [...pagePaths, ...special, ...resourceRoutes.map(({ path }) => path)];
}
