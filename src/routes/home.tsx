import { loadContent } from "../content/load.server.ts";
import { homeData } from "../content/pages.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound } from "../routing/request.ts";
import { HomeScreen } from "../screens/home.tsx";
import type { Route } from "./+types/home";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

export function loader({ pattern }: Route.LoaderArgs) {
  return homeData(loadContent(), routeAt(pattern).locale) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeScreen {...loaderData} />;
}
