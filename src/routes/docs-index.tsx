import { loadContent } from "../content/load.server.ts";
import { docsIndexData } from "../content/pages.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound } from "../routing/request.ts";
import { DocsIndexScreen } from "../screens/docs.tsx";
import type { Route } from "./+types/docs-index";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/fr/docs` (English) and `/fr/fr/docs` (French): docs/product.md, Documentation paths. */
export function loader({ pattern }: Route.LoaderArgs) {
  return docsIndexData(loadContent(), routeAt(pattern).locale) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function DocsIndex({ loaderData }: Route.ComponentProps) {
  return <DocsIndexScreen {...loaderData} />;
}
