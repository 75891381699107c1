import MiniSearch from "minisearch";
import { loadContent } from "../content/load.server.ts";
import { searchDocuments } from "../content/pages.server.ts";
import { searchIndexOptions } from "../content/search.ts";
import { isLocale } from "../i18n/locales.ts";
import { requestPath } from "../lib/request-path.ts";

/**
 * `/search/docs-{locale}.json`: the offline full-text index of the documentation, built at build
 * time with MiniSearch and fetched by the docs search box only when a visitor starts searching.
 */
export function loader({ request }: { request: Request }) {
  const locale = /docs-(\w+)\.json$/.exec(requestPath(request))?.[1];
  if (!isLocale(locale)) throw new Response("Not found", { status: 404 });
  const index = new MiniSearch(searchIndexOptions(locale));
  index.addAll(searchDocuments(loadContent(), locale));
  return new Response(JSON.stringify(index), { headers: { "Content-Type": "application/json" } });
}
