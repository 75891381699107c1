import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { loadContent } from "../content/load.server.ts";
import { activateLocale } from "../i18n/catalog.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { rssXml } from "../lib/rss.ts";
import { absoluteUrl } from "../lib/seo.ts";
import { routeAt } from "#shared/routing/match.ts";
import { resources } from "#shared/routing/table.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { Route } from "./+types/rss";

/** `/blog/rss.xml` and `/fr/blog/rss.xml`: the posts written in that locale, newest first. */
export async function loader({ pattern }: Route.LoaderArgs) {
  const { locale } = routeAt(pattern);
  await activateLocale(locale);
  const posts = loadContent().blog[locale];
  const name = siteConfig.name;
  const xml = rssXml({
    title: `${siteConfig.name} · ${i18n._(msg`Blog`)}`,
    description: i18n._(msg`News, guides and behind-the-scenes notes from the ${name} team.`),
    link: absoluteUrl(localizePath("/blog", locale)),
    self: absoluteUrl(resources.rss.path(locale)),
    language: localeTags[locale],
    items: posts.map((post) => ({
      title: post.frontmatter.title,
      link: absoluteUrl(localizePath(`/blog/${post.slug}`, locale)),
      description: post.frontmatter.description,
      date: post.frontmatter.date,
      author: post.frontmatter.author,
      categories: post.frontmatter.tags,
    })),
  });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
