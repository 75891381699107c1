import { useLingui } from "@lingui/react/macro";
import type { DocsIndexData, DocsItemData, DocsNavItem } from "../content/page-data.ts";
import type { Heading } from "../content/schema.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { DocsLayout, type DocLink } from "../widgets/docs-layout/docs-layout.tsx";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { DocsSearch } from "../widgets/docs-search/docs-search.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** English path of a doc (`/fr/docs/…`, a quirk kept on purpose; the French pages add their own `/fr`). */
const docPath = (slug?: string) => (slug ? `/fr/docs/${slug}` : "/fr/docs");

/** The overview first, then every doc in reading order. */
function useDocLinks(nav: DocsNavItem[]): DocLink[] {
  const { t } = useLingui();
  return [
    { href: docPath(), title: t`Overview` },
    ...nav.map((item) => ({ href: docPath(item.slug), title: item.title })),
  ];
}

type DocPageProps = {
  nav: DocsNavItem[];
  current: string;
  title: string;
  description: string;
  html: string;
  headings: Heading[];
  contentLocale: Locale;
};

/** A documentation page in ds-layout's docs layout, with the offline search above it. */
function DocPage({ nav, current, title, description, html, headings, contentLocale }: DocPageProps) {
  return (
    <DocsLayout docs={useDocLinks(nav)} current={current} headings={headings}>
      <div className="flex flex-col gap-6">
        <DocsSearch />
        <PageHeader title={title} description={description} lang={contentLocale} />
        <ContentLocaleNotice contentLocale={contentLocale} />
        <MarkdownContent html={html} lang={contentLocale} />
      </div>
    </DocsLayout>
  );
}

/** The documentation's front page: its introduction, with every doc in the sidebar. */
export function DocsIndexScreen(props: DocsIndexData) {
  return <DocPage {...props} current={docPath()} />;
}

/** One documentation page, with the previous and next ones. */
export function DocsItemScreen(props: DocsItemData) {
  return <DocPage {...props} current={docPath(props.slug)} />;
}
