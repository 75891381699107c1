import type { ContentPageData } from "../content/page-data.ts";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** A markdown page: terms, legal notice, privacy policies, the French-only "more" page. */
export function ContentPageScreen({ title, description, html, contentLocale }: ContentPageData) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={title} description={description} lang={contentLocale} />
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
    </article>
  );
}
