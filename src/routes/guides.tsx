import { loadContent } from "../content/load.server.ts";
import { guidesData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { GuidesScreen } from "../screens/guides.tsx";
import type { Route } from "./+types/guides";
import type { RouteHandle } from "../lib/route-handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/guides`, and `/en/guides` (canonical to `/guides`, see the route table). */
export function loader({ request }: Route.LoaderArgs) {
  return guidesData(loadContent(), localeOfPath(requestPath(request))) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Guides({ loaderData }: Route.ComponentProps) {
  return <GuidesScreen {...loaderData} />;
}
