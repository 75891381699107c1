import { defineConfig } from "@playwright/test";
import { supportEmail } from "./tests/e2e/account-helpers.ts";
import { passkeyDataDir, passkeyPort } from "./tests/e2e/passkey-server.ts";
import { stripeDataDir, stripePort } from "./tests/e2e/stripe-server.ts";
import { chromium } from "./vitest.config.ts";

const port = Number(process.env.E2E_PORT ?? 4390);
// Another checkout or build can run its own e2e beside this one: its port, site and data folder.
const dataDir = process.env.E2E_DATA_DIR ?? "test-results/pb_data";
// The dashboard's spec named on the command line without another spec runs at once (see projects).
const specArgs = process.argv.slice(2).filter((arg) => /\.spec(\.ts)?(:\d+)*$/.test(arg));
const dashboardAlone =
  specArgs.some((arg) => /dashboard\.spec/.test(arg)) && specArgs.every((arg) => /dashboard\.spec/.test(arg));

/** E2E: the built site served by the real server (site + API on one port), in Debian Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // 2-core machines: hashing passwords and rendering compete with the browser.
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  // The dashboard's journey restores a backup, which undoes whatever other tests wrote meanwhile
  // (billing's manual-mode journey among them): in a whole run, or named beside other specs, it
  // waits until every other spec is done; named alone on the command line
  // (`npx playwright test tests/e2e/dashboard.spec.ts`) it runs alone.
  projects: [
    { name: "site", testIgnore: /dashboard\.spec\.ts$/ },
    { name: "dashboard", testMatch: /dashboard\.spec\.ts$/, dependencies: dashboardAlone ? [] : ["site"] },
  ],
  webServer: [
    {
      // Manual billing mode (no STRIPE_SECRET_KEY): every spec but billing's Stripe journeys.
      command: "node server/main.ts",
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // RATE_LIMIT=off: parallel test sign-ins and sign-ups come from one IP and must not be throttled.
      // APP_URL: links in the outbox mails point at the address the tests browse.
      // SUPPORT_EMAIL: what the emails and the account page name as the address to write to.
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_DIR: process.env.SITE_DIR ?? "build/client",
        RATE_LIMIT: "off",
        APP_URL: `http://127.0.0.1:${port}`,
        SUPPORT_EMAIL: supportEmail,
      },
    },
    {
      // Stripe mode: the Stripe test double on a free port, and the same server with STRIPE_* set
      // to it (server/testing/stripe-e2e-server.ts). Its ready line names the double's, the webhook
      // relay's and the server's addresses; Playwright puts them in E2E_STRIPE_DOUBLE,
      // E2E_STRIPE_RELAY and E2E_STRIPE_SERVER for the tests (tests/e2e/stripe-server.ts).
      name: "Stripe",
      command: "node server/testing/stripe-e2e-server.ts",
      wait: {
        stdout:
          /Stripe e2e: double (?<e2e_stripe_double>\S+) relay (?<e2e_stripe_relay>\S+) server (?<e2e_stripe_server>\S+)/,
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(stripePort),
        DATA_DIR: stripeDataDir,
        SITE_DIR: process.env.SITE_DIR ?? "build/client",
        RATE_LIMIT: "off",
        APP_URL: `http://127.0.0.1:${stripePort}`,
      },
    },
    {
      // Passkeys: WebAuthn refuses an IP address as the relying party (APP_URL's host), so this
      // one is on localhost (tests/e2e/passkey-server.ts).
      name: "Passkeys",
      command: "node server/main.ts",
      url: `http://127.0.0.1:${passkeyPort}/api/health`,
      reuseExistingServer: false,
      env: {
        PORT: String(passkeyPort),
        HOST: "127.0.0.1",
        DATA_DIR: passkeyDataDir,
        SITE_DIR: process.env.SITE_DIR ?? "build/client",
        RATE_LIMIT: "off",
        APP_URL: `http://localhost:${passkeyPort}`,
        // Superusers need a passkey or an authenticator app here (tests/e2e/dashboard-second-factor.spec.ts).
        SUPERUSER_SECOND_FACTOR: "required",
      },
    },
  ],
});
