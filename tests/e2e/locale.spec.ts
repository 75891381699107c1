import type { BrowserContext, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** How many HTTP redirects led to this response. */
function redirectsOf(response: Response | null) {
  let count = 0;
  for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom())
    count++;
  return count;
}

async function setCookie(context: BrowserContext, value: string | undefined, baseURL: string) {
  if (value) await context.addCookies([{ name: "i18n_redirected", value, url: baseURL }]);
}

// Cookie, then browser language, then fallback; a French link is never overridden.
const matrix: [cookie: string | undefined, language: string, path: string, url: string, lang: "en" | "fr"][] =
  [
    [undefined, "en-US", "/", "/", "en"],
    [undefined, "fr-FR", "/", "/fr", "fr"],
    [undefined, "fr-FR", "/guides", "/fr/guides", "fr"],
    [undefined, "de-DE", "/guides", "/guides", "en"],
    [undefined, "en-US", "/fr/guides", "/fr/guides", "fr"],
    [undefined, "fr-FR", "/fr/docs", "/fr/fr/docs", "fr"],
    ["fr", "en-US", "/roadmap", "/fr/roadmap", "fr"],
    ["fr", "en-US", "/blog/2026/launch-week", "/fr/blog/2026/launch-week", "fr"],
    ["en", "fr-FR", "/roadmap", "/roadmap", "en"],
    ["en", "fr-FR", "/fr/roadmap", "/fr/roadmap", "fr"],
    ["en", "fr-FR", "/fr/docs/account", "/fr/docs/account", "en"],
    ["fr", "fr-FR", "/fr/fr/docs/account", "/fr/fr/docs/account", "fr"],
  ];

for (const [cookie, language, path, url, lang] of matrix) {
  test.describe(() => {
    test.use({ locale: language });
    test(`cookie ${cookie ?? "none"} × ${language} × ${path} → ${url}`, async ({
      page,
      context,
      baseURL,
    }) => {
      await setCookie(context, cookie, baseURL!);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(url);
      expect(redirectsOf(response)).toBe(url === path ? 0 : 1);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });
  });
}

test.describe("French browser", () => {
  test.use({ locale: "fr-FR" });

  test("choosing English in the switcher sticks: no redirect back to French", async ({ page, context }) => {
    await page.goto("/guides");
    await expect(page).toHaveURL(/\/fr\/guides$/);
    await page.getByRole("link", { name: "English" }).first().click();
    await expect(page).toHaveURL(/\/guides$/);
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("en");
    const response = await page.goto("/roadmap");
    expect(redirectsOf(response)).toBe(0);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("no flash of the wrong language: every heading painted is French", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __h1: string[] }).__h1 = seen;
      new MutationObserver(() => {
        const text = document.querySelector("h1")?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // An app page (content pages never hydrate): the catalog loads before React takes over.
    await page.goto("/fr/login");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __h1: string[] }).__h1)).toEqual([
      "Se connecter",
    ]);
  });
});

test("a missing catalog raises `Failed loading locale (fr)` (after one guarded reload)", async ({
  page,
  consoleErrors,
}) => {
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  // The page's French catalogs are files of their own, loaded on demand: make them unavailable.
  await page.route(/\/assets\/catalog-[^/]*\.fr\.[^/]*\.js$/, (route) => route.abort());
  await page.goto("/fr/login");
  await expect
    .poll(() => consoleErrors.join("\n"), { timeout: 10_000 })
    .toContain("Failed loading locale (fr)");
  expect(consoleErrors.join("\n")).toContain("Error while mounting app");
  // A chunk-load error reloads once; the second failure within 10 s does not reload again. The
  // first load's error can be logged before the reload is under way: wait for it.
  await expect.poll(() => documents.length).toBe(2);
  await page.waitForLoadState("networkidle");
  expect(documents).toEqual(["/fr/login", "/fr/login"]);
  // The prerendered French page is still there to read.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Se connecter");
  consoleErrors.splice(0);
});
