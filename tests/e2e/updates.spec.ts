import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

test("polls builds/latest.json about 1 s after load; a newer build makes the next navigation a full load", async ({
  page,
}) => {
  const polls: { url: string; at: number }[] = [];
  const start = Date.now();
  await page.route(/\/builds\/latest\.json\?\d+$/, (route) => {
    polls.push({ url: route.request().url(), at: Date.now() - start });
    return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } });
  });
  await page.goto("/login");
  await mark(page);
  await expect.poll(() => polls.length, { timeout: 5000 }).toBeGreaterThan(0);
  expect(polls[0]!.at).toBeGreaterThanOrEqual(900);
  expect(polls[0]!.url).toMatch(/\/builds\/latest\.json\?\d{13}$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Known issues" }).click();
  await expect(page).toHaveURL(/\/known-issues$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Known issues");
  expect(await marked(page)).toBe(false);
});

test("the same build keeps navigation in the app", async ({ page }) => {
  let polled = false;
  await page.route(/\/builds\/latest\.json\?\d+$/, async (route) => {
    polled = true;
    await route.continue();
  });
  await page.goto("/login");
  await mark(page);
  await expect.poll(() => polled, { timeout: 5000 }).toBe(true);
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Known issues" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Known issues");
  expect(await marked(page)).toBe(true);
});

test("skips the manifest check on slow-2g", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", {
      value: { effectiveType: "slow-2g" },
      configurable: true,
    });
  });
  let polled = false;
  await page.route(/\/builds\/latest\.json/, (route) => {
    polled = true;
    return route.continue();
  });
  await page.goto("/login");
  await page.waitForTimeout(2500);
  expect(polled).toBe(false);
});

test("a chunk-load error reloads the page at most once per 10 s for the same path", async ({
  page,
  consoleErrors,
}) => {
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  // The animation player is a chunk loaded on demand: make it fail, as after a deploy.
  await page.route(/\/assets\/lottie_light-.*\.js$/, (route) => route.abort());
  await page.goto("/test-lottie");
  await expect(page.getByText("The animation could not be loaded.")).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  expect(documents).toEqual(["/test-lottie", "/test-lottie"]);
  // The browser reports each failed chunk request; those are what this test provokes.
  const unexpected = consoleErrors
    .splice(0)
    .filter((e) => !/lottie_light|Failed to fetch dynamically/.test(e));
  expect(unexpected).toEqual([]);
});
