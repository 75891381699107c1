import { locales } from "#shared/i18n/locales.ts";
import { absoluteUrl } from "../lib/seo.ts";
import { robotsTxt } from "../lib/sitemap.ts";
import { resources } from "#shared/routing/table.ts";

/** `/robots.txt`, naming both sitemaps with absolute URLs (the site URL is configuration). */
export function loader() {
  const body = robotsTxt(locales.map((locale) => absoluteUrl(resources.sitemap.path(locale))));
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
