import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The fonts Chromium really drew each element's text with (CDP `CSS.getPlatformFontsForNode`), for
 * every element matching `selector` that has text of its own.
 */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
  const drawn = new Map<string, Set<string>>();
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    for (const font of fonts) {
      const key = `${font.familyName}${font.isCustomFont ? "" : " (system)"}`;
      drawn.set(key, (drawn.get(key) ?? new Set()).add(selector));
    }
  }
  await cdp.detach();
  return [...drawn.keys()].sort();
}

const pages = [
  { name: "home", path: "/" },
  { name: "docs page with code", path: "/fr/docs/stremio-credentials" },
  { name: "blog post (no JavaScript)", path: "/blog/2026/launch-week" },
  { name: "sign-up", path: "/signup" },
  { name: "404", path: "/no/such/page" },
];

for (const { name, path } of pages) {
  for (const prefix of ["", "/fr"]) {
    test(`${name} (${prefix || "en"}) is drawn in the brand typefaces only`, async ({ page }) => {
      await page.goto(prefix + (path === "/" && prefix ? "" : path));
      await page.evaluate(() => document.fonts.ready);
      const text = "h1, h2, h3, p, a, button, label, li, td, th, code, pre, input";
      const fonts = await fontsDrawing(page, text);
      expect(fonts.length).toBeGreaterThan(0);
      expect(
        fonts.filter((font) => font.endsWith("(system)")),
        `system fonts among ${fonts}`,
      ).toEqual([]);
      expect(fonts).toContain("Inter");
    });
  }
}

test("code is drawn in JetBrains Mono", async ({ page }) => {
  await page.goto("/fr/docs/stremio-credentials");
  await page.evaluate(() => document.fonts.ready);
  expect(await fontsDrawing(page, "main code")).toEqual(["JetBrains Mono"]);
});

test("the Latin font is preloaded and served as an immutable asset", async ({ page }) => {
  await page.goto("/fr");
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  const href = await preload.getAttribute("href");
  expect(href).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("font/woff2");
  expect(response.headers()["cache-control"]).toContain("immutable");
  // The page asks for exactly that file: the preload is not a second download.
  const requested = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
  );
  expect(requested.filter((p) => p.endsWith(".woff2"))).toContain(href);
});

test("French text (œ, « », narrow no-break spaces) needs no font file beyond Latin", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".woff2")) fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/fr/guides");
  await expect(page.getByText(/en forme d’œil/)).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.some((font) => font.includes("inter-latin-wght-normal"))).toBe(true);
  expect(fonts.filter((font) => font.includes("latin-ext"))).toEqual([]);
});
