import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The language switcher's links carry the choice (`?lang=en`): the server turns it into the locale
// cookie and redirects to the page without it, so switching works without scripts too. With
// scripts, the links keep the page's query and hash.

const localeCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === "i18n_redirected")?.value;

/** The address without its origin. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

const switcher = (page: Page) =>
  page.getByRole("banner").getByRole("navigation", { name: /^(Language|Langue)$/ });
const languageLink = (page: Page, name: "English" | "Français"): Locator =>
  switcher(page).getByRole("link", { name });

test.describe("without JavaScript, in a French browser", () => {
  test.use({ javaScriptEnabled: false, locale: "fr-FR" });

  test("pressing EN on /fr/guides leads to /guides and stays there", async ({ page }) => {
    await page.goto("/guides");
    expect(address(page)).toBe("/fr/guides");
    await languageLink(page, "English").click();
    expect(address(page)).toBe("/guides");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await localeCookie(page)).toBe("en");
    // The next navigations stay in English: a link of the page, an address typed.
    await page.getByRole("banner").getByRole("link", { name: "Roadmap" }).click();
    expect(address(page)).toBe("/roadmap");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/guides");
    expect(address(page)).toBe("/guides");
    // And back to French the same way.
    await languageLink(page, "Français").click();
    expect(address(page)).toBe("/fr/guides");
    expect(await localeCookie(page)).toBe("fr");
    await page.goto("/roadmap");
    expect(address(page)).toBe("/fr/roadmap");
  });

  test("the quirk paths: the English docs under /fr, their French version under /fr/fr", async ({ page }) => {
    await page.goto("/fr/fr/docs/getting-started");
    await languageLink(page, "English").click();
    expect(address(page)).toBe("/fr/docs/getting-started");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/fr/docs");
    expect(address(page)).toBe("/fr/docs");
    await languageLink(page, "Français").click();
    expect(address(page)).toBe("/fr/fr/docs");
  });

  test("a language link keeps the query and hash it carries through the server's redirect", async ({
    page,
  }) => {
    await page.goto("/guides?x=1&lang=en#tv");
    expect(address(page)).toBe("/guides?x=1#tv");
    expect(await localeCookie(page)).toBe("en");
    await page.goto("/guides?x=1&lang=fr#tv");
    expect(address(page)).toBe("/fr/guides?x=1#tv");
  });

  test("on the 404 page, the switcher leads to the visitor's path in the other language", async ({
    page,
  }) => {
    await page.goto("/fr/nulle-part");
    await languageLink(page, "English").click();
    expect(address(page)).toBe("/nulle-part");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /nulle-part");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the menu's language links work too", async ({ page }) => {
      await page.goto("/fr/guides");
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "English" }).click();
      expect(address(page)).toBe("/guides");
      expect(await localeCookie(page)).toBe("en");
      await page.goto("/guides");
      expect(address(page)).toBe("/guides");
    });
  });
});

test.describe("with JavaScript", () => {
  test.use({ locale: "fr-FR" });

  test("a content page's links keep its query and hash, also after the hash changes", async ({ page }) => {
    await page.goto("/fr/guides?x=1#tv");
    await expect(languageLink(page, "English")).toHaveAttribute("href", "/guides?x=1&lang=en#tv");
    await expect(languageLink(page, "Français")).toHaveAttribute("href", "/fr/guides?x=1&lang=fr#tv");
    await page.getByRole("main").locator('a[href="#android"]').first().click();
    await expect(languageLink(page, "English")).toHaveAttribute("href", "/guides?x=1&lang=en#android");
    await languageLink(page, "English").click();
    await expect(page).toHaveURL(/\/guides\?x=1#android$/);
    expect(address(page)).toBe("/guides?x=1#android");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("#android")).toBeInViewport();
    expect(await localeCookie(page)).toBe("en");
    await page.goto("/guides");
    expect(address(page)).toBe("/guides");
  });

  test("an app page's links keep its query and hash; the app goes to the clean address", async ({ page }) => {
    await page.goto("/fr/signup?plan=paid&interval=year");
    // Once the app runs (the prerendered links cannot know the query).
    await expect(languageLink(page, "English")).toHaveAttribute(
      "href",
      "/signup?plan=paid&interval=year&lang=en",
    );
    await page.evaluate(() => (location.hash = "#top"));
    await expect(languageLink(page, "English")).toHaveAttribute(
      "href",
      "/signup?plan=paid&interval=year&lang=en#top",
    );
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await languageLink(page, "English").click();
    await expect(page).toHaveURL(/\/signup\?plan=paid&interval=year#top$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // A client navigation: no page load, and no `lang=` in the address.
    expect(documents).toEqual([]);
    expect(await localeCookie(page)).toBe("en");
    await page.goto("/guides");
    expect(address(page)).toBe("/guides");
  });
});
