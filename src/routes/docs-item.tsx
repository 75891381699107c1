import { isRouteErrorResponse } from "react-router";
import { loadContent } from "../content/load.server.ts";
import { docsItemData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { isSlugSegment, pageNotFound } from "../lib/not-found.ts";
import { requestPath, splatParam } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { DocsItemScreen } from "../screens/docs.tsx";
import type { Route } from "./+types/docs-item";
import type { RouteHandle } from "../lib/route-handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/**
 * `/fr/docs/{slug}` (English) and `/fr/fr/docs/{slug}` (French). The route catches every deeper
 * path so that validation decides: one slug segment naming an existing doc, else SPEC §2's
 * 404 "Page Not Found: {path}" error page (not the non-fatal "Page not found").
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const slug = splatParam(params["*"]);
  const doc = isSlugSegment(slug)
    ? docsItemData(loadContent(), localeOfPath(requestPath(request)), slug)
    : undefined;
  return doc ?? pageNotFound();
}

/** Validates the slug before asking for the page's data; a doc that was not built is a 404 too. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  if (!isSlugSegment(splatParam(params["*"]))) pageNotFound();
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) pageNotFound();
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function DocsItem({ loaderData }: Route.ComponentProps) {
  return <DocsItemScreen {...loaderData} />;
}
