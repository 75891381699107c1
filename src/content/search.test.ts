import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { searchDocs, searchIndexOptions, type SearchDocument } from "#shared/docs-search.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { loadContent } from "./load.server.ts";
import { searchDocuments } from "./pages.server.ts";

// The docs search over the real documentation (content/{en,fr}/docs), as the build indexes it and
// the browser and the server search it.

const indexes = new Map<Locale, MiniSearch<SearchDocument>>();
function search(locale: Locale, query: string) {
  let index = indexes.get(locale);
  if (!index) {
    index = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
    index.addAll(searchDocuments(loadContent(), locale));
    indexes.set(locale, index);
  }
  return searchDocs(index, query, locale);
}

/** The first result's page and section heading, `slug › section`. */
const first = (locale: Locale, query: string) => {
  const [hit] = search(locale, query);
  return hit ? `${hit.slug} › ${hit.section}` : undefined;
};

describe("the docs search over the documentation", () => {
  it("finds the French cancellation section from the verb, with its anchor", () => {
    expect(search("fr", "résilier")[0]).toMatchObject({
      slug: "plans-and-billing",
      anchor: "résiliation",
      section: "Résiliation",
    });
  });

  it("finds the English cancelling section from another form of the word", () => {
    expect(search("en", "cancel")[0]).toMatchObject({ slug: "plans-and-billing", section: "Cancelling" });
  });

  it("finds the cancellation section first for “annuler”, not the yearly plan's heading that looks like it", () => {
    expect(first("fr", "annuler")).toBe("plans-and-billing › Résiliation");
    expect(first("fr", "Annulation")).toBe("plans-and-billing › Résiliation");
    expect(first("en", "annuler")).toBe("plans-and-billing › Cancelling");
    expect(first("fr", "comment annuler mon abonnement")).toBe("plans-and-billing › Résiliation");
    expect(first("en", "how do I unsubscribe")).toBe("plans-and-billing › Cancelling");
  });

  it("finds the two-factor section from the abbreviations people type", () => {
    for (const query of ["2fa", "2FA", "mfa", "otp", "TOTP", "two factor", "authenticator"]) {
      expect(first("en", query), query).toBe("account › Two-factor sign-in");
    }
    for (const query of ["2fa", "a2f", "double authentification", "deux facteurs", "otp"]) {
      expect(first("fr", query), query).toBe("account › Connexion en deux étapes");
    }
    expect(search("en", "2fa")[0]).toMatchObject({ anchor: "two-factor-sign-in" });
    // The snippet shows the words the synonym matched.
    expect(search("en", "2fa")[0]?.snippet).toMatch(/two-factor sign-in/i);
  });

  it("finds passkeys, refunds, invoices and passwords in either language's words", () => {
    expect(first("en", "passkey")).toBe("account › Passkeys");
    expect(first("fr", "passkey")).toBe("account › Clés d’accès");
    expect(first("fr", "clé d'accès")).toBe("account › Clés d’accès");
    expect(first("en", "refund")).toBe("plans-and-billing › Withdrawal right");
    expect(first("fr", "remboursement")).toBe("plans-and-billing › Droit de rétractation");
    expect(first("fr", "refund")).toBe("plans-and-billing › Droit de rétractation");
    expect(first("en", "invoice")).toBe("plans-and-billing › Invoices");
    expect(first("fr", "invoice")).toBe("plans-and-billing › Factures");
    expect(first("fr", "mdp")).toMatch(/mot de passe/i);
    expect(search("fr", "password").map((hit) => hit.section)).toContain("Mot de passe");
  });

  it("ignores accents and plurals", () => {
    expect(first("fr", "resilier")).toBe("plans-and-billing › Résiliation");
    expect(first("fr", "RÉSILIATION")).toBe("plans-and-billing › Résiliation");
    expect(first("fr", "factures")).toBe("plans-and-billing › Factures");
    expect(first("fr", "facture")).toBe("plans-and-billing › Factures");
    expect(first("en", "invoices")).toBe("plans-and-billing › Invoices");
    expect(first("fr", "cles d'acces")).toBe("account › Clés d’accès");
  });

  it("ranks a heading that holds the words above a text that does", () => {
    // “facture” is in the text of the plan switching section too, which comes first in the page.
    const [hit] = search("fr", "facture");
    expect(hit).toMatchObject({ section: "Factures" });
    // One result per page: the page's best section.
    const pages = search("en", "password").map((h) => h.slug);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("finds nothing for words the documentation does not hold", () => {
    expect(search("en", "zzzz")).toEqual([]);
    expect(search("fr", "")).toEqual([]);
  });
});
