import type { MetaDescriptor } from "react-router";
import { defaultLocale, localeTags, locales, type Locale } from "#shared/i18n/locales.ts";
import { basePath, localeOfPath, localizePath } from "#shared/i18n/paths.ts";
import { matchPage } from "#shared/routing/match.ts";
import { ogImagePath } from "#shared/routing/og-image.ts";
import { siteConfig } from "#shared/site-config.ts";

export type SeoInput = {
  /** The URL path of the page being rendered. */
  pathname: string;
  title: string;
  description: string;
  /** Locales the page's content exists in (default: all). Alternates name only these. */
  available?: readonly Locale[];
  /** The locale of the content shown, when it is not the page's own (a fallback with a notice). */
  contentLocale?: Locale;
  type?: "website" | "article";
  /** `YYYY-MM-DD`, for articles. */
  published?: string;
  /** Force `noindex` (otherwise taken from the route table's `indexable`). */
  noindex?: boolean;
  siteUrl?: string;
};

/** An absolute URL on the site. */
export function absoluteUrl(path: string, siteUrl = siteConfig.url): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

/** `en-US` → `en_US`, the form Open Graph wants. */
const ogLocale = (locale: Locale) => localeTags[locale].replace("-", "_");

/** The page title with the brand, unless the title already names it. */
function pageTitle(title: string): string {
  return title.includes(siteConfig.name) ? title : `${title} · ${siteConfig.name}`;
}

/**
 * The English path of the page's canonical version: its own, or the one the route table names
 * (`/en/guides` and `/fr/en/guides` are the guides page, `/guides`).
 */
function canonicalEnglishPath(pathname: string): string {
  const page = matchPage(pathname)?.page;
  return page?.canonical ?? basePath(pathname);
}

/**
 * Every SEO tag of a page: title and description, canonical URL, `hreflang`
 * alternates for the locales its content exists in plus `x-default`, Open Graph with `og:locale`,
 * and `noindex` for decoys and test pages. A page showing another locale's content is canonical
 * to that locale's URL, so search engines index the original only.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const siteUrl = input.siteUrl ?? siteConfig.url;
  const locale = localeOfPath(input.pathname);
  const english = canonicalEnglishPath(input.pathname);
  const available = locales.filter((l) => (input.available ?? locales).includes(l));
  const shown = input.contentLocale ?? locale;
  const url = (l: Locale) => absoluteUrl(localizePath(english, l), siteUrl);
  const canonical = url(available.includes(shown) ? shown : locale);
  const noindex = input.noindex ?? matchPage(input.pathname)?.page.indexable === false;
  const xDefault = available.includes(defaultLocale) ? defaultLocale : available[0];

  const tags: MetaDescriptor[] = [
    { title: pageTitle(input.title) },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...available.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: url(l) })),
    ...(xDefault ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(xDefault) }] : []),
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:locale", content: ogLocale(shown) },
    ...available
      .filter((l) => l !== shown)
      .map((l) => ({ property: "og:locale:alternate", content: ogLocale(l) })),
    { property: "og:image", content: absoluteUrl(ogImagePath(input.pathname), siteUrl) },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: input.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: absoluteUrl(ogImagePath(input.pathname), siteUrl) },
  ];
  if (input.published) tags.push({ property: "article:published_time", content: input.published });
  if (noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}
