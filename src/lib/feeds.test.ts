import { describe, expect, it } from "vitest";
import { rfc822, rssXml } from "./rss.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

describe("sitemap", () => {
  it("lists each URL with its alternates, escaped", () => {
    const xml = sitemapXml([
      {
        loc: "https://s.test/blog/a&b",
        lastmod: "2026-06-01",
        alternates: [
          { hreflang: "en", href: "https://s.test/blog/a&b" },
          { hreflang: "x-default", href: "https://s.test/blog/a&b" },
        ],
      },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://s.test/blog/a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2026-06-01</lastmod>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://s.test/blog/a&amp;b"/>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(1);
  });

  it("robots.txt names the sitemaps", () => {
    expect(robotsTxt(["https://s.test/sitemap.xml", "https://s.test/fr/sitemap.xml"])).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://s.test/sitemap.xml\nSitemap: https://s.test/fr/sitemap.xml\n",
    );
  });
});

describe("RSS", () => {
  it("writes a channel with escaped items, dates in RFC 822 and a self link", () => {
    const xml = rssXml({
      title: "Blog <Lumen>",
      description: "News",
      link: "https://s.test/fr/blog",
      self: "https://s.test/fr/blog/rss.xml",
      language: "fr-FR",
      items: [
        {
          title: "Lancement & bilan",
          link: "https://s.test/fr/blog/2026/a",
          description: "d",
          date: "2026-06-23",
          author: "Camille",
          categories: ["news"],
        },
        { title: "Older", link: "https://s.test/fr/blog/b", description: "d", date: "2026-01-02" },
      ],
    });
    expect(xml).toContain("<title>Blog &lt;Lumen&gt;</title>");
    expect(xml).toContain("<title>Lancement &amp; bilan</title>");
    expect(xml).toContain(
      '<atom:link href="https://s.test/fr/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain("<language>fr-FR</language>");
    expect(xml).toContain("<pubDate>Tue, 23 Jun 2026 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Tue, 23 Jun 2026 12:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("<dc:creator>Camille</dc:creator>");
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(rfc822("2026-01-02")).toBe("Fri, 02 Jan 2026 12:00:00 GMT");
  });
});
