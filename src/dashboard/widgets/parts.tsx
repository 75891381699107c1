import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { AlertCircleIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

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
 */
export function useListQuery<Q extends { page: number }, T>(
  initial: Q,
  load: (query: Q) => Promise<ActionResult<T>>,
) {
  const [query, setQuery] = useState(initial);
  const [state, reload] = useLoad(useCallback(() => load(query), [load, query]));
  const change = useCallback((patch: Partial<Q>) => setQuery((q) => ({ ...q, page: 1, ...patch })), []);
  const goTo = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);
  return { query, state, reload, change, goTo };
}

/** A dashboard page's title, what it is for, and its actions. */
export function PageHeading({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A failed load: the reason and a way to try again. */
export function LoadError({ message, onRetry }: { message: MessageDescriptor; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-danger/50 bg-danger/10 px-4 py-3 text-sm"
    >
      <AlertCircleIcon className="size-4 shrink-0 text-danger" />
      <span className="flex-1">{i18n._(message)}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** Placeholder rows while a list loads, announced once as "Loading". */
export function LoadingRows({ rows = 5 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading`} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * One load's four states: placeholder rows while it loads, the error with a retry, `empty` when
 * there is nothing to show (no data, or `isEmpty`), else `children` with the data.
 */
export function Loaded<T>({
  state,
  onRetry,
  rows,
  isEmpty,
  empty,
  children,
}: {
  state: LoadState<T>;
  onRetry: () => void;
  rows?: number;
  isEmpty?: (data: NonNullable<T>) => boolean;
  empty?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  if (state.status === "loading") return <LoadingRows rows={rows} />;
  if (state.status === "error") return <LoadError message={state.message} onRetry={onRetry} />;
  const { data } = state;
  if (data === null || data === undefined || isEmpty?.(data)) {
    return (
      <p role="status" className="rounded-md border px-4 py-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return children(data);
}

/** Previous and next page around "Page n of m"; `children` sit at the start (the page size). */
export function Pager({
  page,
  totalPages,
  onPage,
  children,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Pages`} className="mt-4 flex flex-wrap items-end justify-between gap-3">
      {children}
      <div className="ml-auto flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span>
          <Trans>
            Page {page} of {Math.max(totalPages, 1)}
          </Trans>
        </span>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </nav>
  );
}

/** The outcome of the last action: a success note (status) or an error (alert). */
export function ActionNote({ note }: { note: Note | null }) {
  const { i18n } = useLingui();
  return (
    <div aria-live="polite">
      {note?.kind === "success" ? (
        <p
          role="status"
          className="mb-4 flex items-start gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2.5 text-sm"
        >
          <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{note.text}</span>
        </p>
      ) : null}
      {note?.kind === "error" ? (
        <p
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-md border border-danger/50 bg-danger/10 px-3 py-2.5 text-sm"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>{typeof note.text === "string" ? note.text : i18n._(note.text)}</span>
        </p>
      ) : null}
    </div>
  );
}

export type Note = { kind: "success"; text: string } | { kind: "error"; text: string | MessageDescriptor };

export const cellClassName = "border-b px-3 py-2 align-top";

/** A list's table: its column headings, then its rows (`<tr>`); it scrolls sideways when narrow. */
export function DataTable({ headings, children }: { headings: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} className="border-b px-3 py-2 font-medium text-muted-foreground">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The heading of a column of buttons: read by screen readers, not shown. */
export function ActionsHeading() {
  return (
    <span className="sr-only">
      <Trans>Actions</Trans>
    </span>
  );
}

/** A labelled select of a few fixed options. */
export function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <Field label={label} className={className}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
