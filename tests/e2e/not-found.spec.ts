import { expect, test } from "./fixtures.ts";

test.describe("a failed route validation is the 404 'Page Not Found: {path}', in the layout", () => {
  for (const [path, lang, text] of [
    ["/fr/docs/account/extra", "en", "Page Not Found: /fr/docs/account/extra"],
    ["/fr/docs/no-such-doc", "en", "Page Not Found: /fr/docs/no-such-doc"],
    ["/blog/no-such-post", "en", "Page Not Found: /blog/no-such-post"],
    ["/fr/fr/docs/Bad_Slug", "fr", "Page introuvable\u00a0: /fr/fr/docs/Bad_Slug"],
  ] as const) {
    test(`direct load of ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
      await expect(page).toHaveTitle(lang === "fr" ? "Page introuvable · Lumen" : "Page not found · Lumen");
      // One 404 design: inside the site's layout, with its navigation.
      await expect(page.locator("[data-slot=app-shell]")).toHaveCount(1);
      // The other language's link leads to the same path in that language, never to an internal
      // page, carrying the choice of language.
      const other = lang === "fr" ? "English" : "Français";
      const href = await page.getByRole("link", { name: other }).first().getAttribute("href");
      expect(href).not.toContain("__");
      expect(href).toBe(lang === "fr" ? `${path.replace(/^\/fr/, "")}?lang=en` : `/fr${path}?lang=fr`);
    });
  }

  test("a long path wraps only after a slash, and the section's index is offered", async ({ page }) => {
    for (const [path, section, search] of [
      [
        "/blog/how-we-made-stremio-setup-take-two-minutes/comments",
        "See all blog posts",
        "/fr/docs#docs-search",
      ],
      ["/fr/fr/docs/depannage/flux-qui-s-arretent", "Aller à la documentation", "/fr/fr/docs#docs-search"],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(path);
      const notFound = page.locator("[data-slot=not-found]");
      const heading = notFound.getByRole("heading", { level: 1 });
      // The server wrote the path in whole; the page script cut it after each slash.
      const boxes = await heading.locator("[data-request-path] > span").allTextContents();
      expect(boxes.join("")).toBe(path);
      expect(boxes.slice(0, -1).every((box) => box.endsWith("/"))).toBe(true);
      await expect(heading).toHaveAccessibleName(new RegExp(`: ${path}$`));
      // Home, the section's index (CSS shows it from the path the server wrote), the docs search.
      await expect(notFound.getByRole("link")).toHaveText([
        /home|accueil/,
        section,
        /Search the documentation|Rechercher dans la documentation/,
      ]);
      await expect(notFound.getByRole("link").last()).toHaveAttribute("href", search);
    }
  });

  test("client navigation to an invalid docs path shows the same error page", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/test");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));
    await page.getByRole("link", { name: /two segments/ }).click();
    await expect(page).toHaveURL(/\/fr\/docs\/account\/extra$/);
    await expect(page.getByText("Page Not Found: /fr/docs/account/extra")).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: /does not exist/ }).click();
    await expect(page.getByText("Page Not Found: /fr/docs/no-such-page")).toBeVisible();
    // Both were client navigations: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBe(true);
    // The two-segment path was refused without asking the server; the missing doc was asked for
    // (its data file answered 404, which the browser reports): nothing else went wrong.
    expect(consoleErrors.splice(0)).toEqual([
      expect.stringMatching(/status of 404 .*\/fr\/docs\/no-such-page\.data/),
    ]);
  });
});

test.describe("a path no route matches is the non-fatal 'Page not found: {path}' (404)", () => {
  test("direct load keeps the layout", async ({ page }) => {
    const response = await page.goto("/fr/fr/guides");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable\u00a0: /fr/fr/guides");
    await expect(page.locator("[data-slot=app-shell]")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "English" }).first()).toHaveAttribute(
      "href",
      "/fr/guides?lang=en",
    );
    await page.goto("/nope");
    await expect(page.getByRole("link", { name: "Français" }).first()).toHaveAttribute(
      "href",
      "/fr/nope?lang=fr",
    );
  });

  test("client navigation too", async ({ page }) => {
    await page.goto("/test");
    await page.getByRole("link", { name: /no page matches/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no-such-page");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test.describe("bots", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("get the status without the error page", async ({ page }) => {
    for (const path of ["/fr/docs/a/b", "/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("body")).toHaveText("404");
      await expect(page.locator("[data-slot=not-found]")).toHaveCount(0);
    }
  });
});
