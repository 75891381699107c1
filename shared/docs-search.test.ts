import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import {
  queryParts,
  resultView,
  searchDocs,
  searchIndexOptions,
  searchStatus,
  snippetOf,
  stem,
  synonymGroups,
  type SearchDocument,
} from "./docs-search.ts";
import type { Locale } from "./i18n/locales.ts";

describe("docs search words", () => {
  it("folds accents and takes a word's common inflection off", () => {
    // “résili…” and “résil…”: the verb's stem starts the noun's, and a search finds prefixes.
    expect(stem("résiliation", "fr").startsWith(stem("Résilier", "fr"))).toBe(true);
    expect(stem("factures", "fr")).toBe(stem("facture", "fr"));
    expect(stem("invoices", "en")).toBe(stem("invoice", "en"));
    expect(stem("clés", "fr")).toBe(stem("clé", "fr"));
    expect(stem("deleting", "en")).toBe(stem("delete", "en"));
    // Short words keep their letters.
    expect(stem("les", "fr")).toBe("les");
    expect(stem("is", "en")).toBe("is");
    expect(stem("pass", "en")).toBe("pass");
  });

  it("cuts a snippet around the first word of the family, at word boundaries", () => {
    const text = `${"Un début qui ne parle de rien. ".repeat(6)}La résiliation prend effet à la fin du mois déjà payé. ${"Et la suite encore. ".repeat(8)}`;
    const snippet = snippetOf(text, [stem("résilier", "fr")], "fr");
    expect(snippet).toContain("La résiliation prend effet");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(142);
    expect(snippetOf("Short text.", ["nothing"], "en")).toBe("Short text.");
  });
});

describe("reading a query", () => {
  const texts = (query: string, locale: Locale) =>
    queryParts(query, locale).map((part) => part.map((alternative) => alternative.text));

  it("adds a word's synonyms and abbreviations, whatever its case and accents", () => {
    const [part] = texts("2FA", "en");
    expect(part?.[0]).toBe("2FA");
    expect(part).toEqual(expect.arrayContaining(["two-factor", "mfa", "otp", "deux étapes"]));
    expect(texts("Resilier", "fr")[0]).toEqual(expect.arrayContaining(["annuler", "cancel", "résiliation"]));
  });

  it("reads the words of a synonym together, the longest first", () => {
    expect(texts("mot de passe oublié", "fr")).toEqual([
      expect.arrayContaining(["mot de passe", "password", "mdp"]),
      expect.arrayContaining(["oublié", "forgot", "reset password"]),
    ]);
    expect(texts("two factor", "en")).toHaveLength(1);
  });

  it("leaves out words that say nothing, unless nothing else is left", () => {
    expect(texts("how do I cancel my subscription", "en")).toEqual([
      expect.arrayContaining(["cancel"]),
      expect.arrayContaining(["subscription", "abonnement"]),
    ]);
    expect(texts("comment", "fr")).toEqual([["comment"]]);
    expect(texts("l’essai", "fr")[0]).toEqual(expect.arrayContaining(["essai", "trial"]));
  });

  it("has no synonym twice in a group, and no group that a single word would join to another by mistake", () => {
    for (const group of synonymGroups) expect(new Set(group).size).toBe(group.length);
    // “annuler” (to cancel) and “annuel” (yearly) look alike but are not synonyms.
    expect(texts("annuler", "fr")[0]).not.toContain("annuel");
    expect(texts("annuel", "fr")[0]).not.toContain("annuler");
  });
});

describe("ranking", () => {
  const section = (slug: string, heading: string, text: string): SearchDocument => ({
    id: `${slug}#${heading}`,
    slug,
    anchor: heading.toLowerCase().replaceAll(" ", "-"),
    title: slug,
    section: heading,
    text,
  });
  const index = (documents: SearchDocument[], locale: Locale = "fr") => {
    const built = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
    built.addAll(documents);
    return built;
  };

  it("puts a section whose heading holds the word above one whose text holds it many times", () => {
    const docs = index([
      section("billing", "Passer à l’annuel", "Pour annuler, annuler, annuler : voir plus bas."),
      section("account", "Annuler", "Une ligne."),
    ]);
    expect(searchDocs(docs, "annuler", "fr").map((hit) => hit.section)).toEqual([
      "Annuler",
      "Passer à l’annuel",
    ]);
  });

  it("does not count a heading matched by a typo's likeness (annuler → annuel) as a heading match", () => {
    const docs = index([
      section("yearly", "Passer à l’annuel", "Le changement s’applique au renouvellement."),
      section("cancel", "Résiliation", "La résiliation prend effet à la fin du mois."),
    ]);
    expect(searchDocs(docs, "annuler", "fr")[0]?.section).toBe("Résiliation");
  });

  it("keeps one result per page, at its best section", () => {
    const docs = index([
      section("billing", "Paiement", "Les factures arrivent par e-mail."),
      section("billing", "Factures", "Téléchargez-les."),
    ]);
    expect(searchDocs(docs, "factures", "fr")).toEqual([
      expect.objectContaining({ slug: "billing", section: "Factures" }),
    ]);
  });

  it("falls back to any word when no section holds them all", () => {
    const docs = index([section("billing", "Factures", "Téléchargez-les.")]);
    expect(searchDocs(docs, "facture zzzz", "fr")).toHaveLength(1);
    expect(searchDocs(docs, "zzzz", "fr")).toEqual([]);
  });
});

describe("what the search box says", () => {
  const messages: Record<string, string> = {
    error: "The index could not be loaded.",
    none: "No page matches “{query}”.",
    "count-one": "{count} page matches “{query}”.",
    "count-other": "{count} pages match “{query}”.",
  };
  const message = (name: string) => messages[name];

  it("counts the pages with the locale's plural, and keeps the query as typed", () => {
    expect(searchStatus("ready", " 2fa ", 1, "en", message)).toBe("1 page matches “2fa”.");
    expect(searchStatus("ready", "2fa", 3, "en", message)).toBe("3 pages match “2fa”.");
    expect(searchStatus("ready", "{count} $&", 0, "en", message)).toBe("No page matches “{count} $&”.");
  });

  it("says nothing while loading or for an empty box, unless the box has a hint for it", () => {
    expect(searchStatus("loading", "2fa", 0, "en", message)).toBe("");
    expect(searchStatus("ready", "  ", 0, "en", message)).toBe("");
    expect(
      searchStatus("ready", "", 0, "en", (name) => (name === "empty" ? "Type a word." : undefined)),
    ).toBe("Type a word.");
    expect(searchStatus("error", "2fa", 0, "en", message)).toBe("The index could not be loaded.");
  });

  it("links a result to its section, named after its page and heading", () => {
    const hit = {
      slug: "account",
      anchor: "passkeys",
      title: "Your account",
      section: "Passkeys",
      snippet: "…",
    };
    expect(resultView(hit, "/fr/fr/docs/{slug}")).toEqual({
      href: "/fr/fr/docs/account#passkeys",
      title: "Your account › Passkeys",
      description: "…",
    });
    expect(resultView({ ...hit, anchor: "", section: "" }, "/fr/docs/{slug}")).toMatchObject({
      href: "/fr/docs/account",
      title: "Your account",
    });
  });
});
