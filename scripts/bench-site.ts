/**
 * `npm run bench:site`: builds the site, serves it with the real server, and prints for each page
 * and locale the bytes a first visit downloads (HTML, CSS, JavaScript; raw and gzip), then a
 * Lighthouse run's scores when Chromium is present (`/usr/bin/chromium` or CHROMIUM_PATH).
 *
 *   npm run bench:site                      build, measure bytes, Lighthouse on a few pages
 *   npm run bench:site -- --no-build        measure the existing build
 *   npm run bench:site -- --lighthouse=all  Lighthouse on every page (slow: ~15 s a page)
 *   npm run bench:site -- --lighthouse=none
 *   npm run bench:site -- --preset=desktop  Lighthouse's desktop profile (default: mobile, throttled)
 *
 * "JS" is what the page itself asks for before any interaction (module scripts and modulepreloads),
 * not chunks loaded later on demand (the docs search index, the Lottie player).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "../server/testing/start-server.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key!, value] as const;
  }),
);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const lighthouseMode = args.get("lighthouse") ?? "some";
const preset = args.get("preset") === "desktop" ? "desktop" : "mobile";

const pages: { name: string; en: string; fr: string; lighthouse?: boolean }[] = [
  { name: "home", en: "/", fr: "/fr", lighthouse: true },
  { name: "guides", en: "/guides", fr: "/fr/guides" },
  { name: "roadmap", en: "/roadmap", fr: "/fr/roadmap", lighthouse: true },
  { name: "known issues", en: "/known-issues", fr: "/fr/known-issues" },
  { name: "blog", en: "/blog", fr: "/fr/blog" },
  { name: "blog post", en: "/blog/2026/launch-week", fr: "/fr/blog/2026/launch-week", lighthouse: true },
  { name: "terms", en: "/cgu", fr: "/fr/cgu" },
  { name: "privacy (FR text)", en: "/politique-de-confidentialite", fr: "/fr/politique-de-confidentialite" },
  { name: "discord", en: "/discord", fr: "/fr/discord" },
  { name: "docs", en: "/fr/docs", fr: "/fr/fr/docs" },
  { name: "docs item", en: "/fr/docs/account", fr: "/fr/fr/docs/account", lighthouse: true },
  { name: "more (FR only)", en: "/fr/more", fr: "/fr/fr/more" },
  { name: "test-lottie", en: "/test-lottie", fr: "/fr/test-lottie" },
  { name: "wp-admin (no JS)", en: "/wp-admin", fr: "/fr/wp-admin", lighthouse: true },
  { name: "404 error (no JS)", en: "/fr/docs/a/b", fr: "/fr/fr/docs/a/b" },
];

if (args.get("build") !== "false" && !args.has("no-build")) {
  console.log("Building the site…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startServer({ siteDir: path.resolve("build/client") });
const browserUA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

type Sizes = { raw: number; gzip: number };
const sizeOf = (body: Uint8Array): Sizes => ({
  raw: body.byteLength,
  gzip: gzipSync(body, { level: 9 }).byteLength,
});
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });
const zero: Sizes = { raw: 0, gzip: 0 };

const assetCache = new Map<string, Sizes>();
async function asset(url: string): Promise<Sizes> {
  let sizes = assetCache.get(url);
  if (!sizes) {
    const response = await fetch(server.url + url);
    sizes = response.ok ? sizeOf(new Uint8Array(await response.arrayBuffer())) : zero;
    assetCache.set(url, sizes);
  }
  return sizes;
}

/** The bytes of one page's first visit. */
async function measure(pagePath: string) {
  const response = await fetch(server.url + pagePath, { headers: { "user-agent": browserUA } });
  const html = await response.text();
  const css = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!));
  const js = new Set([
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
  ]);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
  let cssSizes = zero;
  for (const url of css) cssSizes = add(cssSizes, await asset(url));
  let jsSizes = zero;
  for (const url of js) jsSizes = add(jsSizes, await asset(url));
  return {
    status: response.status,
    html: sizeOf(new TextEncoder().encode(html)),
    css: cssSizes,
    js: jsSizes,
    jsFiles: js.size,
    inlineScriptBytes: inlineScripts.reduce((n, s) => n + s.length, 0),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
const rows: string[] = [];
const header = `${"page".padEnd(20)} ${"lang".padEnd(4)} ${"st".padEnd(3)} │ ${"HTML raw/gz".padStart(15)} │ ${"CSS raw/gz".padStart(15)} │ ${"JS raw/gz (files)".padStart(21)} │ ${"total gz".padStart(8)}`;
const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
for (const page of pages) {
  for (const locale of ["en", "fr"] as const) {
    const m = await measure(page[locale]);
    results[page[locale]] = m;
    const total = m.html.gzip + m.css.gzip + m.js.gzip;
    rows.push(
      `${page.name.padEnd(20)} ${locale.padEnd(4)} ${String(m.status).padEnd(3)} │ ${kb(m.html.raw)} /${kb(m.html.gzip)} │ ${kb(m.css.raw)} /${kb(m.css.gzip)} │ ${kb(m.js.raw)} /${kb(m.js.gzip)} (${String(m.jsFiles).padStart(2)}) │ ${kb(total)}`,
    );
  }
}
console.log(`\nBytes of a first visit, in KiB (gzip -9), served by server/main.ts from build/client:\n`);
console.log(header);
console.log("─".repeat(header.length));
console.log(rows.join("\n"));

async function lighthouseScores() {
  if (lighthouseMode === "none") return;
  if (!existsSync(chromiumPath)) {
    console.log(`\nLighthouse skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH).`);
    return;
  }
  const [{ default: lighthouse }, { chromium }] = await Promise.all([
    import("lighthouse"),
    import("playwright"),
  ]);
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      `--remote-debugging-port=${port}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const targets = pages.filter((p) => lighthouseMode === "all" || p.lighthouse);
  console.log(
    `\nLighthouse ${preset} (${preset === "mobile" ? "simulated slow 4G, 4× CPU slowdown" : "desktop"}), scores out of 100:\n`,
  );
  console.log(
    `${"page".padEnd(20)} ${"lang".padEnd(4)} │ perf │ a11y │ best │  seo │ FCP ms │ LCP ms │  TBT ms`,
  );
  try {
    for (const page of targets) {
      for (const locale of ["en", "fr"] as const) {
        const url = server.url + page[locale];
        const config =
          preset === "desktop"
            ? (await import("lighthouse/core/config/desktop-config.js")).default
            : undefined;
        const result = await lighthouse(url, { port, output: "json", logLevel: "error" }, config);
        const lhr = result?.lhr;
        if (!lhr) continue;
        const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(4);
        const ms = (id: string) => String(Math.round(lhr.audits[id]?.numericValue ?? 0)).padStart(6);
        console.log(
          `${page.name.padEnd(20)} ${locale.padEnd(4)} │ ${score("performance")} │ ${score("accessibility")} │ ${score("best-practices")} │ ${score("seo")} │ ${ms("first-contentful-paint")} │ ${ms("largest-contentful-paint")} │ ${ms("total-blocking-time").padStart(7)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

try {
  await lighthouseScores();
} finally {
  await server.close();
}
