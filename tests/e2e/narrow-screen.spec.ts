import { globSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { siteRoutes } from "./site-routes.ts";

/**
 * The narrowest phone we support, 320 CSS pixels wide: no page scrolls sideways and no text is cut.
 * One page visits every route of the site and every other prerendered page (docs, account pages,
 * the dashboard's sign-in), in both languages, plus a 404 with a long path.
 */

const siteDir = process.env.SITE_DIR ?? "build/client";

function pagesToVisit() {
  const prerendered = globSync("**/index.html", { cwd: siteDir })
    .map((file) => `/${file.replace(/\/?index\.html$/, "")}`)
    // The 404 pages answer unknown paths: one is visited below. The account pages send a visitor
    // who is not signed in to the login page, and every page of the dashboard shows its login
    // form, so one of them is enough.
    .filter((path) => !path.includes("__") && !/^(\/fr)?\/(account|admin|_\/.+)$/.test(path));
  const notFound = ["/blog/how-we-made-stremio-setup-take-two-minutes/comments", "/fr/no/such/page"];
  return [...new Set([...siteRoutes.map((route) => route.path), ...prerendered, ...notFound])];
}

/**
 * What is cut on the page as drawn: the document wider than the screen, a visible box whose
 * content is wider than the box and hidden or scrolled (overflow, an ellipsis), and a placeholder
 * wider than its field.
 */
async function cutOnPage() {
  await document.fonts.ready;
  const root = document.documentElement;
  const name = (element: Element) => {
    const slot = element.getAttribute("data-slot");
    const text = (element.textContent || element.getAttribute("placeholder") || "").replace(/\s+/g, " ");
    return `<${element.tagName.toLowerCase()}${slot ? ` data-slot="${slot}"` : ""}> "${text.trim().slice(0, 60)}"`;
  };
  const cut: string[] = [];
  if (root.scrollWidth > root.clientWidth) {
    cut.push(`the page is ${root.scrollWidth}px wide for ${root.clientWidth}px`);
  }
  const canvas = document.createElement("canvas").getContext("2d")!;
  for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
    if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    // Visually hidden text (sr-only) is a 1px box by design.
    if (element.clientWidth <= 1) continue;
    const style = getComputedStyle(element);
    const hides = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    if (hides && element.scrollWidth > element.clientWidth + 1) {
      cut.push(`${name(element)} shows ${element.clientWidth}px of ${element.scrollWidth}px`);
    }
    if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && !element.value) {
      canvas.font = style.font;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(element.placeholder).width;
      if (needed > room + 1)
        cut.push(`${name(element)} placeholder needs ${Math.ceil(needed)}px of ${room}px`);
    }
  }
  return cut;
}

test.use({ viewport: { width: 320, height: 640 } });

test("at 320px wide no page scrolls sideways or cuts its text, in English and French", async ({ page }) => {
  const pages = pagesToVisit();
  test.setTimeout(pages.length * 3_000);
  for (const path of pages) {
    await page.goto(path);
    expect.soft(await settled(page, cutOnPage), path).toEqual([]);
  }
});

/** `check` run on the page once it stops navigating (an account page sends a visitor to log in). */
async function settled<T>(page: Page, check: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await page.evaluate(check);
    } catch (error) {
      if (!/context was destroyed/.test(String(error))) throw error;
      await page.waitForLoadState();
    }
  }
}
