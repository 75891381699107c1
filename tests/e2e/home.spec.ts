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

test("the home page sells: the product, the features, both plans and the way to sign up", async ({
  page,
}) => {
  await page.goto("/");
  // The product is one described picture; nothing in it can be focused.
  await expect(page.getByRole("img", { name: /^Preview of the Stremio credentials card/ })).toBeVisible();
  await expect(page.locator("[data-slot=product-shot]").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 3, name: "Credentials generated for you" })).toBeVisible();
  // Both plans side by side, the recommended one marked, prices written as the site writes them.
  const plans = page.getByRole("article");
  await expect(plans).toHaveCount(2);
  await expect(plans.nth(0)).toContainText("Free trial");
  await expect(plans.nth(1)).toContainText("Recommended");
  await expect(plans.nth(1)).toContainText("€4.99");
  await expect(plans.nth(1)).toContainText("or €49.99 incl. VAT per year");
  await expect(plans.nth(1).getByRole("link", { name: "Choose Lumen" })).toHaveAttribute(
    "href",
    "/signup?plan=paid&interval=year",
  );
  await page
    .getByRole("region", { name: "Ready to start?" })
    .getByRole("link", { name: "Start your free trial" })
    .click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("the French home page answers a question without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fr");
  await expect(page.getByRole("article").nth(1)).toContainText("4,99\u00a0€");
  const answer = page.getByText("L’essai de 7 jours ne demande qu’une adresse e-mail");
  await expect(answer).toBeHidden();
  await page.getByText("Faut-il une carte bancaire pour l’essai gratuit\u00a0?").click();
  await expect(answer).toBeVisible();
  await expect(page.getByRole("link", { name: "Choisir Lumen" })).toHaveAttribute(
    "href",
    "/fr/signup?plan=paid&interval=year",
  );
  await context.close();
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
