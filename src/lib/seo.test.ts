import { describe, expect, it } from "vitest";
import { seoMeta } from "./seo.ts";

const site = "https://lumen.test";
type Tag = Record<string, unknown>;
const find = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  (tags as Tag[]).filter((t) => t[key] === value);
const links = (tags: ReturnType<typeof seoMeta>, rel: string) =>
  (tags as Tag[])
    .filter((t) => t.tagName === "link" && t.rel === rel)
    .map((t) => (rel === "alternate" ? `${String(t.hrefLang)} ${String(t.href)}` : String(t.href)));

describe("seoMeta", () => {
  it("gives an English page its canonical, both alternates, x-default and og:locale", () => {
    const tags = seoMeta({ pathname: "/guides", title: "Guides", description: "How to", siteUrl: site });
    expect(tags[0]).toEqual({ title: "Guides · Lumen" });
    expect(find(tags, "name", "description")[0]).toEqual({ name: "description", content: "How to" });
    expect(links(tags, "canonical")).toEqual(["https://lumen.test/guides"]);
    expect(links(tags, "alternate")).toEqual([
      "en https://lumen.test/guides",
      "fr https://lumen.test/fr/guides",
      "x-default https://lumen.test/guides",
    ]);
    expect(find(tags, "property", "og:locale")[0]?.content).toBe("en_US");
    expect(find(tags, "property", "og:locale:alternate")[0]?.content).toBe("fr_FR");
    expect(find(tags, "name", "robots")).toEqual([]);
    // A large preview image of its own, which the build draws from the title.
    expect(find(tags, "property", "og:image")[0]?.content).toBe("https://lumen.test/og/guides.png");
    expect(find(tags, "name", "twitter:card")[0]?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:image")[0]?.content).toBe("https://lumen.test/og/guides.png");
    const prerendered = seoMeta({ pathname: "/fr/roadmap/", title: "t", description: "d", siteUrl: site });
    expect(find(prerendered, "property", "og:image")[0]?.content).toBe(
      "https://lumen.test/og/fr/roadmap.png",
    );
    const home = seoMeta({ pathname: "/", title: "t", description: "d", siteUrl: site });
    expect(find(home, "property", "og:image")[0]?.content).toBe("https://lumen.test/og/index.png");
  });

  it("handles the French home page and the /fr/fr documentation quirk", () => {
    const home = seoMeta({ pathname: "/fr", title: "Lumen : accueil", description: "d", siteUrl: site });
    expect(home[0]).toEqual({ title: "Lumen : accueil" });
    expect(links(home, "canonical")).toEqual(["https://lumen.test/fr"]);
    expect(links(home, "alternate")).toContain("en https://lumen.test/");
    const docs = seoMeta({
      pathname: "/fr/fr/docs/account",
      title: "Compte",
      description: "d",
      siteUrl: site,
    });
    expect(links(docs, "canonical")).toEqual(["https://lumen.test/fr/fr/docs/account"]);
    expect(links(docs, "alternate")).toEqual([
      "en https://lumen.test/fr/docs/account",
      "fr https://lumen.test/fr/fr/docs/account",
      "x-default https://lumen.test/fr/docs/account",
    ]);
    expect(find(docs, "property", "og:locale")[0]?.content).toBe("fr_FR");
  });

  it("points the /en/ duplicates at the unprefixed pages", () => {
    for (const pathname of ["/en/guides", "/fr/en/guides"]) {
      const tags = seoMeta({ pathname, title: "Guides", description: "d", siteUrl: site });
      const own = pathname.startsWith("/fr") ? "https://lumen.test/fr/guides" : "https://lumen.test/guides";
      expect(links(tags, "canonical")).toEqual([own]);
      expect(links(tags, "alternate")).toContain("fr https://lumen.test/fr/guides");
    }
  });

  it("names only existing locales and makes a fallback page canonical to the original", () => {
    const tags = seoMeta({
      pathname: "/fr/more",
      title: "Plus",
      description: "d",
      available: ["fr"],
      contentLocale: "fr",
      siteUrl: site,
    });
    expect(links(tags, "canonical")).toEqual(["https://lumen.test/fr/fr/more"]);
    expect(links(tags, "alternate")).toEqual([
      "fr https://lumen.test/fr/fr/more",
      "x-default https://lumen.test/fr/fr/more",
    ]);
    expect(find(tags, "property", "og:locale")[0]?.content).toBe("fr_FR");
  });

  it("marks decoys and test pages noindex", () => {
    for (const pathname of ["/wp-admin", "/fr/wp-login", "/test", "/fr/test-lottie"]) {
      const tags = seoMeta({ pathname, title: "x", description: "d", siteUrl: site });
      expect(find(tags, "name", "robots")[0]?.content, pathname).toBe("noindex, nofollow");
    }
  });
});
