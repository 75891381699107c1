import { loadContent } from "../content/load.server.ts";
import { homeData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { HomeScreen } from "../screens/home.tsx";
import type { Route } from "./+types/home";
import type { RouteHandle } from "../lib/route-handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

export function loader({ request }: Route.LoaderArgs) {
  return homeData(loadContent(), localeOfPath(requestPath(request))) ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeScreen {...loaderData} />;
}
