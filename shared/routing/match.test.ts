import { describe, expect, it } from "vitest";
import { matchPage, routeAt, staticPrerenderPaths } from "./match.ts";

describe("route table", () => {
  it("gives the catch-all's rest as its parameter", () => {
    expect(matchPage("/blog/2026/launch")?.params["*"]).toBe("2026/launch");
    expect(matchPage("/fr/fr/docs/a/b")?.params["*"]).toBe("a/b");
  });

  it("names the route a loader's pattern belongs to", () => {
    expect(routeAt("/fr/cgu")).toMatchObject({ id: "fr-cgu", locale: "fr", page: { id: "cgu" } });
    expect(routeAt("fr/fr/docs/*")).toMatchObject({ locale: "fr", page: { id: "docs-item" } });
    expect(routeAt("/fr/sitemap.xml")).toMatchObject({ id: "fr-sitemap", locale: "fr" });
    expect(routeAt("/fr/sitemap.xml").page).toBeUndefined();
    expect(routeAt("/search/docs-en.json").locale).toBe("en");
    expect(() => routeAt("/nope")).toThrow(/No route/);
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
