import { Trans, useLingui } from "@lingui/react/macro";
import { ParentSize } from "@visx/responsive";
import { ChevronRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "#src/lib/cn.ts";
import { Button } from "#src/ui/button.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { Spinner } from "#src/ui/spinner.tsx";
import { staticPlotWidths } from "./static-layout.ts";

export type ChartStatus = "ready" | "loading" | "error";

/** What every chart accepts about its data's state. */
export type ChartFrameStateProps = {
  /** `loading` shows a placeholder, `error` a message and, with `onRetry`, a retry button. */
  status?: ChartStatus;
  /** Replaces the default error text. */
  errorMessage?: string;
  onRetry?: () => void;
  /** Heading level of the title, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /**
   * `true` (default): the plot is measured and drawn at its container's width, with a tooltip and
   * arrow-key navigation (needs hydration). `false`: a static chart for pages without JavaScript,
   * drawn at two fixed widths that scale to the container (see `staticPlotWidths`), every point a
   * tab stop whose value shows on focus or hover through CSS only.
   */
  interactive?: boolean;
};

export type ChartLegendItem = { key: string; label: string; color: string };
/** The same data as the plot, as text: one row per point or category. */
export type ChartTable = {
  columns: string[];
  rows: { key: string; header: string; cells: string[] }[];
};

export type ChartFrameProps = ChartFrameStateProps & {
  title: string;
  description?: string;
  legend?: ChartLegendItem[];
  /** No data: shows an empty state instead of the plot. */
  empty?: boolean;
  /** Plot height in pixels (static: at the plot's drawn width); the width follows the container. */
  height: number;
  table?: ChartTable;
  className?: string;
  /** Draws the plot at the measured size (static: once at each of `staticPlotWidths`). */
  children: (size: { width: number; height: number }) => ReactNode;
};

/**
 * Title, legend, responsive sizing, loading/empty/error states and the data table around a plot.
 * The table sits in a native `<details>`, so it opens without JavaScript; the plot's points carry
 * the same values as their accessible names.
 */
export function ChartFrame({
  title,
  description,
  legend = [],
  empty = false,
  status = "ready",
  errorMessage,
  onRetry,
  headingLevel = 3,
  height,
  table,
  className,
  interactive = true,
  children,
}: ChartFrameProps) {
  const { t } = useLingui();
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const ready = status === "ready" && !empty;
  return (
    <figure
      data-slot="chart-frame"
      aria-labelledby={`${id}-title`}
      aria-busy={status === "loading" || undefined}
      className={cn("flex min-w-0 flex-col gap-4 rounded-xl border bg-surface p-4 sm:p-5", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={`${id}-title`} className="text-base font-semibold text-foreground">
            {title}
          </Heading>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {legend.length > 1 && ready ? (
          <ul aria-label={t`Legend`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {legend.map((item) => (
              <li key={item.key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full"
                  style={{ background: item.color }}
                />
                {item.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {ready && !interactive ? (
        <div data-slot="chart-plot-area" className="w-full">
          {/* Two drawings of the same plot; `display: none` keeps the hidden one from readers and Tab. */}
          <div className="sm:hidden">{children({ width: staticPlotWidths.narrow, height })}</div>
          <div className="hidden sm:block">{children({ width: staticPlotWidths.wide, height })}</div>
        </div>
      ) : (
        <div data-slot="chart-plot-area" className="relative w-full" style={{ height }}>
          {status === "loading" ? (
            <div className="absolute inset-0 flex items-center justify-center">
              <Skeleton radius="lg" className="absolute inset-0" />
              <Spinner label={t`Loading chart`} showLabel className="relative" />
            </div>
          ) : status === "error" ? (
            <ChartMessage
              tone="danger"
              title={<Trans>The chart could not be loaded</Trans>}
              detail={errorMessage ?? t`Check your connection, then try again.`}
              action={
                onRetry ? (
                  <Button variant="outline" size="sm" onClick={onRetry}>
                    <Trans>Try again</Trans>
                  </Button>
                ) : null
              }
            />
          ) : empty ? (
            <ChartMessage
              title={<Trans>No data yet</Trans>}
              detail={t`There is nothing to show for this period.`}
            />
          ) : (
            <ParentSize debounceTime={50} className="absolute inset-0 overflow-hidden">
              {({ width }) => (width > 0 ? children({ width: Math.floor(width), height }) : null)}
            </ParentSize>
          )}
        </div>
      )}

      {ready && table ? (
        <details className="group/table">
          <summary
            className={cn(
              "inline-flex h-8 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-xs font-medium text-muted-foreground transition-colors select-none hover:bg-muted hover:text-foreground [&::-webkit-details-marker]:hidden",
              "[&_svg]:size-4 [&_svg]:shrink-0",
            )}
          >
            <ChevronRight aria-hidden="true" className="transition-transform group-open/table:rotate-90" />
            <span className="group-open/table:hidden">
              <Trans>Show data table</Trans>
            </span>
            <span className="hidden group-open/table:inline">
              <Trans>Hide data table</Trans>
            </span>
          </summary>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b text-muted-foreground">
                  {table.columns.map((column, index) => (
                    <th
                      key={column}
                      scope="col"
                      className={cn("px-2 py-1.5 font-medium", index > 0 && "text-right")}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key} className="border-b last:border-b-0">
                    <th scope="row" className="px-2 py-1.5 font-normal text-foreground">
                      {row.header}
                    </th>
                    {row.cells.map((cell, index) => (
                      <td key={table.columns[index + 1]} className="px-2 py-1.5 text-right tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}

function ChartMessage({
  title,
  detail,
  action,
  tone = "muted",
}: {
  title: ReactNode;
  detail: string;
  action?: ReactNode;
  tone?: "muted" | "danger";
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : undefined}
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center"
    >
      <p className={cn("font-medium", tone === "danger" ? "text-danger" : "text-foreground")}>{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{detail}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
