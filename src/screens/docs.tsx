import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { Heading } from "../content/schema.ts";
import type { DocsIndexData, DocsItemData, DocsNavItem } from "../content/page-data.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { localizePath } from "../i18n/paths.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { DocsSearch } from "./parts/docs-search.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** English path of a doc (the SPEC's quirk: `/fr/docs/…`; French pages add their own `/fr`). */
const docPath = (slug?: string) => (slug ? `/fr/docs/${slug}` : "/fr/docs");

function DocsSidebar({ nav }: { nav: DocsNavItem[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-1.5 text-sm hover:bg-muted hover:text-foreground ${isActive ? "bg-muted font-medium text-foreground" : "text-muted-foreground"}`;
  return (
    <nav aria-label={t`Documentation`} className="flex flex-col gap-1">
      <NavLink end to={localizePath(docPath(), locale)} className={linkClass}>
        <Trans>Overview</Trans>
      </NavLink>
      {nav.map((item) => (
        <NavLink key={item.slug} to={localizePath(docPath(item.slug), locale)} className={linkClass}>
          {item.title}
        </NavLink>
      ))}
    </nav>
  );
}

function TableOfContents({ headings }: { headings: Heading[] }) {
  const { t } = useLingui();
  const items = headings.filter((h) => h.depth <= 3);
  if (items.length === 0) return null;
  return (
    <nav aria-label={t`On this page`} className="flex flex-col gap-2 text-sm">
      <p className="font-medium">
        <Trans>On this page</Trans>
      </p>
      <ul className="flex flex-col gap-1.5">
        {items.map((heading) => (
          <li key={heading.id} className={heading.depth === 3 ? "pl-3" : undefined}>
            <a href={`#${heading.id}`} className="text-muted-foreground hover:text-foreground">
              {heading.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Sidebar with search and the list of docs, the page, and its table of contents on wide screens. */
function DocsFrame({
  nav,
  headings,
  children,
}: {
  nav: DocsNavItem[];
  headings: Heading[];
  children: ReactNode;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] xl:grid-cols-[14rem_minmax(0,1fr)_12rem]">
      <aside className="flex flex-col gap-6 lg:sticky lg:top-6 lg:self-start">
        <DocsSearch />
        <DocsSidebar nav={nav} />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
      <aside className="hidden xl:sticky xl:top-6 xl:block xl:self-start">
        <TableOfContents headings={headings} />
      </aside>
    </div>
  );
}

/** The documentation's front page: its introduction and every doc. */
export function DocsIndexScreen({ title, description, html, headings, nav, contentLocale }: DocsIndexData) {
  return (
    <DocsFrame nav={nav} headings={headings}>
      <PageHeader title={title} description={description} lang={contentLocale} />
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
    </DocsFrame>
  );
}

/** One documentation page, with the previous and next ones. */
export function DocsItemScreen({
  title,
  description,
  html,
  headings,
  nav,
  prev,
  next,
  contentLocale,
}: DocsItemData) {
  const { t } = useLingui();
  return (
    <DocsFrame nav={nav} headings={headings}>
      <PageHeader title={title} description={description} lang={contentLocale} />
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
      <nav aria-label={t`Previous and next pages`} className="mt-6 grid gap-3 border-t pt-6 sm:grid-cols-2">
        {prev ? (
          <LocalizedLink
            to={docPath(prev.slug)}
            rel="prev"
            className="flex flex-col rounded-lg border p-4 hover:border-primary"
          >
            <span className="text-sm text-muted-foreground">
              <Trans>Previous</Trans>
            </span>
            <span className="font-medium">{prev.title}</span>
          </LocalizedLink>
        ) : (
          <span />
        )}
        {next ? (
          <LocalizedLink
            to={docPath(next.slug)}
            rel="next"
            className="flex flex-col rounded-lg border p-4 text-right hover:border-primary"
          >
            <span className="text-sm text-muted-foreground">
              <Trans>Next</Trans>
            </span>
            <span className="font-medium">{next.title}</span>
          </LocalizedLink>
        ) : null}
      </nav>
    </DocsFrame>
  );
}
