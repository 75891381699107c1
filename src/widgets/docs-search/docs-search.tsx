import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { importWithReload } from "#src/lib/app-updates.ts";
import { cn } from "#src/lib/cn.ts";
import { docsSearchPath, resources } from "#shared/routing/table.ts";
import { Input } from "#src/ui/input.tsx";
import { Spinner } from "#src/ui/spinner.tsx";
import { docsSearchId } from "./anchor.ts";

// `maxHits` and `maxQueryLength` of shared/docs-search.ts, which this file does not import: the
// search's code stays out of the pages' chunks, loaded with the search module on first focus.
/** Results the search shows at most. */
const maxHits = 8;
/** The longest query the search reads, in characters. */
const maxQueryLength = 200;

/** A count per plural category the locale uses for 1 to `maxHits` results (en, fr: one and other). */
function countCategories(locale: Locale): Map<Intl.LDMLPluralRule, number> {
  const rules = new Intl.PluralRules(locale);
  const categories = new Map<Intl.LDMLPluralRule, number>();
  for (let count = maxHits; count >= 1; count--) categories.set(rules.select(count), count);
  return categories;
}

/** Placeholders the search module fills in the messages it shows. */
const query = "{query}";
const count = "{count}";

/**
 * The search module, loaded on the first focus of a live (Storybook or hydrated) search box, or at
 * once when it opens with a query (the search page reached in the app).
 */
function useEnhanceOnFocus(query: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = ref.current;
    const input = root?.querySelector("input");
    if (!root || !input) return;
    const enhance = () => {
      void importWithReload(() => import("#src/enhance/docs-search.ts")).then((module) =>
        module.enhanceDocsSearch(root),
      );
    };
    // Focused before React took over (a hydrated page): no focus event is coming.
    if (document.activeElement === input || query.trim()) enhance();
    else input.addEventListener("focus", enhance, { once: true });
    return () => input.removeEventListener("focus", enhance);
  }, [query]);
  return ref;
}

export type DocsSearchProps = {
  className?: string;
  /** The words in the box when the page opens (the search page's `?q=`). */
  query?: string;
  /**
   * The search page's box: its label is only for screen readers (the page's heading says it), and
   * its status line gives a hint while the box is empty.
   */
  searchPage?: boolean;
};

/**
 * Offline full-text search of the documentation in the page's locale, prerendered without state:
 * src/enhance/docs-search.ts makes it work on first focus, with or without React. The markup holds
 * everything that module needs (index URL, result links, translated messages, a result template),
 * so the index and the search library load only when someone searches. It is also a GET form to
 * the search page (Enter, or the button), which the server answers with the results written into
 * this same markup: the search works without JavaScript.
 */
export function DocsSearch({ className, query: initialQuery = "", searchPage = false }: DocsSearchProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const ref = useEnhanceOnFocus(initialQuery);
  const emptyHint = searchPage
    ? t({
        comment: "The search page's status line while the box is empty.",
        message: "Type what you are looking for, for example “password” or “invoice”, then press Enter.",
      })
    : undefined;

  const countMessages = Object.fromEntries(
    [...countCategories(locale)].map(([category, n]) => [
      `data-msg-count-${category}`,
      t({
        comment: "{count} is the number of results, {query} what the visitor typed.",
        message: plural(n, {
          one: `${count} page matches “${query}”.`,
          other: `${count} pages match “${query}”.`,
        }),
      }),
    ]),
  );

  return (
    <search
      ref={ref}
      id={docsSearchId}
      data-slot="docs-search"
      className={cn("scroll-mt-20", className)}
      data-index-url={resources.searchIndex.path(locale)}
      data-locale={locale}
      data-result-href={localizePath("/fr/docs/{slug}", locale)}
      data-msg-error={t`The search index could not be loaded. Check your connection and try again.`}
      data-msg-none={t`No page matches “${query}”.`}
      data-msg-empty={emptyHint}
      {...countMessages}
    >
      <form action={localizePath(docsSearchPath, locale)} method="get">
        <label
          htmlFor={`${id}-input`}
          className={cn("mb-1.5 block text-sm font-medium", searchPage && "sr-only")}
        >
          <Trans>Search the documentation</Trans>
        </label>
        {/* The button sits in the field, so that the placeholder keeps the field's width on a phone. */}
        <div className="relative">
          <Input
            id={`${id}-input`}
            type="search"
            name="q"
            defaultValue={initialQuery || undefined}
            maxLength={maxQueryLength}
            enterKeyHint="search"
            autoComplete="off"
            placeholder={t({
              comment: "Keep it short: the whole of it shows in the field on a 320px-wide phone.",
              message: "E.g. password, Android",
            })}
            aria-describedby={`${id}-status`}
            className="pr-11"
          />
          <Spinner hidden className="absolute top-1/2 right-12 -translate-y-1/2" aria-hidden="true" />
          <button
            type="submit"
            aria-label={t`Search`}
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            <Search aria-hidden="true" className="size-4" />
          </button>
        </div>
      </form>
      <p id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-muted-foreground empty:hidden">
        {initialQuery.trim() ? null : emptyHint}
      </p>
      <ul
        hidden
        aria-label={t`Search results`}
        className="mt-2 flex flex-col gap-1 rounded-lg border bg-surface p-1"
      />
      <template>
        <li>
          <a className="flex flex-col gap-0.5 rounded-md px-3 py-2 hover:bg-muted focus-visible:bg-muted">
            <span data-field="title" className="font-medium" />
            <span data-field="description" className="line-clamp-2 text-sm text-muted-foreground" />
          </a>
        </li>
      </template>
    </search>
  );
}
