/**
 * `npm run bench:site`: builds the site, serves it with the real server, and prints for each page
 * and locale what a first visit in Chromium downloads (HTML, CSS, JavaScript, fonts, other; bytes
 * on the wire and requests), then Lighthouse scores (Chromium: `/usr/bin/chromium` or CHROMIUM_PATH).
 *
 *   npm run bench:site                      build, measure bytes, Lighthouse on a few pages
 *   npm run bench:site -- --no-build        measure the existing build
 *   npm run bench:site -- --lighthouse=all  Lighthouse on every page (slow: ~15 s a page)
 *   npm run bench:site -- --lighthouse=none
 *   npm run bench:site -- --preset=desktop  Lighthouse's desktop profile (default: mobile, throttled)
 *   npm run bench:site -- --runs=5          Lighthouse runs per page (default 3; the median is shown)
 *   npm run bench:site -- --signup-only     only the sign-up times, on the existing build
 *   npm run bench:site -- --signup-runs=9   sign-ups per plan (default 5; the median is shown)
 *   npm run bench:site -- --signup=none     no sign-up times
 *   npm run bench:site -- --verbose         the API requests of every sign-up, not only the first
 *
 * Everything is what the page asks for before any interaction, not what loads later on demand (the
 * docs search index, the Lottie player).
 *
 * Then the time a sign-up takes, from the click on the form's button to the page the site shows
 * next, over a connection with a 150 ms round trip (Chromium's network emulation, turned on once
 * the form is loaded and filled; no bandwidth limit): each request the sign-up makes in turn costs
 * a round trip. For the trial and for the paid plan (manual billing mode: no Stripe key, so the site
 * goes on to the account page), each run with a new address; every account is checked complete
 * afterwards (it signs in, and has its Stremio record).
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import PocketBase, { BaseAuthStore } from "pocketbase";
import type { Browser, Page, Response } from "playwright";
import { paidSignupPath } from "../src/auth/plan-price.ts";
import { authCookieName, sessionCookieFields } from "../src/auth/session-cookie-fields.ts";
import { fixturePassword, fixtureRoot } from "../server/testing/fixtures.ts";
import { spawnServer, startServer } from "../server/testing/start-server.ts";
import { chromium as chromiumOptions } from "../vitest.config.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key!, value] as const;
  }),
);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const lighthouseMode = args.get("lighthouse") ?? "some";
const preset = args.get("preset") === "desktop" ? "desktop" : "mobile";
const lighthouseRuns = Number(args.get("runs") ?? 3);
const signupOnly = args.has("signup-only");
const signupTimed = args.get("signup") !== "none";
const signupRuns = Number(args.get("signup-runs") ?? 5);
const verbose = args.has("verbose");

const pages: { name: string; en: string; fr: string; lighthouse?: boolean; signedIn?: boolean }[] = [
  // Content pages: prerendered, no application bundle.
  { name: "home", en: "/", fr: "/fr", lighthouse: true },
  { name: "guides", en: "/guides", fr: "/fr/guides" },
  { name: "roadmap (chart)", en: "/roadmap", fr: "/fr/roadmap", lighthouse: true },
  { name: "known issues", en: "/known-issues", fr: "/fr/known-issues" },
  { name: "blog", en: "/blog", fr: "/fr/blog" },
  { name: "blog post", en: "/blog/2026/launch-week", fr: "/fr/blog/2026/launch-week" },
  { name: "terms", en: "/cgu", fr: "/fr/cgu" },
  { name: "privacy (FR text)", en: "/politique-de-confidentialite", fr: "/fr/politique-de-confidentialite" },
  { name: "discord", en: "/discord", fr: "/fr/discord" },
  { name: "docs", en: "/fr/docs", fr: "/fr/fr/docs", lighthouse: true },
  { name: "docs item", en: "/fr/docs/account", fr: "/fr/fr/docs/account" },
  { name: "more (FR only)", en: "/fr/more", fr: "/fr/fr/more" },
  { name: "wp-admin", en: "/wp-admin", fr: "/fr/wp-admin" },
  { name: "404 error", en: "/fr/docs/a/b", fr: "/fr/fr/docs/a/b" },
  // App pages: the React bundle, for a signed-out first visit (account and admin send such a
  // visitor to the login page; `npm run bundle:report` shows what they load).
  { name: "sign-up", en: "/signup", fr: "/fr/signup", lighthouse: true },
  { name: "login", en: "/login", fr: "/fr/login" },
  { name: "forgot password", en: "/forgot-password", fr: "/fr/forgot-password" },
  // A signed-in visitor (a stored session): the session check loads the PocketBase SDK and the
  // header's account menu, so those are counted too. (Lighthouse browses signed out: not scored.)
  { name: "account (signed in)", en: "/account", fr: "/fr/account", signedIn: true },
  { name: "test-lottie", en: "/test-lottie", fr: "/fr/test-lottie" },
  // The superuser dashboard, signed out: its sign-in form, with its own chunks and catalog.
  { name: "dashboard", en: "/_", fr: "/fr/_" },
];

if (args.get("build") !== "false" && !args.has("no-build") && !signupOnly) {
  console.log("Building the site…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Lighthouse asks for files the site does not have (`/llms.txt`) as a bot: the server's 404 log
// lines would bury the tables.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (!String(args[0]).startsWith("404 ")) warn(...args);
};
const server = await startServer({ siteDir: path.resolve("build/client") });
/**
 * A signed-in visitor's session cookie, as the site's SDK store writes it (a new user, signed in
 * once, whose email is not verified yet).
 */
