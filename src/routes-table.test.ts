import { describe, expect, it } from "vitest";
import { matchPage, matchRoutePath, staticPrerenderPaths } from "./routes-table.ts";

describe("route table", () => {
  it("matches fixed, parameter and catch-all paths", () => {
    expect(matchRoutePath("/blog/*", "/blog/2026/launch")).toEqual({ "*": "2026/launch" });
    expect(matchRoutePath("/blog/*", "/blog")).toEqual({ "*": "" });
    expect(matchRoutePath("/a/:id", "/a/7")).toEqual({ id: "7" });
    expect(matchRoutePath("/a/:id", "/a/7/8")).toBeNull();
    expect(matchRoutePath("/guides", "/guides")).toEqual({});
  });

  it.each([
    ["/", "home", "en"],
    ["/fr", "home", "fr"],
    ["/guides", "guides", "en"],
    ["/en/guides", "en-guides", "en"],
    ["/fr/en/guides", "en-guides", "fr"],
    ["/blog", "blog", "en"],
    ["/blog/2026/launch-week", "blog-post", "en"],
    ["/fr/blog/x", "blog-post", "fr"],
    ["/fr/docs", "docs", "en"],
    ["/fr/docs/account", "docs-item", "en"],
    ["/fr/docs/a/b", "docs-item", "en"],
    ["/fr/fr/docs", "docs", "fr"],
    ["/fr/fr/docs/account", "docs-item", "fr"],
    ["/fr/more", "more", "en"],
    ["/fr/fr/more", "more", "fr"],
    ["/politique-de-confidentialite", "politique-de-confidentialite", "en"],
    ["/fr/wp-admin", "wp-admin", "fr"],
  ])("%s is the %s page in %s", (path, id, locale) => {
    const match = matchPage(path);
    expect(match?.page.id).toBe(id);
    expect(match?.locale).toBe(locale);
  });

  it.each(["/nope", "/fr/nope", "/guides/x", "/fr/fr", "/fr/fr/guides", "/docs"])(
    "%s matches no page",
    (path) => {
      expect(matchPage(path)).toBeNull();
    },
  );

  it("prerenders every fixed page in both locales plus the 404 pages and generated files", () => {
    const paths = staticPrerenderPaths();
    for (const p of ["/", "/fr", "/fr/docs", "/fr/fr/docs", "/fr/fr/more", "/en/roadmap", "/fr/en/roadmap"]) {
      expect(paths).toContain(p);
    }
    for (const p of ["/__not-found", "/fr/__error-404", "/sitemap.xml", "/fr/sitemap.xml", "/robots.txt"]) {
      expect(paths).toContain(p);
    }
    expect(paths.some((p) => p.includes("*"))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
