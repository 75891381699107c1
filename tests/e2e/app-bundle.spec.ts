import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

// What an app page's first paint downloads: the module scripts and preloads its prerendered HTML
// names, before anything is clicked. The build writes what each chunk holds beside the served
// folder (vite.config.ts, `writeChunkMap`); the chunk rule there must keep the superuser
// dashboard, charts, Lottie, the PocketBase SDK, the docs search, the account actions (they load
// with the SDK) and the signed-in account page out of these pages. (Content pages load no script
// at all: tests/e2e/no-js.spec.ts.)

const chunkMapFile = path.join(process.env.SITE_DIR ?? "build/client", "..", "client-chunks.json");

/** Source modules each client chunk holds, by URL path (`/assets/app-….js`). */
function chunkModules(): Map<string, string[]> {
  if (!existsSync(chunkMapFile)) throw new Error(`${chunkMapFile} is missing: build the site first`);
  const map = JSON.parse(readFileSync(chunkMapFile, "utf8")) as Record<string, string[]>;
  return new Map(Object.entries(map).map(([file, modules]) => [`/${file}`, modules]));
}

/** What no app page may load before it is used, by module path. */
const onDemand: { what: string; pattern: RegExp }[] = [
  { what: "the superuser dashboard", pattern: /^src\/dashboard\// },
  { what: "Lottie", pattern: /^node_modules\/lottie-web\// },
  { what: "the PocketBase SDK", pattern: /^node_modules\/pocketbase\// },
  {
    what: "the docs search",
    pattern: /^(src\/enhance\/docs-search|shared\/docs-search|node_modules\/minisearch\/)/,
  },
  {
    what: "the account actions",
    pattern: /^src\/auth\/(account|billing|confirm-identity|passkeys|two-factor)\.ts$/,
  },
  // The order step (widgets/billing/order-step.tsx) is the sign-up form's too: it stands above
  // the button that commits to pay there.
  {
    what: "the signed-in account page",
    pattern:
      /^src\/(screens\/account\/signed-in|widgets\/auth\/((passkeys|two-factor)-card|confirm-identity-dialog)|widgets\/billing\/(?!order-step\.tsx$))/,
  },
];
const charts = {
  what: "charts (visx, d3)",
  pattern: /^(src\/widgets\/charts\/|node_modules\/(@visx\/|d3-))/,
};

const appPages = [
  "/signup",
  "/login",
  "/account",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email-change",
];
// The admin page draws a chart: charts are its own, not its neighbours'.
const pages = [...appPages, "/admin"].flatMap((page) => [page, `/fr${page}`]);

for (const page of pages) {
  test(`${page}: first paint loads none of the on-demand code`, async ({ request }) => {
    const html = await (await request.get(page)).text();
    const scripts = [
      ...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)),
    ];
    expect(scripts.length, "module scripts and preloads").toBeGreaterThan(0);
    const modules = chunkModules();
    const forbidden = page.endsWith("/admin") ? onDemand : [...onDemand, charts];
    const found = scripts.flatMap((script) =>
      (modules.get(script) ?? []).flatMap((module) =>
        forbidden
          .filter(({ pattern }) => pattern.test(module))
          .map(({ what }) => `${what}: ${module} in ${script}`),
      ),
    );
    expect(found).toEqual([]);
  });
}

test("a signed-out visit to the sign-up and login pages never downloads the PocketBase SDK", async ({
  page,
}) => {
  const modules = chunkModules();
  const sdkChunks = [...modules].filter(([, list]) =>
    list.some((m) => m.startsWith("node_modules/pocketbase/")),
  );
  expect(sdkChunks.length, "the SDK has a chunk of its own").toBeGreaterThan(0);
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") loaded.push(new URL(r.url()).pathname);
  });
  for (const path of ["/signup", "/fr/login"]) {
    await page.goto(path);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
  }
  expect(loaded.filter((url) => sdkChunks.some(([chunk]) => chunk === url))).toEqual([]);
});
