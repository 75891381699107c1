import MiniSearch from "minisearch";
import { loadContent } from "../content/load.server.ts";
import { searchDocuments } from "../content/pages.server.ts";
import { searchIndexOptions } from "#shared/docs-search.ts";
import { routeAt } from "#shared/routing/match.ts";

/**
 * `/search/docs-{locale}.json`: the offline full-text index of the documentation, built at build
 * time with MiniSearch and fetched by the docs search box only when a visitor starts searching.
 */
export function loader({ pattern }: { pattern: string }) {
  const { locale } = routeAt(pattern);
  const index = new MiniSearch(searchIndexOptions(locale));
  index.addAll(searchDocuments(loadContent(), locale));
  return new Response(JSON.stringify(index), { headers: { "Content-Type": "application/json" } });
}
