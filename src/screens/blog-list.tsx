import { Trans, useLingui } from "@lingui/react/macro";
import type { BlogListData } from "../content/page-data.ts";
import { localeNames } from "#shared/i18n/locales.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { formatDate } from "#shared/format.ts";
import { Badge } from "../ui/badge.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** The blog: every post, newest first, and the RSS feed of the locale. */
export function BlogListScreen({ posts }: BlogListData) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t`Blog`} description={t`News, guides and behind-the-scenes notes from the team.`}>
        <p>
          <a
            href={localizePath("/blog/rss.xml", locale)}
            type="application/rss+xml"
            className="text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            <Trans>Subscribe with RSS</Trans>
          </a>
        </p>
      </PageHeader>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No posts yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.slug}>
              <article
                lang={post.contentLocale}
                className="relative flex flex-col gap-2 rounded-xl border bg-surface p-5 hover:border-primary"
              >
                <h2 className="text-xl font-semibold tracking-tight">
                  <LocalizedLink to={`/blog/${post.slug}`} className="after:absolute after:inset-0">
                    {post.title}
                  </LocalizedLink>
                </h2>
                <p className="text-muted-foreground">{post.description}</p>
                <p
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground"
                  lang={locale}
                >
                  <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
                  <span aria-hidden="true">·</span>
                  <span lang={post.contentLocale}>{post.author}</span>
                  {post.contentLocale !== locale ? (
                    <Badge variant="outline">{localeNames[post.contentLocale]}</Badge>
                  ) : null}
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
