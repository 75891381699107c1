import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// Two catalogs per locale: the site's, and the superuser dashboard's (loaded only on its pages, so
// visitors never download its messages). A message used on both sides is in both.
const dashboard = ["<rootDir>/src/dashboard"];
const exclude = ["**/node_modules/**", "**/__screenshots__/**", "**/*.test.*"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/.storybook/docs"],
      exclude: [...exclude, "<rootDir>/.storybook/docs/__screenshots__/**", ...dashboard],
    },
    { path: "<rootDir>/locales/{locale}/dashboard", include: dashboard, exclude },
  ],
  format: formatter({ lineNumbers: false }),
});
