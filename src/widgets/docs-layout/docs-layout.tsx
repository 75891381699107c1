import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, ArrowRight, TextAlignStart } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { cn } from "#src/lib/cn.ts";
import { Button } from "#src/ui/button.tsx";
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "#src/ui/sheet.tsx";

/** A documentation page in the sidebar: its English route path (`/fr/docs/...`) and title. */
export type DocLink = { href: string; title: string };
/** A heading of the current page, for the table of contents (`depth` 2 or 3 are listed). */
export type DocHeading = { id: string; text: string; depth: number };

export type DocsLayoutProps = {
  /** Every documentation page, in reading order (this also orders previous/next). */
  docs: readonly DocLink[];
  /** `href` of the page being read. */
  current: string;
  /** Headings of the page being read. */
  headings?: readonly DocHeading[];
  /** The page itself (an `<article>` is provided around it). */
  children: ReactNode;
};

/**
 * The documentation layout, inside the site's shell (`<AppShell>` around it, as the docs route
 * layout does): the list of pages (current one marked), the page, previous/next links and an "On
 * this page" table of contents. Under `lg` the list and the contents move into a sheet opened from
 * a "Browse the documentation" button.
 */
export function DocsLayout({ docs, current, headings = [], children }: DocsLayoutProps) {
  const index = docs.findIndex((doc) => doc.href === current);
  const previous = index > 0 ? docs[index - 1] : undefined;
  const next = index >= 0 && index < docs.length - 1 ? docs[index + 1] : undefined;
  const toc = headings.filter((heading) => heading.depth >= 2 && heading.depth <= 3);
  const aside = "sticky top-20 hidden max-h-[calc(100dvh-6rem)] self-start overflow-y-auto";
  return (
    <div
      data-slot="docs-layout"
      className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 xl:grid-cols-[13rem_minmax(0,1fr)_12rem]"
    >
      <DocsSidebar docs={docs} current={current} className={cn(aside, "-ml-3 lg:block")} />
      <div className="min-w-0">
        <DocsMobileNav docs={docs} current={current} headings={toc} className="mb-8 lg:hidden" />
        <article data-slot="docs-article">{children}</article>
        <DocsPager previous={previous} next={next} />
      </div>
      {toc.length > 0 ? <DocsToc headings={toc} className={cn(aside, "xl:block")} /> : null}
    </div>
  );
}

/** The list of documentation pages; the current one has `aria-current="page"`. */
function DocsSidebar({
  docs,
  current,
  className,
  inSheet = false,
}: {
  docs: readonly DocLink[];
  current: string;
  className?: string;
  /** Inside a sheet, choosing a page closes it. */
  inSheet?: boolean;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Documentation`} data-slot="docs-sidebar" className={className}>
      <p className="mb-3 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Trans>Documentation</Trans>
      </p>
      <ul className="flex flex-col gap-0.5">
        {docs.map((doc) => {
          const isCurrent = doc.href === current;
          const link = (
            <LocalizedLink
              to={doc.href}
              aria-current={isCurrent ? "page" : undefined}
              className={cn(
                "block rounded-md border-l-2 px-3 py-1.5 text-sm",
                isCurrent
                  ? "border-primary bg-accent font-medium text-accent-foreground"
                  : "border-transparent text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              {doc.title}
            </LocalizedLink>
          );
          return <li key={doc.href}>{inSheet ? <SheetClose asChild>{link}</SheetClose> : link}</li>;
        })}
      </ul>
    </nav>
  );
}

/** "On this page": links to the page's headings; the one in the URL's hash is marked. */
function DocsToc({
  headings,
  className,
  inSheet = false,
}: {
  headings: readonly DocHeading[];
  className?: string;
  inSheet?: boolean;
}) {
  const { t } = useLingui();
  const { hash } = useLocation();
  return (
    <nav aria-label={t`On this page`} data-slot="docs-toc" className={className}>
      <p className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Trans>On this page</Trans>
      </p>
      <ul className="flex flex-col gap-1 border-l text-sm">
        {headings.map((heading) => {
          const isCurrent = hash === `#${heading.id}`;
          const link = (
            <a
              href={`#${heading.id}`}
              aria-current={isCurrent ? "location" : undefined}
              className={cn(
                "-ml-px block border-l-2 py-1 pr-2 hover:text-foreground",
                heading.depth === 3 ? "pl-6" : "pl-3",
                isCurrent ? "border-primary text-foreground" : "border-transparent text-muted-foreground",
              )}
            >
              {heading.text}
            </a>
          );
          return <li key={heading.id}>{inSheet ? <SheetClose asChild>{link}</SheetClose> : link}</li>;
        })}
      </ul>
    </nav>
  );
}

/** Links to the previous and next pages, in reading order. */
function DocsPager({ previous, next }: { previous?: DocLink; next?: DocLink }) {
  const { t } = useLingui();
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={t`Previous and next pages`}
      data-slot="docs-pager"
      className="mt-12 grid gap-3 border-t pt-6 sm:grid-cols-2"
    >
      {previous ? (
        <LocalizedLink
          to={previous.href}
          rel="prev"
          className="group flex flex-col gap-1 rounded-lg border p-4 hover:border-primary/60 hover:bg-surface"
        >
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <ArrowLeft aria-hidden="true" className="size-3.5" />
            <Trans>Previous</Trans>
          </span>
          <span className="font-medium text-foreground group-hover:text-primary">{previous.title}</span>
        </LocalizedLink>
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <LocalizedLink
          to={next.href}
          rel="next"
          className="group flex flex-col gap-1 rounded-lg border p-4 text-right hover:border-primary/60 hover:bg-surface sm:col-start-2"
        >
          <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
            <Trans>Next</Trans>
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </span>
          <span className="font-medium text-foreground group-hover:text-primary">{next.title}</span>
        </LocalizedLink>
      ) : null}
    </nav>
  );
}

/** Under `lg`: a button naming the current page that opens the pages and the contents in a sheet. */
function DocsMobileNav({
  docs,
  current,
  headings,
  className,
}: {
  docs: readonly DocLink[];
  current: string;
  headings: readonly DocHeading[];
  className?: string;
}) {
  const { t } = useLingui();
  const currentTitle = docs.find((doc) => doc.href === current)?.title;
  return (
    <div data-slot="docs-mobile-nav" className={className}>
      <Sheet>
        {/* The page's title goes under the label when both do not fit on one line: never cut. */}
        <SheetTrigger asChild>
          <Button variant="outline" size="multiline" align="start" className="w-full">
            <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="flex items-center gap-2">
                <TextAlignStart aria-hidden="true" />
                <Trans>Browse the documentation</Trans>
              </span>
              {currentTitle ? <span className="text-muted-foreground">{currentTitle}</span> : null}
            </span>
          </Button>
        </SheetTrigger>
        <SheetContent side="left" aria-describedby={undefined}>
          <SheetHeader>
            <SheetTitle>{t`Documentation`}</SheetTitle>
          </SheetHeader>
          <div className="flex flex-col gap-8 px-2 pb-6">
            <DocsSidebar docs={docs} current={current} inSheet className="[&>p]:hidden" />
            {headings.length > 0 ? <DocsToc headings={headings} inSheet className="px-3" /> : null}
          </div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
