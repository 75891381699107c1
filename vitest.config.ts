import { lingui } from "@lingui/vite-plugin";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { pageCatalogs } from "./scripts/page-catalogs.ts";

/** Debian's Chromium (`/usr/bin/chromium`, see docs/testing.md): Playwright never downloads a browser here. */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/** Stories run once per locale, so every story is checked (a11y, screenshots) in English and French. */
function storybookProject(locale: "en" | "fr") {
  return {
    extends: false as const,
    plugins: [
      tailwindcss(),
      lingui({ macroTransform: true }),
      pageCatalogs(),
      react(),
      storybookTest({ configDir: ".storybook", initialGlobals: { locale } }),
    ],
    test: {
      name: `storybook-${locale}`,
      setupFiles: [".storybook/vitest.setup.ts"],
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromium }),
        instances: [{ browser: "chromium" as const }],
        viewport: { width: 1024, height: 768 },
      },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [lingui({ macroTransform: true }), pageCatalogs()],
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts"],
          // Server tests bind real ports and hash passwords: keep them off the story workers' cores.
          fileParallelism: false,
        },
      },
      storybookProject("en"),
      storybookProject("fr"),
    ],
  },
});
