import type { RouteHandle } from "../routing/handle.ts";
import { seoMeta } from "../lib/seo.ts";
import { ContentPageScreen } from "../screens/content-page.tsx";
import type { Route } from "./+types/content-page";
import { markdownPageLoader } from "./markdown-page.server.ts";

/** Terms, legal notice, both privacy policies and the "more" page: `pages/{id}.md`. */
export const loader = markdownPageLoader;

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageScreen {...loaderData} />;
}
