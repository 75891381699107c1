import { expect, test } from "./fixtures.ts";
import { logIn, password, uniqueEmail } from "./account-helpers.ts";
import PocketBase from "pocketbase";
import { localeOfPath } from "#shared/i18n/paths.ts";

// Content pages are rendered by React at build time and ship without the application bundle
// (route `handle.scripts = false`): links are plain links, the server redirects, and one small
// inline script enhances them (session corner, language cookie, docs search on focus).
const contentPages = [
  "/",
  "/fr",
  "/guides",
  "/fr/guides",
  "/roadmap",
  "/fr/roadmap",
  "/known-issues",
  "/fr/known-issues",
  "/fr/docs",
  "/fr/fr/docs",
  "/fr/docs/getting-started",
  "/fr/fr/docs/getting-started",
  "/blog",
  "/fr/blog/2026/launch-week",
  "/cgu",
  "/fr/mentions",
  "/privacy-policy",
  "/fr/politique-de-confidentialite",
  "/fr/more",
  "/discord",
  "/fr/discord",
];

for (const path of [...contentPages, "/wp-admin", "/fr/wp-login"]) {
  test(`${path} loads no script file`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await page.locator("script[type=module], script[src], link[rel=modulepreload]").count()).toBe(0);
  });
}

test("the 404 pages load no script file and name the path", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no/such/page");
  expect((await page.goto("/fr/docs/no-such-doc"))?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /fr/docs/no-such-doc")).toBeVisible();
  expect(scripts).toEqual([]);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of contentPages) {
    test(`${path} renders`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", localeOfPath(path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("main")).not.toBeEmpty();
    });
  }

  test("the charts show their points and their data table", async ({ page }) => {
    await page.goto("/roadmap");
    const table = page.getByText("Show data table").first();
    await table.click();
    await expect(page.getByRole("table").first()).toBeVisible();
    await page.goto("/fr/known-issues");
    await expect(page.locator("svg title").first()).not.toBeEmpty();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the menu opens, lists the pages and the languages, and closes", async ({ page }) => {
      await page.goto("/guides");
      await expect(page.getByRole("navigation", { name: "Main" }).first()).toBeHidden();
      await page.getByRole("button", { name: "Open the menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu.getByRole("link", { name: "Roadmap" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Log in" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: "Open the menu" }).click();
      await menu.getByRole("link", { name: "Français" }).click();
      await expect(page).toHaveURL(/\/fr\/guides$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await page
        .getByRole("dialog", { name: "Menu" })
        .getByRole("link", { name: "Feuille de route" })
        .click();
      await expect(page).toHaveURL(/\/fr\/roadmap$/);
    });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every page has the same header: the brand, sign-up and the menu button", async ({ page }) => {
    const shapes = new Set<string>();
    for (const path of ["/", "/blog", "/cgu", "/discord", "/fr/docs", "/login", "/signup"]) {
      await page.goto(path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("button", { name: "Open the menu" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Sign up" })).toBeVisible();
      await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
      const box = await header.boundingBox();
      shapes.add(`${box?.width}x${box?.height}`);
    }
    expect([...shapes]).toEqual(["390x57"]);
  });

  test("the language switcher remembers the choice on a page without the app", async ({ page, context }) => {
    await page.goto("/blog/2026/launch-week");
    await page.getByRole("button", { name: "Open the menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/blog\/2026\/launch-week$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("fr");
    // The cookie now wins: the English address leads to French.
    await page.goto("/cgu");
    await expect(page).toHaveURL(/\/fr\/cgu$/);
  });

  test("choosing a heading in the docs menu closes it and stays at the heading", async ({ page }) => {
    await page.goto("/fr/docs/getting-started");
    await page.getByRole("button", { name: /Browse the documentation/ }).click();
    const sheet = page.getByRole("dialog", { name: "Documentation" });
    const heading = sheet.getByRole("navigation", { name: "On this page" }).getByRole("link").nth(1);
    const target = (await heading.getAttribute("href"))!;
    await heading.click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect
      .poll(() =>
        page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, target.slice(1)),
      )
      .toBeLessThan(200);
  });
});

test("a visitor with a stored session sees the account menu on content pages, not the log-in links", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("content.session");
  const pb = new PocketBase(baseURL);
  await pb.collection("users").create({
    email,
    password,
    passwordConfirm: password,
    name: "Dominique Lefèvre",
    plan: "free",
    price: "0",
    emailVisibility: true,
  });
  await page.goto("/login");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  // Leave the account page once it has loaded (its session refresh, its cards), as below.
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const path of ["/roadmap", "/fr/docs", "/blog", "/fr"]) {
    await page.goto(path);
    const account = page.getByRole("button", { name: /Dominique Lefèvre/ });
    await expect(account).toBeVisible();
    await expect(account).toContainText("DLDominique Lefèvre");
    await expect(page.getByRole("link", { name: /^(Log in|Se connecter)$/ })).toBeHidden();
    await expect(page.getByRole("link", { name: /^(Sign up|Inscrivez-vous)$/ })).toBeHidden();
  }
  await page.getByRole("button", { name: /Dominique Lefèvre/ }).click();
  await page.getByRole("menuitem", { name: "Compte" }).click();
  await expect(page).toHaveURL(/\/fr\/account$/);
  // The account page refreshes the session (and rewrites the cookie): let it finish first. It
  // shows the account once the refresh is done (a busy machine can be quiet on the network before).
  await expect(page.getByRole("heading", { level: 1, name: "Votre compte" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // After logging out, content pages offer the log-in links again.
  await page.context().clearCookies({ name: "pb_auth" });
  await page.goto("/roadmap");
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Dominique Lefèvre/ })).toBeHidden();
});

test("a client navigation from an app page to a content page keeps the app running", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roadmap");
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
});
