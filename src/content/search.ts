import type { Options, SearchOptions } from "minisearch";
import type { SearchDocument } from "./page-data.ts";

/** Lowercase, without accents: "Général" and "general" find each other. */
function processTerm(term: string): string {
  return term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** MiniSearch options shared by the build (indexing) and the browser (loading the index). */
export const searchIndexOptions: Options<SearchDocument> = {
  fields: ["title", "description", "text"],
  storeFields: ["slug", "title", "description"],
  processTerm,
};

/** How a query is run: prefix and fuzzy matching, titles first. */
export const searchQueryOptions: SearchOptions = {
  prefix: true,
  fuzzy: 0.2,
  combineWith: "AND",
  boost: { title: 3, description: 1.5 },
};

export type SearchHit = { slug: string; title: string; description: string };
