import { escapeXml } from "./xml.ts";

export type SitemapEntry = {
  /** Absolute URL of the page. */
  loc: string;
  /** The same page in each locale it exists in (hreflang → absolute URL), plus `x-default`. */
  alternates: { hreflang: string; href: string }[];
  /** `YYYY-MM-DD` */
  lastmod?: string;
};

/** A sitemap (sitemaps.org 0.9) with `xhtml:link` alternates, as search engines read them. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`  <url>`, `    <loc>${escapeXml(entry.loc)}</loc>`];
    if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    for (const alt of entry.alternates) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`,
      );
    }
    lines.push(`  </url>`);
    return lines.join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    ``,
  ].join("\n");
}

/** robots.txt: everything may be crawled; the sitemaps of both locales are named. */
export function robotsTxt(sitemaps: string[]): string {
  return ["User-agent: *", "Allow: /", "", ...sitemaps.map((url) => `Sitemap: ${url}`), ""].join("\n");
}
