import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { locales } from "./i18n/locales.ts";
import { localizePath } from "./i18n/paths.ts";
import { resolveMiddleware } from "./lib/route-middleware.ts";
import { errorPath, pages, resourcePaths, type LayoutName } from "./routes-table.ts";

// An unknown middleware name fails the build, not a visitor's navigation (SPEC §2).
for (const page of pages) resolveMiddleware(page.middleware ?? []);

const pageRoutes = (layoutName: LayoutName) =>
  pages
    .filter((page) => (page.layout ?? "default") === layoutName)
    .flatMap((page) =>
      (page.locales ?? locales).map((locale) =>
        route(localizePath(page.path, locale), page.file, { id: `${locale}-${page.id}` }),
      ),
    );

const perLocale = (file: string, path: (locale: (typeof locales)[number]) => string, id: string) =>
  locales.map((locale) => route(path(locale), file, { id: `${locale}-${id}` }));

export default [
  layout("routes/default-layout.tsx", [
    ...pageRoutes("default"),
    // The 404 the server answers a failed route validation with (status 404, no scripts).
    ...perLocale("routes/error-404.tsx", (l) => localizePath(errorPath, l), "error-404"),
    // A path that matches no route is a non-fatal 404 inside the layout.
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("routes/docs-layout.tsx", pageRoutes("docs")),
  ...pageRoutes("none"),
  // Generated files, prerendered like pages.
  ...perLocale("routes/sitemap.ts", resourcePaths.sitemap, "sitemap"),
  ...perLocale("routes/rss.ts", resourcePaths.rss, "rss"),
  ...perLocale("routes/search-index.ts", resourcePaths.searchIndex, "search-index"),
  route(resourcePaths.robots(), "routes/robots.ts", { id: "robots" }),
] satisfies RouteConfig;
