import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { locales } from "./i18n/locales.ts";
import { localizePath } from "./i18n/paths.ts";
import { pages } from "./routes-table.ts";

export default [
  layout("routes/default-layout.tsx", [
    ...pages.flatMap((page) =>
      (page.locales ?? locales).map((locale) =>
        route(localizePath(page.path, locale), page.file, { id: `${locale}-${page.id}` }),
      ),
    ),
    // SPEC §2: a path that matches no route is a non-fatal 404 inside the layout.
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
