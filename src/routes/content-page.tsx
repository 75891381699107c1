import { loadContent } from "../content/load.server.ts";
import { contentPageData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import type { RouteHandle } from "../lib/route-handle.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { matchPage } from "../routes-table.ts";
import { ContentPageScreen } from "../screens/content-page.tsx";
import type { Route } from "./+types/content-page";

/** Terms, legal notice, both privacy policies and the "more" page: `pages/{id}.md`. */
export function loader({ request }: Route.LoaderArgs) {
  const path = requestPath(request);
  const page = matchPage(path)?.page;
  return (page && contentPageData(loadContent(), localeOfPath(path), page.id)) ?? pageNotFound();
}

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageScreen {...loaderData} />;
}
