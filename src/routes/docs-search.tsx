import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useSearchParams } from "react-router";
import { loadContent } from "../content/load.server.ts";
import { docsNav } from "../content/pages.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { DocsSearchScreen } from "../screens/docs.tsx";
import type { Route } from "./+types/docs-search";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/**
 * `/fr/docs/search` (English) and `/fr/fr/docs/search` (French), where the docs search box sends
 * its words (`?q=`). The build prerenders it with an empty box; the server answers a query by
 * writing its results into that page (server/site/docs-search.ts). Not indexed.
 */
export function loader({ pattern }: Route.LoaderArgs) {
  return { nav: docsNav(loadContent(), routeAt(pattern).locale) };
}

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`Search the documentation`),
    description: i18n._(msg`Find the section of the documentation that answers your question.`),
  });

export default function DocsSearch({ loaderData }: Route.ComponentProps) {
  // Reached in the app (a client navigation): the box opens with the query and searches at once.
  const [params] = useSearchParams();
  return <DocsSearchScreen nav={loaderData.nav} query={params.get("q") ?? ""} />;
}
