import { escapeXml } from "./xml.ts";

export type RssItem = {
  title: string;
  link: string;
  description: string;
  /** `YYYY-MM-DD` */
  date: string;
  author?: string;
  categories?: string[];
};

export type RssChannel = {
  title: string;
  description: string;
  /** The blog page. */
  link: string;
  /** The feed's own URL (atom:link rel=self). */
  self: string;
  /** BCP 47, e.g. `fr-FR`. */
  language: string;
  items: RssItem[];
};

/** RFC 822 date at noon UTC (a calendar date has no time; noon keeps it on the same day everywhere). */
export function rfc822(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString();
}

/** An RSS 2.0 feed. */
export function rssXml(channel: RssChannel): string {
  const newest = channel.items
    .map((item) => item.date)
    .sort()
    .at(-1);
  const items = channel.items.map((item) =>
    [
      `    <item>`,
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      `      <pubDate>${rfc822(item.date)}</pubDate>`,
      ...(item.author ? [`      <dc:creator>${escapeXml(item.author)}</dc:creator>`] : []),
      ...(item.categories ?? []).map((c) => `      <category>${escapeXml(c)}</category>`),
      `    </item>`,
    ].join("\n"),
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    `  <channel>`,
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    `  </channel>`,
    `</rss>`,
    ``,
  ].join("\n");
}
