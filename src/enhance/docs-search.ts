/**
 * The documentation search, without React: plain DOM code over the markup that `DocsSearch`
 * (src/widgets/docs-search/docs-search.tsx) prerendered. Loaded on the first focus of the search box.
 *
 * Everything comes from the root `<search data-slot="docs-search">`:
 * - `data-index-url`: the locale's MiniSearch index (`/search/docs-{locale}.json`);
 * - `data-locale`: the index's stemming and the plural form of the count message;
 * - `data-result-href`: a result's link, `{slug}` replaced by the page and the section's anchor
 *   (`/fr/docs/{slug}`, `/fr/fr/docs/{slug}`);
 * - `data-msg-error`, `data-msg-none` and `data-msg-count-{one,other,…}` (one per plural category
 *   the locale uses for 1 to 8 results): translated messages where `{query}` and `{count}` are
 *   replaced; on the search page, `data-msg-empty` for an empty box;
 * - the `<input>`, the `[aria-live]` status line, the results `<ul>`, the `[data-slot=spinner]` and
 *   a `<template>` holding one result `<li>` whose `a` gets the link, `[data-field=title]` the page
 *   and section, and `[data-field=description]` a few words around the match.
 *
 * The same markup is what the server fills for the search page without JavaScript
 * (shared/docs-search-html.ts): the search, the status line and the results come from
 * shared/docs-search.ts on both sides.
 */
import MiniSearch from "minisearch";
import {
  maxHits,
  resultView,
  searchDocs,
  searchIndexOptions,
  searchStatus,
  type SearchDocument,
  type SearchHit,
  type SearchState,
} from "#shared/docs-search.ts";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { fetchWithRetry } from "../lib/fetch-retry.ts";

/** Results shown at most (the markup carries count messages for 1 to this many). */
export { maxHits };

const indexes = new Map<string, Promise<MiniSearch<SearchDocument>>>();

/** An index, fetched once per page; a failed load is forgotten so that the next attempt refetches. */
function loadIndex(url: string, locale: Locale) {
  let index = indexes.get(url);
  if (!index) {
    index = fetchWithRetry(url).then(async (response) => {
      if (!response.ok) throw new Error(`Search index answered ${response.status}`);
      return MiniSearch.loadJSON<SearchDocument>(await response.text(), searchIndexOptions(locale));
    });
    index.catch(() => indexes.delete(url));
    indexes.set(url, index);
  }
  return index;
}

/**
 * Wires the prerendered search box: starts loading the index at once (spinner), then answers every
 * `input` event. A second call on the same root does nothing. Results the server already wrote for
 * the query in the box (the search page) stay while the index loads.
 */
export function enhanceDocsSearch(root: HTMLElement): void {
  if (root.dataset.enhanced) return;
  root.dataset.enhanced = "true";

  const input = root.querySelector("input")!;
  const status = root.querySelector("[aria-live]")!;
  const list = root.querySelector("ul")!;
  const spinner = root.querySelector<HTMLElement>("[data-slot=spinner]");
  const template = root.querySelector("template")!;
  // Parsed HTML keeps a template's markup in `content`; React (in a live tree) appends it as children.
  const item = template.content.firstElementChild ?? template.firstElementChild!;
  const locale: Locale = isLocale(root.dataset.locale) ? root.dataset.locale : "en";
  const message = (name: string) => root.getAttribute(`data-msg-${name}`);
  /** The query the server answered in the markup (the search page), if any: it is already shown. */
  const written = input.defaultValue.trim() ? input.defaultValue : undefined;

  let state: SearchState = "loading";
  let index: MiniSearch<SearchDocument> | undefined;
  let query = "";
  let hits: SearchHit[] = [];
  /** Bumped by every query: an answer that arrives after a newer query is dropped. */
  let latest = 0;

  const paint = () => {
    if (spinner) spinner.hidden = state !== "loading";
    if (state === "loading" && query === written) return;
    status.textContent = searchStatus(state, query, hits.length, locale, message);
    list.replaceChildren(
      ...hits.map((hit) => {
        const view = resultView(hit, root.dataset.resultHref!);
        const li = item.cloneNode(true) as HTMLElement;
        li.querySelector("a")!.setAttribute("href", view.href);
        li.querySelector("[data-field=title]")!.textContent = view.title;
        li.querySelector("[data-field=description]")!.textContent = view.description;
        return li;
      }),
    );
    list.hidden = hits.length === 0;
  };

  const update = () => {
    query = input.value;
    const ticket = ++latest;
    if (index) {
      state = "ready";
      hits = searchDocs(index, query, locale);
      return paint();
    }
    state = "loading";
    hits = [];
    paint();
    loadIndex(root.dataset.indexUrl!, locale).then(
      (loaded) => {
        index = loaded;
        if (ticket === latest) update();
      },
      () => {
        if (ticket !== latest) return;
        state = "error";
        paint();
      },
    );
  };

  input.addEventListener("input", update);
  // After a failed load, coming back to the box tries again.
  input.addEventListener("focus", () => state === "error" && update());
  update();
}
