import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { locales } from "../shared/i18n/locales.ts";
import { localizePath } from "../shared/i18n/paths.ts";
import { pageRoutes, resourceRoutes } from "../shared/routing/match.ts";
import { resolveMiddleware } from "./routing/middleware.ts";
import { errorPath } from "../shared/routing/table.ts";
import type { LayoutName } from "../shared/routing/types.ts";

// React Router reads the routes from this file; they all come from shared/routing/table.ts.

// An unknown middleware name fails the build, not a visitor's navigation.
for (const { page } of pageRoutes) resolveMiddleware(page.middleware ?? []);

const routesOf = (layoutName: LayoutName) =>
  pageRoutes
    .filter(({ page }) => (page.layout ?? "default") === layoutName)
    .map(({ path, file, id }) => route(path, file, { id }));

export default [
  layout("routes/default-layout.tsx", [
    ...routesOf("default"),
    // The 404 the server answers a failed route validation with (status 404, no scripts).
    ...locales.map((l) =>
      route(localizePath(errorPath, l), "routes/error-404.tsx", { id: `${l}-error-404` }),
    ),
    // A path that matches no route is a non-fatal 404 inside the layout.
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("routes/docs-layout.tsx", routesOf("docs")),
  layout("dashboard/routes/layout.tsx", routesOf("dashboard")),
  ...routesOf("none"),
  // Generated files, prerendered like pages.
  ...resourceRoutes.map(({ path, file, id }) => route(path, file, { id })),
] satisfies RouteConfig;