async function sessionCookie(): Promise<string> {
  const pb = new PocketBase(server.url);
  const email = `bench.${Date.now()}@example.com`;
  const password = "a bench password";
  // What the sign-up form sends (src/auth/account.ts, which needs Lingui's macros to load).
  await pb.collection("users").create({
    email,
    emailVisibility: true,
    name: "Bench Visitor",
    affiliate_code: "AFF-BENCH001",
    password,
    passwordConfirm: password,
    plan: "free",
    newsletter: false,
    is_monthly: false,
    admin: false,
    is_api: false,
    price: "0",
    stripe: "",
    verified: false,
    locale: "en",
  });
  const { token, record } = await pb.collection("users").authWithPassword(email, password);
  const stored = new BaseAuthStore();
  stored.save(token, Object.fromEntries(sessionCookieFields.map((f) => [f, record[f]])) as typeof record);
  return decodeURIComponent(
    /^[^=]+=([^;]*)/.exec(stored.exportToCookie({ httpOnly: false }, authCookieName))![1]!,
  );
}
const signedInCookie = signupOnly ? "" : await sessionCookie();

const browserUA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
type Kind = "html" | "css" | "js" | "font" | "other";
const kindOf: Record<string, Kind> = { document: "html", stylesheet: "css", script: "js", font: "font" };

/**
 * One page's first visit in a real browser (empty cache, a person's user agent): the bytes of each
 * kind of file as they came over the wire, JavaScript also as gzip -9 of its bodies, and the number
 * of requests, counted once the page, its fonts and the network are idle.
 */
async function measure(browser: Browser, pagePath: string, signedIn = false) {
  const context = await browser.newContext({ userAgent: browserUA });
  if (signedIn) await context.addCookies([{ name: authCookieName, value: signedInCookie, url: server.url }]);
  const page = await context.newPage();
  const responses: Response[] = [];
  const bodies = new Map<Response, Promise<Buffer | null>>();
  page.on("response", (response) => {
    responses.push(response);
    // Read script bodies at once: a page that navigates away takes them with it.
    if (response.request().resourceType() === "script")
      bodies.set(
        response,
        response.body().catch(() => null),
      );
  });
  const answer = await page.goto(server.url + pagePath, { waitUntil: "networkidle" });
  // Signed in, the header's account menu loads once the session is checked.
  if (signedIn)
    await page.locator('[data-slot="account-menu"][data-state="authed"] button').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
  const wire: Record<Kind, number> = { html: 0, css: 0, js: 0, font: 0, other: 0 };
  const files: Record<Kind, number> = { html: 0, css: 0, js: 0, font: 0, other: 0 };
  let jsGzip = 0;
  for (const response of responses) {
    const kind = kindOf[response.request().resourceType()] ?? "other";
    const sizes = await response.request().sizes();
    wire[kind] += sizes.responseBodySize + sizes.responseHeadersSize;
    files[kind] += 1;
    const body = kind === "js" ? await bodies.get(response) : null;
    if (body) jsGzip += gzipSync(body, { level: 9 }).byteLength;
  }
  await context.close();
  return { status: answer?.status() ?? 0, wire, files, jsGzip, requests: responses.length };
}

if (!existsSync(chromiumPath)) {
  console.error(`No Chromium at ${chromiumPath} (set CHROMIUM_PATH): the benchmark needs a browser.`);
  process.exit(1);
}
const { chromium } = await import("playwright");

