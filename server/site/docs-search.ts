import MiniSearch from "minisearch";
import { writeDocsSearch } from "#shared/docs-search-html.ts";
import { maxQueryLength, searchDocs, searchIndexOptions, type SearchDocument } from "#shared/docs-search.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { matchPage } from "#shared/routing/match.ts";
import { resources } from "#shared/routing/table.ts";
import type { Logger } from "../tools/log.ts";
import { type SiteFile, siteFileOf } from "./files.ts";

/**
 * The docs search page without JavaScript: the search box is a GET form to `/fr/docs/search`
 * (`/fr/fr/docs/search` in French), prerendered with an empty box. For a `?q=` the server runs the
 * browser's search (shared/docs-search.ts) over the same index the build wrote
 * (`/search/docs-{locale}.json`, in memory with the rest of the site, read on the first search of
 * each locale) and writes the results into the prerendered page, where the box's script would
 * have put them (shared/docs-search-html.ts). An index that cannot be read gives the box's error
 * message, and a warning in the log once.
 *
 * Returns the answer for a page: the page with the results, or undefined for any other page, or
 * the search page without `q` (served as it is: the empty box and its hint).
 */
export function docsSearchPages(files: ReadonlyMap<string, SiteFile>, log: Logger) {
  const indexes = new Map<Locale, MiniSearch<SearchDocument> | undefined>();
  const indexOf = (locale: Locale) => {
    if (!indexes.has(locale)) {
      const path = resources.searchIndex.path(locale);
      let index: MiniSearch<SearchDocument> | undefined;
      try {
        const json = files.get(path)?.forms.identity?.body.toString("utf8");
        if (json === undefined) throw new Error("no such file in the site");
        index = MiniSearch.loadJSON<SearchDocument>(json, searchIndexOptions(locale));
      } catch (error) {
        log.warn(
          `Docs search: ${path} cannot be read (${(error as Error).message}); the search page says so.`,
        );
      }
      indexes.set(locale, index);
    }
    return indexes.get(locale);
  };

  return (pathname: string, page: SiteFile, params: URLSearchParams): SiteFile | undefined => {
    if (!params.has("q")) return undefined;
    const match = matchPage(pathname);
    if (match?.page.id !== "docs-search") return undefined;
    const query = (params.get("q") ?? "").slice(0, maxQueryLength);
    const index = indexOf(match.locale);
    const html = writeDocsSearch(page.forms.identity!.body.toString("utf8"), {
      query,
      hits: index ? searchDocs(index, query, match.locale) : "error",
    });
    return siteFileOf(Buffer.from(html), page.type, "no-cache");
  };
}
