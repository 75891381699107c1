import type { Options, SearchOptions } from "minisearch";
import type { Locale } from "#shared/i18n/locales.ts";
import type { SearchDocument } from "./page-data.ts";

/** Lowercase, without accents: "Général" and "general" find each other. Keeps the length of NFC text. */
function foldCase(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// Suffixes a light stemmer takes off (longest first), and the shortest stem it leaves: enough for
// "résilier" to find "résiliation" and "factures" to find "facture", without a dictionary.
const suffixes: Record<Locale, readonly string[]> = {
  fr: [
    "issements",
    "issement",
    "ations",
    "ation",
    "ements",
    "ement",
    "ments",
    "ment",
    "ieres",
    "iere",
    "iers",
    "ier",
    "ees",
    "ee",
    "es",
    "er",
    "ez",
    "e",
    "s",
  ],
  en: ["ations", "ation", "ings", "ing", "ed", "s"],
};
const shortestStem = 4;

/** A word as the index keeps it: folded, then its common inflection removed. */
export function stem(word: string, locale: Locale): string {
  const folded = foldCase(word);
  for (const suffix of suffixes[locale]) {
    if (folded.endsWith(suffix) && folded.length - suffix.length >= shortestStem) {
      return folded.slice(0, -suffix.length);
    }
  }
  return folded;
}

/** MiniSearch options of a locale's index, shared by the build (indexing) and the browser (loading it). */
export function searchIndexOptions(locale: Locale): Options<SearchDocument> {
  return {
    fields: ["title", "section", "text"],
    storeFields: ["slug", "anchor", "title", "section", "text"],
    processTerm: (term) => stem(term, locale),
  };
}

/** How a query is run: prefix and fuzzy matching on stems, section headings first, then titles. */
export const searchQueryOptions: SearchOptions = {
  prefix: true,
  fuzzy: 0.2,
  combineWith: "AND",
  boost: { section: 3, title: 2 },
};

/** One result: the section of a page that matched, with a few words around the match. */
export type SearchHit = { slug: string; anchor: string; title: string; section: string; snippet: string };

/**
 * About `size` characters of `text` around the first word that starts like one of the query's
 * words (compared folded and stemmed), cut at word boundaries, with "…" where text was left out.
 */
export function snippetOf(text: string, query: string, locale: Locale, size = 140): string {
  const folded = foldCase(text);
  const stems = query
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => stem(word, locale));
  let at = -1;
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (stems.some((s) => match[0].startsWith(s) || stem(match[0], locale).startsWith(s))) {
      at = match.index;
      break;
    }
  }
  if (at < 0) at = 0;
  let start = Math.max(0, at - Math.round(size / 3));
  let end = Math.min(text.length, start + size);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(" ", end) > at ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
