import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "#src/ui/button.tsx";
import { AlertCircleIcon } from "#src/ui/icons.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import type { LoadState } from "./use-load.ts";

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
