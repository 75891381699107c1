import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Marks the current document; the mark survives client navigations but not a full load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

// Content pages ship without the app: client navigations start from an app page (the test page).
test("a page change scrolls to the top; back and forward restore the position", async ({ page }) => {
  await page.goto("/test");
  await page.waitForLoadState("networkidle");
  await mark(page);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBe(900);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page).toHaveURL(/\/roadmap$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roadmap");
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => scrollY(page)).toBe(400);

  await page.goBack();
  await expect(page).toHaveURL(/\/test$/);
  await expect.poll(() => scrollY(page)).toBe(900);
  await page.goForward();
  await expect(page).toHaveURL(/\/roadmap$/);
  await expect.poll(() => scrollY(page)).toBe(400);
  expect(await marked(page)).toBe(true);
});

test("a link with a hash scrolls to its target, on the same page and on another", async ({ page }) => {
  await page.goto("/test");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: /end of this page/ }).click();
  await expect(page).toHaveURL(/#end-of-page$/);
  await expect(page.locator("#end-of-page")).toBeInViewport();

  await page.getByRole("link", { name: /the TV guide/ }).click();
  await expect(page).toHaveURL(/\/guides#tv$/);
  await expect(page.locator("#tv")).toBeInViewport();
});

test("routes load on demand: a page's module is fetched when it is first visited", async ({ page }) => {
  const modules: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") modules.push(new URL(r.url()).pathname);
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(modules.some((m) => m.includes("/roadmap-"))).toBe(false);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roadmap");
  expect(modules.some((m) => m.includes("/roadmap-"))).toBe(true);
});

test.describe("route rules (builds/meta/{buildId}.json)", () => {
  test("apply as HTTP redirects on direct loads", async ({ page }) => {
    const response = await page.goto("/terms");
    expect(new URL(page.url()).pathname).toBe("/cgu");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/terms$/);
    await page.goto("/fr/community");
    expect(new URL(page.url()).pathname).toBe("/fr/discord");
  });

  test("apply to client navigation without reloading the app", async ({ page }) => {
    await page.goto("/test");
    await page.waitForLoadState("networkidle");
    await mark(page);
    await page.getByRole("link", { name: /\/terms leads/ }).click();
    await expect(page).toHaveURL(/\/cgu$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");
    expect(await marked(page)).toBe(true);
  });

  test("an absolute target leaves with a full page load", async ({ page }) => {
    await page.route("https://discord.gg/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Discord invite</title><h1>Discord</h1>" }),
    );
    await page.goto("/test");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: /another site/ }).click();
    await expect(page).toHaveURL("https://discord.gg/lumen");
    await expect(page).toHaveTitle("Discord invite");
  });
});

test("internal links inside rendered markdown navigate in the app", async ({ page }) => {
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await mark(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" }).click();
  await expect(page).toHaveURL(/\/fr\/docs$/);
  await page.locator("[data-slot=prose]").getByRole("link", { name: "Getting started" }).first().click();
  await expect(page).toHaveURL(/\/fr\/docs\/getting-started$/);
  expect(await marked(page)).toBe(true);
});

test("the docs search finds pages offline, loading its index only when used", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto("/fr/fr/docs");
  await page.waitForLoadState("networkidle");
  expect(fetched.some((p) => p.startsWith("/search/"))).toBe(false);
  const search = page.getByRole("searchbox", { name: "Rechercher dans la documentation" });
  await search.fill("factur");
  await expect(
    page.getByRole("list", { name: "Résultats de recherche" }).getByRole("link").first(),
  ).toBeVisible();
  expect(fetched).toContain("/search/docs-fr.json");
  await page.getByRole("list", { name: "Résultats de recherche" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/fr\/fr\/docs\//);
});

test("the Lottie test page plays the animation shipped with the site", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1")) external.push(r.url());
  });
  await page.goto("/test-lottie");
  const animation = page.getByRole("img", { name: /violet circle/ });
  await expect(animation.locator("svg")).toBeVisible();
  const first = Number(await animation.getAttribute("data-frame"));
  await expect.poll(async () => Number(await animation.getAttribute("data-frame"))).not.toBe(first);
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("The animation is paused.")).toBeVisible();
  expect(external).toEqual([]);
});
