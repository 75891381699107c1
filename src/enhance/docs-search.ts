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
 *   replaced;
 * - the `<input>`, the `[aria-live]` status line, the results `<ul>`, the `[data-slot=spinner]` and
 *   a `<template>` holding one result `<li>` whose `a` gets the link, `[data-field=title]` the page
 *   and section, and `[data-field=description]` a few words around the match.
 */
import MiniSearch from "minisearch";
import type { SearchDocument } from "../content/page-data.ts";
import { searchIndexOptions, searchQueryOptions, snippetOf, type SearchHit } from "../content/search.ts";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { fetchWithRetry } from "../lib/fetch-retry.ts";

/** Results shown at most (the markup carries count messages for 1 to this many). */
export const maxHits = 8;

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

/** `{name}` placeholders replaced in one pass (a query holding `{count}` or `$&` stays as typed). */
const fill = (template: string | null, values: Record<string, string>) =>
  (template ?? "").replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

/**
 * Wires the prerendered search box: starts loading the index at once (spinner), then answers every
 * `input` event. A second call on the same root does nothing.
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
  const plural = new Intl.PluralRules(locale);
  const message = (name: string) => root.getAttribute(`data-msg-${name}`);

  let state: "loading" | "ready" | "error" = "loading";
  let index: MiniSearch<SearchDocument> | undefined;
  let query = "";
  let hits: SearchHit[] = [];
  /** Bumped by every query: an answer that arrives after a newer query is dropped. */
  let latest = 0;

  const paint = () => {
    const shown = query.trim();
    if (spinner) spinner.hidden = state !== "loading";
    const count = hits.length;
    const values = { query: shown, count: String(count) };
    status.textContent =
      state === "error"
        ? fill(message("error"), values)
        : shown && state === "ready"
          ? fill(
              count === 0
                ? message("none")
                : (message(`count-${plural.select(count)}`) ?? message("count-other")),
              values,
            )
          : "";
    list.replaceChildren(
      ...hits.map((hit) => {
        const li = item.cloneNode(true) as HTMLElement;
        const target = hit.anchor ? `${hit.slug}#${hit.anchor}` : hit.slug;
        li.querySelector("a")!.setAttribute("href", fill(root.dataset.resultHref!, { slug: target }));
        li.querySelector("[data-field=title]")!.textContent = hit.section
          ? `${hit.title} › ${hit.section}`
          : hit.title;
        li.querySelector("[data-field=description]")!.textContent = hit.snippet;
        return li;
      }),
    );
    list.hidden = count === 0;
  };

  const search = () => {
    // The index holds sections: each page appears once, at its best section.
    const pages = new Set<string>();
    hits = query.trim()
      ? index!
          .search(query, searchQueryOptions)
          .filter((r) => !pages.has(String(r.slug)) && Boolean(pages.add(String(r.slug))))
          .slice(0, maxHits)
          .map((r) => ({
            slug: String(r.slug),
            anchor: String(r.anchor),
            title: String(r.title),
            section: String(r.section),
            snippet: snippetOf(String(r.text), query, locale),
          }))
      : [];
  };

  const update = () => {
    query = input.value;
    const ticket = ++latest;
    if (index) {
      state = "ready";
      search();
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
