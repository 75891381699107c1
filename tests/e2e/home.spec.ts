import { expect, test } from "./fixtures.ts";

test("the home page is in English at /", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The hero comes from content/en/home.md (hero_title).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Stremio account, ready in a minute");
  await expect(page).toHaveTitle(/Lumen/);
});

test("the home page is in French at /fr", async ({ page }) => {
  const response = await page.goto("/fr");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre compte Stremio, prêt en une minute",
  );
  await expect(page.getByRole("link", { name: "Commencer l’essai gratuit" }).first()).toHaveAttribute(
    "href",
    "/fr/signup",
  );
});

test("the language switcher keeps the page and remembers the choice", async ({ page, context }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Français" }).click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Votre compte/);
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("fr");
  expect(cookie?.sameSite).toBe("Lax");

  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Your Stremio account/);
});

test("an unknown path is a 404 inside the layout, naming the path", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no/such/page");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  const fr = await page.goto("/fr/nulle-part");
  expect(fr?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable\u00a0: /fr/nulle-part");
});

test("the stylesheet comes before any module preload, on app and content pages", async ({ request }) => {
  for (const path of ["/", "/fr/signup", "/account", "/cgu"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)];
    expect(stylesheets, path).toHaveLength(1);
    const firstPreload = head.indexOf('rel="modulepreload"');
    if (firstPreload >= 0) expect(stylesheets[0]!.index, path).toBeLessThan(firstPreload);
  }
});
