import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { loadContent } from "../content/load.server.ts";
import { blogListData } from "../content/pages.server.ts";
import type { RouteHandle } from "../routing/handle.ts";
import { seoMeta } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { BlogListScreen } from "../screens/blog-list.tsx";
import type { Route } from "./+types/blog";

export function loader({ pattern }: Route.LoaderArgs) {
  return blogListData(loadContent(), routeAt(pattern).locale);
}

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`Blog`),
    description: i18n._(msg`News, guides and behind-the-scenes notes from the team.`),
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListScreen {...loaderData} />;
}
