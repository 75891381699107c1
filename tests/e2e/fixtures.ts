import { test as base, expect } from "@playwright/test";

/** Every e2e test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Browse as the desktop Chrome it is: isbot (server/site/serve.ts, root.tsx) counts "HeadlessChrome" as a
  // bot, and bots get no error page. Bot behaviour is tested with a crawler's user agent.
  userAgent: async ({ browser }, use) => {
    await use(
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
    );
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // Chromium reports every 4xx or refused request as a console error. For a 404 page's own
        // document and for API answers (a wrong password, a taken email) that is what the test
        // asked for: the page explains it to the visitor, and the tests check that.
        const url = message.location().url;
        const expectedStatus =
          message.text().startsWith("Failed to load resource") &&
          (url === page.url() || new URL(url).pathname.startsWith("/api/"));
        if (!expectedStatus) errors.push(`${message.text()} (${url})`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
