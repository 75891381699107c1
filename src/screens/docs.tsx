import { useLingui } from "@lingui/react/macro";
import { docsSearchPath } from "#shared/routing/table.ts";
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

export type DocsSearchScreenProps = {
  nav: DocsNavItem[];
  /** The words searched for (`?q=`); the server writes their results into the box's markup. */
  query?: string;
};

/**
 * The docs search's page, for the search box sent without JavaScript (Enter or its button): the
 * box again, its status line (a hint while it is empty, how many pages match, or that none does)
 * and the results, every doc in the sidebar. Prerendered with an empty box; the server fills in a
 * query's results (server/site/docs-search.ts).
 */
export function DocsSearchScreen({ nav, query = "" }: DocsSearchScreenProps) {
  const { t } = useLingui();
  return (
    <DocsLayout docs={useDocLinks(nav)} current={docsSearchPath}>
      <div className="flex flex-col gap-6">
        <PageHeader
          title={t`Search the documentation`}
          description={t`Find the section of the documentation that answers your question.`}
        />
        <DocsSearch query={query} searchPage />
      </div>
    </DocsLayout>
  );
}
