import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { importWithReload } from "#src/lib/app-updates.ts";
import { cn } from "#src/lib/cn.ts";
import { resources } from "#shared/routing/table.ts";
import { Input } from "#src/ui/input.tsx";
import { Spinner } from "#src/ui/spinner.tsx";
import { docsSearchId } from "./anchor.ts";

/** Results the search shows at most (`maxHits` of src/enhance/docs-search.ts). */
const maxHits = 8;

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

/** The search module, loaded on the first focus of a live (Storybook or hydrated) search box. */
function useEnhanceOnFocus() {
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
    if (document.activeElement === input) enhance();
    else input.addEventListener("focus", enhance, { once: true });
    return () => input.removeEventListener("focus", enhance);
  }, []);
  return ref;
}

/**
 * Offline full-text search of the documentation in the page's locale, prerendered without state:
 * src/enhance/docs-search.ts makes it work on first focus, with or without React. The markup holds
 * everything that module needs (index URL, result links, translated messages, a result template),
 * so the index and the search library load only when someone searches.
 */
export function DocsSearch({ className }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const ref = useEnhanceOnFocus();

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
      {...countMessages}
    >
      <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-medium">
        <Trans>Search the documentation</Trans>
      </label>
      <div className="relative">
        <Input
          id={`${id}-input`}
          type="search"
          autoComplete="off"
          placeholder={t({
            comment: "Keep it short: the whole of it shows in the field on a 320px-wide phone.",
            message: "E.g. password, Android",
          })}
          aria-describedby={`${id}-status`}
        />
        <Spinner hidden className="absolute top-1/2 right-3 -translate-y-1/2" aria-hidden="true" />
      </div>
      <p id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-muted-foreground empty:hidden" />
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
