import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { HtmlValidate, Rule, type ConfigData, type DOMReadyEvent } from "html-validate";
import { siteRoutes } from "./site-routes.ts";

/**
 * Every prerendered page of the build is conforming HTML: html-validate with the rules that match
 * the W3C Nu HTML Checker's errors, run offline on the files the server sends. It reads files only
 * (no browser), so it costs the e2e tier a few seconds and no second build.
 */

/** A rule that reports every element matching `selector`. */
function forbidden(description: string, selector: string, message: string) {
  return class extends Rule {
    documentation() {
      return { description };
    }

    setup() {
      this.on("dom:ready", ({ document }: DOMReadyEvent) => {
        for (const element of document.querySelectorAll(selector)) this.report(element, message);
      });
    }
  };
}

const partsOfAPicture = "h1 h2 h3 h4 h5 h6 a[href] button input select textarea [tabindex]".split(" ");

/**
 * The children of `role="img"` are presentational: a heading, link or control inside a picture is
 * lost to assistive technology (the Nu checker reports headings as errors, links and controls as
 * warnings). Draw the picture beside a described element instead.
 */
const NoPartsInImage = forbidden(
  'A `role="img"` element holds no heading, link or focusable control.',
  partsOfAPicture.map((part) => `[role="img"] ${part}`).join(", "),
  'Headings, links and controls must not appear inside an element with role="img"',
);

/** A button that opens a popover is expanded with it: HTML forbids `aria-expanded` on it. */
const NoExpandedPopoverButton = forbidden(
  "A `popovertarget` button takes no `aria-expanded`: the browser sets its state.",
  "[popovertarget][aria-expanded]",
  'A button with "popovertarget" must not have "aria-expanded"',
);

const config: ConfigData = {
  // "standard": what the HTML standard requires (element content, attributes, ids, references);
  // "document": rules about the whole document (doctype, heading levels, references, labels).
  // Not "recommended": what it adds is house style (self-closed void tags, attribute case, inline
  // styles, boolean attribute values) and accessibility advice, which the Nu checker does not fail.
  extends: ["html-validate:standard", "html-validate:document"],
  // Two errors of the Nu checker that html-validate has no rule for.
  plugins: [
    {
      name: "lumen",
      rules: {
        "lumen/no-parts-in-image": NoPartsInImage,
        "lumen/no-expanded-popover-button": NoExpandedPopoverButton,
      },
    },
  ],
  rules: {
    "lumen/no-parts-in-image": "error",
    "lumen/no-expanded-popover-button": "error",
    // Levels still go up one at a time, hidden headings included, as the Nu checker counts them;
    // like it, allow several <h1> (verify-email prerenders two states, one hidden), a first heading
    // below <h1> (an account page's shell before it hydrates) and a dialog titled by an <h2>.
    "heading-level": [
      "error",
      { allowMultipleH1: true, minInitialRank: "any", minSectioningRootInitialRank: "h2" },
    ],
    // Off: Subresource Integrity is a security choice for third-party files; ours are same-origin.
    "require-sri": "off",
  },
};

const siteDir = process.env.SITE_DIR ?? "build/client";

test("every prerendered page is valid HTML", async () => {
  // About ninety pages: a few seconds, more on a busy 2-core machine.
  test.setTimeout(60_000);
  const pages = globSync("**/*.html", { cwd: siteDir }).sort();
  // Every route of the site and both 404 pages are among them.
  const routes = siteRoutes.map(({ path: route }) => path.join(route, "index.html").slice(1));
  expect(pages).toEqual(
    expect.arrayContaining([...routes, "__not-found/index.html", "fr/__not-found/index.html"]),
  );
  const validator = new HtmlValidate(config);
  for (const page of pages) {
    const report = await validator.validateString(readFileSync(path.join(siteDir, page), "utf8"), page);
    const errors = report.results.flatMap((result) =>
      result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ""})`),
    );
    expect.soft(errors, page).toEqual([]);
  }
});

/** A word left for someone to fill in: a bracketed note, or "to be completed" in either language. */
const placeholder = /\[[^\]]*\]|to be completed|à compléter/i;

/**
 * The visible words of a page, without its scripts, styles and code: a page of the documentation
 * may show `[section]` in a code sample, and a table of contents is no placeholder.
 */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|code|pre|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x5B;|&#91;|&lsqb;/gi, "[")
    .replace(/&#x5D;|&#93;|&rsqb;/gi, "]")
    .replace(/\s+/g, " ");
}

test("no prerendered page shows a placeholder where a detail is missing", () => {
  const pages = globSync("**/*.html", { cwd: siteDir }).sort();
  expect(pages.length).toBeGreaterThan(50);
  for (const page of pages) {
    const found = placeholder.exec(visibleText(readFileSync(path.join(siteDir, page), "utf8")));
    expect.soft(found?.[0], page).toBeUndefined();
  }
});
