import type { RouteHandle } from "../routing/handle.ts";
import { seoMeta } from "../lib/seo.ts";
import { DiscordScreen } from "../screens/discord.tsx";
import type { Route } from "./+types/discord";
import { markdownPageLoader } from "./markdown-page.server.ts";

export const loader = markdownPageLoader;

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Discord({ loaderData }: Route.ComponentProps) {
  return <DiscordScreen {...loaderData} />;
}