/** Every page's first visit, English and French: the table of bytes and requests. */
async function bytesTable() {
  const bytesBrowser = await chromium.launch(chromiumOptions);
  const header = `${"page".padEnd(20)} ${"lang".padEnd(4)} ${"st".padEnd(3)} │ ${"HTML".padStart(6)} │ ${"CSS".padStart(6)} │ ${"JS (files)".padStart(11)} │ ${"JS gz".padStart(6)} │ ${"fonts (files)".padStart(13)} │ ${"other".padStart(6)} │ ${"total".padStart(6)} │ reqs`;
  const rows: string[] = [];
  try {
    for (const page of pages) {
      for (const locale of ["en", "fr"] as const) {
        const m = await measure(bytesBrowser, page[locale], page.signedIn);
        const total = Object.values(m.wire).reduce((a, b) => a + b, 0);
        rows.push(
          `${page.name.padEnd(20)} ${locale.padEnd(4)} ${String(m.status).padEnd(3)} │ ${kb(m.wire.html)} │ ${kb(m.wire.css)} │ ${kb(m.wire.js)} (${String(m.files.js).padStart(2)}) │ ${kb(m.jsGzip)} │ ${kb(m.wire.font)} (${String(m.files.font).padStart(4)}) │ ${kb(m.wire.other)} │ ${kb(total)} │ ${String(m.requests).padStart(4)}`,
        );
      }
    }
  } finally {
    await bytesBrowser.close();
  }
  console.log(
    `\nA first visit in Chromium, in KiB on the wire (bodies as served, with headers), served by server/main.ts from build/client:\n`,
  );
  console.log(header);
  console.log("─".repeat(header.length));
  console.log(rows.join("\n"));
}

