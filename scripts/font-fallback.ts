/**
 * `npm run font:fallback`: measures the brand typeface against Arial's metrics in Chromium and prints
 * the `@font-face` overrides of its fallback face (`src/app.css`, "Inter Fallback"), so that text
 * drawn in the fallback before the web font arrives takes the same room and the swap shifts nothing.
 *
 *   npm run font:fallback                     Inter's latin file against Arial
 *   npm run font:fallback -- --font=path.woff2 another typeface
 *
 * On Linux, fontconfig draws "Arial" with Liberation Sans, which has Arial's metrics. Widths are
 * compared on a sample of English and French UI text, so `size-adjust` matches the width of real
 * sentences rather than of one letter.
 */
import { readFileSync } from "node:fs";
import { chromium as playwright } from "playwright";
import { chromium } from "../vitest.config.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key!, value] as const;
  }),
);
const fontFile =
  args.get("font") ?? "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

const sample = [
  "Sign up in a minute: a free trial or a paid plan, your Stremio credentials at once.",
  "Créez votre compte en une minute : essai gratuit ou formule payante, identifiants Stremio aussitôt.",
  "Email address · Password · Log in · Create my account · Roadmap · Known issues · Docs",
  "0123456789 €4.99 4,99 € ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz",
].join(" ");

const browser = await playwright.launch(chromium);
try {
  const page = await browser.newPage();
  const woff2 = readFileSync(fontFile).toString("base64");
  await page.setContent(
    `<style>@font-face{font-family:Brand;src:url(data:font/woff2;base64,${woff2}) format("woff2");font-weight:100 900}</style>`,
  );
  const metrics = await page.evaluate(async (text) => {
    await document.fonts.load("400 100px Brand");
    const context = document.createElement("canvas").getContext("2d")!;
    const measure = (family: string) => {
      context.font = `400 100px ${family}`;
      const m = context.measureText(text);
      return { width: m.width, ascent: m.fontBoundingBoxAscent, descent: m.fontBoundingBoxDescent };
    };
    return { brand: measure("Brand"), fallback: measure("Arial") };
  }, sample);
  const sizeAdjust = metrics.brand.width / metrics.fallback.width;
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  console.log(`/* ${fontFile} against Arial */`);
  console.log(`size-adjust: ${percent(sizeAdjust)};`);
  console.log(`ascent-override: ${percent(metrics.brand.ascent / 100 / sizeAdjust)};`);
  console.log(`descent-override: ${percent(metrics.brand.descent / 100 / sizeAdjust)};`);
  console.log(`line-gap-override: 0%;`);
} finally {
  await browser.close();
}
