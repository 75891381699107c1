import { expect, test } from "./fixtures.ts";

// Pure content pages ship no JavaScript bundle (route `handle.scripts = false`): links are plain
// links, the server redirects, and a few inline bytes remember the chosen language.
const pages = [
  "/cgu",
  "/fr/mentions",
  "/privacy-policy",
  "/fr/politique-de-confidentialite",
  "/fr/more",
  "/blog",
  "/fr/blog/2026/launch-week",
  "/discord",
  "/wp-admin",
  "/fr/wp-login",
];

for (const path of pages) {
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
    expect(await page.locator("script[type=module], link[rel=modulepreload]").count()).toBe(0);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header shows the links and the language switcher instead of a menu that needs scripts", async ({
    page,
    context,
  }) => {
    await page.goto("/blog/2026/launch-week");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Roadmap" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open the menu" })).toBeHidden();
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/blog\/2026\/launch-week$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("fr");
    // The cookie now wins: the English address leads to French.
    await page.goto("/cgu");
    await expect(page).toHaveURL(/\/fr\/cgu$/);
    await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/fr\/blog$/);
  });

  test("pages with scripts keep the menu", async ({ page }) => {
    await page.goto("/roadmap");
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Blog" })).toBeVisible();
  });
});

test("a client navigation into a page without scripts keeps the app running", async ({ page }) => {
  await page.goto("/roadmap");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await page.getByRole("link", { name: "Launch week recap" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Launch week recap");
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
  // And the scroll still starts at the top on the next page.
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByRole("link", { name: "All posts" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