async function lighthouseScores() {
  if (lighthouseMode === "none") return;
  const { default: lighthouse } = await import("lighthouse");
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
    `\nLighthouse ${preset} (${preset === "mobile" ? "simulated slow 4G, 4× CPU slowdown" : "desktop"}), median of ${lighthouseRuns} runs, scores out of 100:\n`,
  );
  console.log(
    `${"page".padEnd(20)} ${"lang".padEnd(4)} │ perf │ a11y │ best │  seo │ FCP ms │ LCP ms │  TBT ms │   CLS`,
  );
  try {
    for (const page of targets) {
      for (const locale of ["en", "fr"] as const) {
        const url = server.url + page[locale];
        const config =
          preset === "desktop"
            ? (await import("lighthouse/core/config/desktop-config.js")).default
            : undefined;
        // Lighthouse varies from run to run: report the run with the median performance score.
        const runs = [];
        for (let i = 0; i < lighthouseRuns; i++) {
          const result = await lighthouse(url, { port, output: "json", logLevel: "error" }, config);
          if (result?.lhr) runs.push(result.lhr);
        }
        runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = runs[Math.floor((runs.length - 1) / 2)];
        if (!lhr) continue;
        const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(4);
        const ms = (id: string) => String(Math.round(lhr.audits[id]?.numericValue ?? 0)).padStart(6);
        console.log(
          `${page.name.padEnd(20)} ${locale.padEnd(4)} │ ${score("performance")} │ ${score("accessibility")} │ ${score("best-practices")} │ ${score("seo")} │ ${ms("first-contentful-paint")} │ ${ms("largest-contentful-paint")} │ ${ms("total-blocking-time").padStart(7)} │ ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3).padStart(5)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

/** A free loopback port: the sign-up server's APP_URL (where the paid plan's checkout goes) names it. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await once(probe.listen(0, "127.0.0.1"), "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const signupPlans = [
  {
    plan: "trial",
    path: "/signup",
    submit: "Start my free trial",
    landing: "/verify-email",
    heading: /^(Check your inbox|Verify your email address)$/,
  },
  {
    plan: "paid (manual)",
    path: paidSignupPath,
    submit: "Create my account",
    landing: "/account",
    heading: /^Your account$/,
  },
];
type SignupPlan = (typeof signupPlans)[number];

/** Fills the sign-up form as tests/e2e do, typing again until hydration has kept the values. */
async function fillSignup(page: Page, email: string) {
  const fields: [string, string][] = [
    ["Name", "Bench Visitor"],
    ["Email", email],
    ["Password", fixturePassword],
    ["Confirm password", fixturePassword],
  ];
  const terms = page.getByRole("checkbox", { name: /terms of use/ });
  for (let attempt = 1; ; attempt++) {
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await terms.check();
    const values = await Promise.all(
      fields.map(([label]) => page.getByLabel(label, { exact: true }).inputValue()),
    );
    if (values.every((value, i) => value === fields[i]![1]) && (await terms.isChecked())) return;
    if (attempt === 5) throw new Error("The sign-up form did not keep what was typed.");
  }
}

/**
 * One sign-up at a 150 ms round trip: the time from the click to the next page's heading, and the
 * requests made meanwhile: to the API by the sign-up, to the API by the next page when the browser
 * loads one (the paid plan's checkout URL), and the rest (the sign-up's code, the next page's files).
 */
async function signupOnce(browser: Browser, url: string, plan: SignupPlan) {
  const context = await browser.newContext({ userAgent: browserUA });
  const page = await context.newPage();
  await page.goto(url + plan.path, { waitUntil: "networkidle" });
  if (plan.path.includes("plan=paid"))
    await page
      .getByRole("radio", { name: /Paid plan/ })
      .and(page.locator(":checked"))
      .waitFor();
  const email = `bench.signup.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await fillSignup(page, email);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const api: string[] = [];
  const nextApi: string[] = [];
  let other = 0;
  let counting = true;
  let left = false;
  page.on("request", (request) => {
    if (!counting) return;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) left = true;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) (left ? nextApi : api).push(`${request.method()} ${pathname}`);
    else other += 1;
  });
  const start = performance.now();
  await page.getByRole("button", { name: plan.submit, exact: true }).click();
  await page.waitForURL((at) => at.pathname === plan.landing, { timeout: 60_000 });
  await page.getByRole("heading", { level: 1, name: plan.heading }).waitFor({ timeout: 60_000 });
  const ms = performance.now() - start;
  counting = false;
  await context.close();
  // The account is complete: its owner signs in, and it has its Stremio record.
  const pb = new PocketBase(url);
  const complete = await pb
    .collection("users")
    .authWithPassword(email, fixturePassword)
    .then(({ record }) =>
      pb.collection("stremio").getFirstListItem(pb.filter("user = {:id}", { id: record.id })),
    )
    .then(
      () => true,
      () => false,
    );
  return { ms, api, nextApi, other, complete };
}

/**
 * The sign-up times, against server/main.ts in its own process (as in production) serving
 * build/client, in manual billing mode.
 */
async function signupTimes() {
  const dataDir = mkdtempSync(path.join(fixtureRoot, "bench-signup-"));
  const port = await freePort();
  const { child, url } = await spawnServer(dataDir, {
    PORT: String(port),
    SITE_DIR: path.resolve("build/client"),
    APP_URL: `http://127.0.0.1:${port}`,
  });
  const browser = await chromium.launch(chromiumOptions);
  const rows: string[] = [];
  try {
    for (const plan of signupPlans) {
      const runs = [];
      for (let i = 0; i < signupRuns; i++) {
        const run = await signupOnce(browser, url, plan);
        runs.push(run);
        if (verbose || i === 0)
          console.log(
            `${plan.plan}, run ${i + 1}: ${Math.round(run.ms)} ms, ${run.api.join(", ")}${run.nextApi.length ? `; next page: ${run.nextApi.join(", ")}` : ""}`,
          );
      }
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const ms = (value: number) => String(Math.round(value)).padStart(6);
      // The counts seen, when they vary from run to run: "9/11".
      const counts = (values: number[], width: number) =>
        [...new Set(values)]
          .sort((a, b) => a - b)
          .join("/")
          .padStart(width);
      rows.push(
        `${plan.plan.padEnd(14)} │ ${ms(times[Math.floor((times.length - 1) / 2)]!)} │ ${ms(times[0]!)} │ ${ms(times.at(-1)!)} │ ${counts(
          runs.map((r) => r.api.length),
          11,
        )} │ ${counts(
          runs.map((r) => r.nextApi.length),
          13,
        )} │ ${counts(
          runs.map((r) => r.other),
          10,
        )} │ ${runs.filter((r) => r.complete).length}/${runs.length}`,
      );
    }
  } finally {
    await browser.close();
    const exited = once(child, "exit");
    child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nSign-up at a 150 ms round trip (no bandwidth limit), ${signupRuns} runs a plan, from the click to the next page's heading, in ms; requests to the API by the sign-up and by the page it loads next, other requests:\n`,
  );
  console.log(
    `${"plan".padEnd(14)} │ median │    min │    max │ sign-up API │ next page API │ other reqs │ complete`,
  );
  console.log(rows.join("\n"));
}

try {
  if (!signupOnly) {
    await bytesTable();
    await lighthouseScores();
  }
  if (signupTimed) await signupTimes();
} finally {
  await server.close();
}
