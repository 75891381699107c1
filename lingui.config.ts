import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/.storybook/docs"],
      exclude: [
        "**/node_modules/**",
        "**/__screenshots__/**",
        "<rootDir>/.storybook/docs/__screenshots__/**",
        "**/*.test.*",
      ],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
