import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as dashboardFr } from "#locales/fr/dashboard.po";
import { messages as siteFr } from "#locales/fr/messages.po";
import { activateLocale, catalogsOfPath } from "./catalog.ts";

describe("catalogsOfPath", () => {
  it("gives a page the shell's catalog and its route module's", () => {
    expect(catalogsOfPath("/signup")).toEqual(["shell", "routes/account/signup.tsx"]);
    expect(catalogsOfPath("/fr/login")).toEqual(["shell", "routes/account/login.tsx"]);
    expect(catalogsOfPath("/blog/2026/launch-week")).toEqual(["shell", "routes/blog-post.tsx"]);
    expect(catalogsOfPath("/fr/_/logs")[1]).toMatch(/logs\.tsx$/);
  });

  it("gives a path no page matches the catch-all route's", () => {
    expect(catalogsOfPath("/nowhere")).toEqual(["shell", "routes/not-found.tsx"]);
  });
});

describe("activateLocale", () => {
  it("outside the app build, loads every catalog whole", async () => {
    await activateLocale("fr", catalogsOfPath("/signup"));
    expect(i18n.locale).toBe("fr");
    expect(Object.keys(i18n.messages)).toEqual(
      expect.arrayContaining([...Object.keys(siteFr), ...Object.keys(dashboardFr)]),
    );
  });

  it("switches the locale back with the catalogs already loaded", async () => {
    await activateLocale("en");
    await activateLocale("fr");
    expect(i18n.locale).toBe("fr");
    expect(Object.keys(i18n.messages).length).toBeGreaterThanOrEqual(Object.keys(siteFr).length);
  });
});
