import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type MiniSearch from "minisearch";
import { useId, useRef, useState } from "react";
import type { SearchDocument } from "../../content/page-data.ts";
import { searchIndexOptions, searchQueryOptions, type SearchHit } from "../../content/search.ts";
import type { Locale } from "../../i18n/locales.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { importWithReload } from "../../lib/app-updates.ts";
import { fetchWithRetry } from "../../lib/fetch-retry.ts";
import { resourcePaths } from "../../routes-table.ts";
import { Input } from "../../ui/input.tsx";
import { Spinner } from "../../ui/spinner.tsx";

type Status = "idle" | "loading" | "ready" | "error";

const indexes = new Map<Locale, Promise<MiniSearch<SearchDocument>>>();

/** The locale's index, fetched (and MiniSearch loaded) once, the first time someone searches. */
function loadIndex(locale: Locale) {
  let index = indexes.get(locale);
  if (!index) {
    index = (async () => {
      const [{ default: MiniSearchClass }, response] = await Promise.all([
        importWithReload(() => import("minisearch")),
        fetchWithRetry(resourcePaths.searchIndex(locale)),
      ]);
      if (!response.ok) throw new Error(`Search index answered ${response.status}`);
      return MiniSearchClass.loadJSON<SearchDocument>(await response.text(), searchIndexOptions);
    })();
    index.catch(() => indexes.delete(locale));
    indexes.set(locale, index);
  }
  return index;
}

/**
 * Offline full-text search of the documentation in the page's locale. The index (built at build
 * time) and the search library load on first focus, so pages that are only read never pay for them.
 */
export function DocsSearch({ className }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const [status, setStatus] = useState<Status>("idle");
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  const latest = useRef("");

  const prepare = () => {
    if (status === "idle" || status === "error") {
      setStatus("loading");
      loadIndex(locale).then(
        () => setStatus("ready"),
        () => setStatus("error"),
      );
    }
  };

  const run = async (value: string) => {
    setQuery(value);
    latest.current = value;
    if (!value.trim()) return setHits([]);
    try {
      const index = await loadIndex(locale);
      if (latest.current !== value) return;
      setStatus("ready");
      setHits(
        index
          .search(value, searchQueryOptions)
          .slice(0, 8)
          .map((r) => ({ slug: String(r.slug), title: String(r.title), description: String(r.description) })),
      );
    } catch {
      setStatus("error");
    }
  };

  const searching = query.trim() !== "";
  return (
    <search data-slot="docs-search" className={className}>
      <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-medium">
        <Trans>Search the documentation</Trans>
      </label>
      <div className="relative">
        <Input
          id={`${id}-input`}
          type="search"
          autoComplete="off"
          value={query}
          placeholder={t`For example: password, Android, invoice`}
          aria-describedby={`${id}-status`}
          onFocus={prepare}
          onChange={(event) => void run(event.target.value)}
        />
        {status === "loading" ? (
          <Spinner className="absolute top-1/2 right-3 -translate-y-1/2" aria-hidden="true" />
        ) : null}
      </div>
      <p id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-muted-foreground empty:hidden">
        {status === "error" ? (
          <Trans>The search index could not be loaded. Check your connection and try again.</Trans>
        ) : searching && status === "ready" ? (
          hits.length === 0 ? (
            <Trans>No page matches “{query}”.</Trans>
          ) : (
            <Plural
              value={hits.length}
              one={`# page matches “${query}”.`}
              other={`# pages match “${query}”.`}
            />
          )
        ) : null}
      </p>
      {searching && hits.length > 0 ? (
        <ul
          aria-label={t`Search results`}
          className="mt-2 flex flex-col gap-1 rounded-lg border bg-surface p-1"
        >
          {hits.map((hit) => (
            <li key={hit.slug}>
              <LocalizedLink
                to={`/fr/docs/${hit.slug}`}
                className="flex flex-col gap-0.5 rounded-md px-3 py-2 hover:bg-muted focus-visible:bg-muted"
              >
                <span className="font-medium">{hit.title}</span>
                <span className="line-clamp-2 text-sm text-muted-foreground">{hit.description}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      ) : null}
    </search>
  );
}
