import { loadContent } from "../content/load.server.ts";
import { guidesData } from "../content/pages.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound } from "../routing/request.ts";
import { GuidesScreen } from "../screens/guides.tsx";
import type { Route } from "./+types/guides";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/guides`, and `/en/guides` (canonical to `/guides`, see the route table). */
export function loader({ pattern }: Route.LoaderArgs) {
  return guidesData(loadContent(), routeAt(pattern).locale) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Guides({ loaderData }: Route.ComponentProps) {
  return <GuidesScreen {...loaderData} />;
}
