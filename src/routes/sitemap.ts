import { loadContent } from "../content/load.server.ts";
import { pageLocales } from "../content/pages.server.ts";
import { localesWith } from "../content/pick.ts";
import { defaultLocale, type Locale } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { absoluteUrl } from "../lib/seo.ts";
import { sitemapXml, type SitemapEntry } from "../lib/sitemap.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pages } from "#shared/routing/table.ts";
import type { Route } from "./+types/sitemap";

function entry(englishPath: string, locale: Locale, available: Locale[], lastmod?: string): SitemapEntry {
  const xDefault = available.includes(defaultLocale) ? defaultLocale : available[0]!;
  return {
    loc: absoluteUrl(localizePath(englishPath, locale)),
    lastmod,
    alternates: [
      ...available.map((l) => ({ hreflang: l, href: absoluteUrl(localizePath(englishPath, l)) })),
      { hreflang: "x-default", href: absoluteUrl(localizePath(englishPath, xDefault)) },
    ],
  };
}

/**
 * `/sitemap.xml` (English) and `/fr/sitemap.xml` (French): every public page whose content exists
 * in that locale, with its alternates. Left out: noindex pages (decoys, tests), the `/en/…`
 * duplicates, and fallback pages showing the other locale's content.
 */
export function loader({ pattern }: Route.LoaderArgs) {
  const { locale } = routeAt(pattern);
  const content = loadContent();
  const entries: SitemapEntry[] = [];
  for (const page of pages) {
    if (page.indexable === false || page.canonical || page.path.includes("*")) continue;
    const available = pageLocales(content, page);
    if (available.includes(locale)) entries.push(entry(page.path, locale, available));
  }
  const slugs = (list: { slug: string }[][]) => [...new Set(list.flat().map((d) => d.slug))].sort();
  for (const slug of slugs([content.blog.en, content.blog.fr])) {
    const byLocale = {
      en: content.blog.en.find((p) => p.slug === slug),
      fr: content.blog.fr.find((p) => p.slug === slug),
    };
    const own = byLocale[locale];
    if (own) entries.push(entry(`/blog/${slug}`, locale, localesWith(byLocale), own.frontmatter.date));
  }
  for (const slug of slugs([content.docs.en, content.docs.fr])) {
    const byLocale = {
      en: content.docs.en.find((d) => d.slug === slug),
      fr: content.docs.fr.find((d) => d.slug === slug),
    };
    if (byLocale[locale]) entries.push(entry(`/fr/docs/${slug}`, locale, localesWith(byLocale)));
  }
  return new Response(sitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
