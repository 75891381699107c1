import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load.server.ts";
import type { SearchDocument } from "./page-data.ts";
import { searchDocuments } from "./pages.server.ts";
import { searchIndexOptions, searchQueryOptions, snippetOf, stem } from "./search.ts";

describe("docs search words", () => {
  it("folds accents and takes a word's common inflection off", () => {
    expect(stem("Résilier", "fr")).toBe(stem("résiliation", "fr").slice(0, 5));
    expect(stem("factures", "fr")).toBe(stem("facture", "fr"));
    expect(stem("invoices", "en")).toBe(stem("invoice", "en"));
    // Short words keep their letters.
    expect(stem("les", "fr")).toBe("les");
    expect(stem("is", "en")).toBe("is");
  });

  it("cuts a snippet around the first word of the query's family, at word boundaries", () => {
    const text = `${"Un début qui ne parle de rien. ".repeat(6)}La résiliation prend effet à la fin du mois déjà payé. ${"Et la suite encore. ".repeat(8)}`;
    const snippet = snippetOf(text, "résilier", "fr");
    expect(snippet).toContain("La résiliation prend effet");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(142);
    expect(snippetOf("Short text.", "nothing", "en")).toBe("Short text.");
  });
});

describe("the built docs index", () => {
  function search(locale: "en" | "fr", query: string) {
    const index = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
    index.addAll(searchDocuments(loadContent(), locale));
    return index.search(query, searchQueryOptions);
  }

  it("finds the French cancellation section from the verb, with its anchor", () => {
    const [first] = search("fr", "résilier");
    expect(first).toMatchObject({ slug: "plans-and-billing", anchor: "résiliation", section: "Résiliation" });
  });

  it("finds the English cancelling section from another form of the word", () => {
    const [first] = search("en", "cancel");
    expect(first).toMatchObject({ slug: "plans-and-billing", section: "Cancelling" });
  });
});
