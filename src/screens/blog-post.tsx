import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import type { BlogPostData } from "../content/page-data.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { useLocale } from "../i18n/use-locale.ts";
import { formatDate } from "#shared/format.ts";
import { Badge } from "../ui/badge.tsx";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** One blog post: title, date, author and tags, then the article. */
export function BlogPostScreen({
  title,
  description,
  date,
  author,
  tags,
  html,
  contentLocale,
}: BlogPostData) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <p>
        <LocalizedLink
          to="/blog"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>All posts</Trans>
        </LocalizedLink>
      </p>
      <PageHeader title={title} description={description} lang={contentLocale}>
        <p
          className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground"
          lang={locale}
        >
          <time dateTime={date}>{formatDate(date, locale)}</time>
          <span aria-hidden="true">·</span>
          <span lang={contentLocale}>{author}</span>
        </p>
        {tags.length > 0 ? (
          <ul aria-label={t`Tags`} className="flex flex-wrap gap-2" lang={contentLocale}>
            {tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </PageHeader>
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
    </article>
  );
}
