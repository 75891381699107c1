import { loadContent } from "../content/load.server.ts";
import { docsIndexData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { DocsIndexScreen } from "../screens/docs.tsx";
import type { Route } from "./+types/docs-index";
import type { RouteHandle } from "../lib/route-handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/fr/docs` (English) and `/fr/fr/docs` (French): the SPEC's quirk. */
export function loader({ request }: Route.LoaderArgs) {
  return docsIndexData(loadContent(), localeOfPath(requestPath(request))) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function DocsIndex({ loaderData }: Route.ComponentProps) {
  return <DocsIndexScreen {...loaderData} />;
}
