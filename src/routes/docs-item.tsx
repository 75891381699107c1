import { loadContent } from "../content/load.server.ts";
import { docsItemData } from "../content/pages.server.ts";
import { isSlugSegment } from "../content/slug.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound, splatParam, validatedSplatData } from "../routing/request.ts";
import { seoMeta } from "../lib/seo.ts";
import { DocsItemScreen } from "../screens/docs.tsx";
import type { Route } from "./+types/docs-item";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/**
 * `/fr/docs/{slug}` (English) and `/fr/fr/docs/{slug}` (French). The route catches every deeper
 * path so that validation decides: one slug segment naming an existing doc, else the
 * 404 "Page Not Found: {path}" error page (not the non-fatal "Page not found").
 */
export function loader({ pattern, params }: Route.LoaderArgs) {
  const slug = splatParam(params["*"]);
  const doc = isSlugSegment(slug) ? docsItemData(loadContent(), routeAt(pattern).locale, slug) : undefined;
  return doc ?? pageNotFound();
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return validatedSplatData(isSlugSegment, args);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function DocsItem({ loaderData }: Route.ComponentProps) {
  return <DocsItemScreen {...loaderData} />;
}
