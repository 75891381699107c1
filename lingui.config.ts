import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// Three catalogs per locale: the site's, the superuser dashboard's (loaded only on its pages, so
// visitors never download its messages; a message used on both sides is in both), and the emails'
// the server sends (read by server/mail/catalog.ts).
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
    {
      path: "<rootDir>/locales/{locale}/emails",
      include: ["<rootDir>/server/mail"],
      exclude: [...exclude, "**/*.stories.*"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
