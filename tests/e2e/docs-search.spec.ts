import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The docs search: results as one types (the box's script, loaded on first focus), and without
// JavaScript a GET form to the search page, which the server answers with the same search.

type Case = {
  locale: "en" | "fr";
  /** A docs page to search from. */
  from: string;
  query: string;
  /** The search page's path. */
  searchPage: string;
  /** The first result: its page › section, and its link. */
  first: [string, string];
};

const cases: Case[] = [
  {
    locale: "en",
    from: "/fr/docs/account",
    query: "2fa",
    searchPage: "/fr/docs/search",
    first: ["Your account › Two-factor sign-in", "/fr/docs/account#two-factor-sign-in"],
  },
  {
    locale: "fr",
    from: "/fr/fr/docs",
    query: "annuler",
    searchPage: "/fr/fr/docs/search",
    first: ["Formules et facturation › Résiliation", "/fr/fr/docs/plans-and-billing#résiliation"],
  },
  {
    locale: "en",
    from: "/fr/docs",
    query: "annuler",
    searchPage: "/fr/docs/search",
    first: ["Plans and billing › Cancelling", "/fr/docs/plans-and-billing#cancelling"],
  },
  {
    locale: "fr",
    from: "/fr/fr/docs/account",
    query: "2fa",
    searchPage: "/fr/fr/docs/search",
    first: ["Votre compte › Connexion en deux étapes", "/fr/fr/docs/account#connexion-en-deux-étapes"],
  },
];

const words = {
  en: { box: "Search the documentation", results: "Search results", button: "Search" },
  fr: { box: "Rechercher dans la documentation", results: "Résultats de recherche", button: "Rechercher" },
};

/** The results list's links: [page › section, href] each. */
const results = (page: Page, locale: "en" | "fr") =>
  page
    .getByRole("list", { name: words[locale].results })
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => [a.querySelector("[data-field=title]")?.textContent, a.getAttribute("href")]),
    );

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { locale, from, query, searchPage, first } of cases) {
    test(`“${query}” sent from ${from} opens the search page with its section first`, async ({ page }) => {
      await page.goto(from);
      const box = page.getByRole("searchbox", { name: words[locale].box });
      await box.fill(query);
      await box.press("Enter");
      await expect(page).toHaveURL(`${searchPage}?q=${query}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("searchbox", { name: words[locale].box })).toHaveValue(query);
      expect((await results(page, locale))[0]).toEqual(first);
      // The result leads to its section.
      await page.getByRole("list", { name: words[locale].results }).getByRole("link").first().click();
      await expect(page).toHaveURL(encodeURI(first[1]));
    });
  }

  test("the button sends the words too; no match and an empty box each say so, in each language", async ({
    page,
  }) => {
    await page.goto("/fr/docs/getting-started");
    await page.getByRole("searchbox", { name: "Search the documentation" }).fill("factures");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/fr/docs/search?q=factures");
    expect((await results(page, "en"))[0]).toEqual([
      "Plans and billing › Invoices",
      "/fr/docs/plans-and-billing#invoices",
    ]);

    await page.goto("/fr/fr/docs/search?q=zzzz");
    await expect(page.getByText("Aucune page ne correspond à « zzzz ».")).toBeVisible();
    await expect(page.getByRole("list", { name: "Résultats de recherche" })).toBeHidden();

    await page.goto("/fr/docs/search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the documentation");
    await expect(page.getByText("Type what you are looking for")).toBeVisible();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/fr/docs/search?q=");
    await expect(page.getByText("Type what you are looking for")).toBeVisible();
  });

  test("the obvious English address keeps the query", async ({ page }) => {
    await page.goto("/docs/search?q=resilier");
    await expect(page).toHaveURL("/fr/docs/search?q=resilier");
    expect((await results(page, "en"))[0]?.[0]).toBe("Plans and billing › Cancelling");
  });
});

test.describe("with JavaScript", () => {
  for (const { locale, from, query, first } of cases) {
    test(`“${query}” on ${from} lists its section first as one types`, async ({ page }) => {
      await page.goto(from);
      await page.getByRole("searchbox", { name: words[locale].box }).fill(query);
      await expect.poll(async () => (await results(page, locale))[0]).toEqual(first);
    });
  }

  test("the search page loads no script file until its box is used, then searches as one types", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/fr/fr/docs/search?q=factures");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect((await results(page, "fr"))[0]).toEqual([
      "Formules et facturation › Factures",
      "/fr/fr/docs/plans-and-billing#factures",
    ]);
    const box = page.getByRole("searchbox", { name: words.fr.box });
    await box.fill("mdp");
    await expect.poll(async () => (await results(page, "fr"))[0]?.[0]).toMatch(/mot de passe/i);
    expect(scripts).toContain("/enhance/docs-search.js");
  });

  test("the search page is in neither sitemap", async ({ request }) => {
    for (const sitemap of ["/sitemap.xml", "/fr/sitemap.xml"]) {
      expect(await (await request.get(sitemap)).text()).not.toContain("/docs/search");
    }
  });
});
