import { defineConfig } from "@playwright/test";
import { chromium } from "./vitest.config.ts";

/**
 * The built Storybook as a designer opens it (`npm run build-storybook`, served as static files):
 * every story's play function, in each locale. `node scripts/test-built-storybook.ts` builds it
 * when needed and runs this config (the `storybook` tier); see tests/storybook/built-storybook.spec.ts.
 */
export default defineConfig({
  testDir: "tests/storybook",
  outputDir: "test-results/built-storybook",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A play function's own waits are bounded at 10 s (.storybook/preview.tsx); a story that hangs
  // beyond that fails on this.
  timeout: 30_000,
  // A thousand stories: a dot each, and the failures in full at the end.
  reporter: [["dot"], ["json", { outputFile: "test-results/built-storybook-report.json" }]],
  use: {
    browserName: "chromium",
    launchOptions: chromium,
  },
});
