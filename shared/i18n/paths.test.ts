import { describe, expect, it } from "vitest";
import { basePath, localeOfPath, localizePath, switchLocalePath } from "./paths.ts";

describe("localized paths", () => {
  it.each([
    ["/", "en"],
    ["/guides", "en"],
    ["/fr", "fr"],
    ["/fr/", "fr"],
    ["/fr/guides", "fr"],
    ["/french-fries", "en"],
    ["/fr/docs", "en"],
    ["/fr/docs/install", "en"],
    ["/fr/more", "en"],
    ["/fr/fr/docs", "fr"],
    ["/fr/fr/docs/install", "fr"],
    ["/fr/fr/more", "fr"],
  ])("%s is a %s page", (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });

  it("prefixes French paths and leaves English ones bare", () => {
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/roadmap", "fr")).toBe("/fr/roadmap");
    expect(localizePath("/fr/docs", "fr")).toBe("/fr/fr/docs");
  });

  it("finds the English path behind a French one", () => {
    expect(basePath("/fr")).toBe("/");
    expect(basePath("/fr/blog/2026/launch")).toBe("/blog/2026/launch");
    expect(basePath("/fr/fr/docs/install")).toBe("/fr/docs/install");
    expect(basePath("/fr/docs")).toBe("/fr/docs");
  });

  it("switches language on the same page, keeping query and hash", () => {
    expect(switchLocalePath("/", "fr")).toBe("/fr");
    expect(switchLocalePath("/fr", "en")).toBe("/");
    expect(switchLocalePath("/guides?x=1#web", "fr")).toBe("/fr/guides?x=1#web");
    expect(switchLocalePath("/fr/fr/docs/install", "en")).toBe("/fr/docs/install");
    expect(switchLocalePath("/fr/docs", "fr")).toBe("/fr/fr/docs");
  });

  it.each(["//evil.example", "///evil.example", "/\\evil.example", "/\\/evil.example?x=1"])(
    "never links off the site from a visitor's path %j",
    (path) => {
      for (const locale of ["en", "fr"] as const) {
        const link = switchLocalePath(path, locale);
        expect(new URL(link, "https://lumen.example/x").origin).toBe("https://lumen.example");
        expect(link.startsWith("//")).toBe(false);
      }
    },
  );
});
