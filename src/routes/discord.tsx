import { loadContent } from "../content/load.server.ts";
import { contentPageData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import type { RouteHandle } from "../lib/route-handle.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { DiscordScreen } from "../screens/discord.tsx";
import type { Route } from "./+types/discord";

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(loadContent(), localeOfPath(requestPath(request)), "discord") ?? pageNotFound();
}

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Discord({ loaderData }: Route.ComponentProps) {
  return <DiscordScreen {...loaderData} />;
}
