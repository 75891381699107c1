import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useEffect, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { QueryState } from "./url-query.ts";

export type LoadState<T> =
  { status: "loading" } | { status: "error"; message: MessageDescriptor } | { status: "ready"; data: T };

/** Runs `load` now and whenever it or `reload()` asks again; stale answers are dropped. */
export function useLoad<T>(load: () => Promise<ActionResult<T>>) {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setState({ status: "loading" });
    void load().then((result) => {
      if (!active) return;
      if (result.success) setState({ status: "ready", data: result.data });
      else if (!result.error.aborted) setState({ status: "error", message: result.error.message });
    });
    return () => {
      active = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload] as const;
}

/**
 * A paged list's query and its load: `change` sets filters (back to page 1), `goTo` turns pages.
 * The query lives in the component, or where `held` keeps it (the address: `useUrlQuery`).
 */
export function useListQuery<Q extends { page: number }, T>(
  initial: Q,
  load: (query: Q) => Promise<ActionResult<T>>,
  held?: QueryState<Q>,
) {
  const own = useState(initial);
  const [query, setQuery] = held ?? own;
  const [state, reload] = useLoad(useCallback(() => load(query), [load, query]));
  const change = useCallback(
    (patch: Partial<Q>) => setQuery((q) => ({ ...q, page: 1, ...patch })),
    [setQuery],
  );
  const goTo = useCallback((page: number) => setQuery((q) => ({ ...q, page })), [setQuery]);
  return { query, state, reload, change, goTo };
}
