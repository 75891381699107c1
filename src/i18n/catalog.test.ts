import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as dashboardFr } from "../../locales/fr/dashboard.po";
import { messages as siteFr } from "../../locales/fr/messages.po";
import { activateLocale, catalogsOfPath } from "./catalog.ts";

describe("catalogsOfPath", () => {
  it("gives the dashboard's catalog to its pages only", () => {
    for (const path of ["/", "/signup", "/fr/login", "/fr/fr/docs", "/blog/2026/launch-week", "/nowhere"]) {
      expect(catalogsOfPath(path)).toEqual(["site"]);
    }
    for (const path of ["/_/", "/_/logs", "/fr/_/", "/fr/_/user"]) {
      expect(catalogsOfPath(path)).toEqual(["site", "dashboard"]);
    }
  });
});

describe("activateLocale", () => {
  const someDashboardId = Object.keys(dashboardFr).find((id) => !(id in siteFr))!;

  it("merges the catalogs asked for, and drops the dashboard's when a site page asks for the site's", async () => {
    await activateLocale("fr", ["site", "dashboard"]);
    expect(i18n.locale).toBe("fr");
    expect(Object.keys(i18n.messages)).toEqual(
      expect.arrayContaining([...Object.keys(siteFr), ...Object.keys(dashboardFr)]),
    );
    await activateLocale("fr");
    expect(i18n.messages).not.toHaveProperty(someDashboardId);
    expect(Object.keys(i18n.messages)).toHaveLength(Object.keys(siteFr).length);
  });
});
