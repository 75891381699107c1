import { useLingui } from "@lingui/react/macro";
import { AxisLeft } from "@visx/axis";
import type { ScaleLinear } from "d3-scale";
import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { itemAfterKey } from "#src/lib/arrow-keys.ts";
import { cn } from "#src/lib/cn.ts";
import {
  placeTooltip,
  tooltipMetrics,
  tooltipSize,
  type Bounds,
  type Box,
  type TooltipAnchor,
} from "./static-layout.ts";

/** Series colours, in order, from the chart tokens (`--chart-1` … `--chart-4`). */
export function seriesColor(index: number): string {
  return `var(--chart-${(index % 4) + 1})`;
}

/** A chart's legend: its series, coloured in order. */
export function seriesLegend(series: readonly { key: string; label: string }[]) {
  return series.map((s, i) => ({ key: s.key, label: s.label, color: seriesColor(i) }));
}

/** One row of a chart's data table: each series' value formatted, "—" where there is none. */
export function seriesCells(
  series: readonly { key: string }[],
  values: Record<string, number | undefined>,
  formatValue: (value: number) => string,
): string[] {
  return series.map((s) => {
    const value = values[s.key];
    return Number.isFinite(value) ? formatValue(value as number) : "—";
  });
}

export const axisColor = "var(--border)";
const tickLabelColor = "var(--muted-foreground)";
export const tickLabelProps = {
  fill: tickLabelColor,
  fontSize: 12,
  fontFamily: "var(--font-sans)",
} as const;

/** The value axis of both chart kinds: tick labels only, formatted for the locale. */
export function ValueAxis({
  scale,
  ticks,
  format,
}: {
  scale: ScaleLinear<number, number>;
  ticks: number[];
  format: (value: number) => string;
}) {
  return (
    <AxisLeft
      scale={scale}
      tickValues={ticks}
      tickFormat={(v) => format(Number(v))}
      hideAxisLine
      hideTicks
      tickLabelProps={{ ...tickLabelProps, textAnchor: "end", dx: -4, dy: "0.33em" }}
    />
  );
}

/** Rough width of a tick label, to size the left margin before anything is measured. */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * 8);
}

type Active = { index: number; via: "pointer" | "keyboard" };

/**
 * One tab stop for the whole plot (roving tabindex): arrow keys move between items, Home/End jump,
 * Escape hides the tooltip; pointer hover shows the same tooltip.
 */
export function useChartCursor(count: number) {
  const [active, setActive] = useState<Active | null>(null);
  const [tabStop, setTabStop] = useState(0);
  const [focusVisible, setFocusVisible] = useState(false);
  const items = useRef<(SVGElement | null)[]>([]);

  return {
    active: active && active.index < count ? active : null,
    focusVisible,
    itemProps(index: number) {
      return {
        ref: (node: SVGElement | null) => {
          items.current[index] = node;
        },
        tabIndex: index === Math.min(tabStop, count - 1) ? 0 : -1,
        onFocus: (event: FocusEvent<SVGElement>) => {
          setTabStop(index);
          setFocusVisible(event.currentTarget.matches(":focus-visible"));
          setActive({ index, via: "keyboard" });
        },
        onBlur: () => {
          setFocusVisible(false);
          setActive((current) => (current?.via === "keyboard" ? null : current));
        },
        onPointerEnter: () => setActive({ index, via: "pointer" }),
        onKeyDown: (event: KeyboardEvent<SVGElement>) => {
          const target = itemAfterKey(event.key, index, count);
          if (target !== undefined) {
            event.preventDefault();
            items.current[target]?.focus();
          } else if (event.key === "Escape") {
            setActive(null);
          }
        },
        style: { outline: "none" },
      };
    },
    onPointerLeave: () => setActive((current) => (current?.via === "pointer" ? null : current)),
  };
}

export type TooltipRow = { key: string; label: string; value: string; color: string };

/**
 * The visible tooltip (hidden from assistive tech), placed by `placeTooltip` once its size is
 * measured: clear of the item it explains and of the values written above the bars (`avoid`).
 * `offset` is where the plot area starts in the tooltip's container.
 */
export function ChartTooltip({
  anchor,
  bounds,
  avoid,
  offset,
  heading,
  rows,
}: {
  anchor: TooltipAnchor;
  bounds: Bounds;
  avoid?: readonly Box[];
  offset: { left: number; top: number };
  heading: string;
  rows: TooltipRow[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // Measured before the browser paints: the tooltip shows once, where it belongs.
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const { offsetWidth: width, offsetHeight: height } = node;
    setSize((current) =>
      current?.width === width && current.height === height ? current : { width, height },
    );
  });
  const box = size ? placeTooltip(anchor, size, bounds, avoid) : null;
  return (
    <div
      ref={ref}
      data-slot="chart-tooltip"
      aria-hidden="true"
      className="pointer-events-none absolute z-10 w-max min-w-36 rounded-md border bg-surface-raised px-3 py-2 text-xs shadow-lg shadow-black/50"
      style={
        box
          ? { left: Math.round(offset.left + box.x), top: Math.round(offset.top + box.y) }
          : { left: 0, top: 0, visibility: "hidden" }
      }
    >
      <p className="mb-1 font-medium text-foreground">{heading}</p>
      <ul className="flex flex-col gap-0.5">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center gap-2 text-muted-foreground">
            <span className="size-2 shrink-0 rounded-full" style={{ background: row.color }} />
            <span>{row.label}</span>
            <span className="ml-auto pl-3 font-medium text-foreground tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Text read for one item: "Sep 7, 2026: Opened 12, Resolved 9" (French puts a space before the colon). */
export function useDescribeItem() {
  const { t } = useLingui();
  return (heading: string, rows: TooltipRow[]) => {
    const values = rows.map((row) => `${row.label} ${row.value}`).join(", ");
    return t`${heading}: ${values}`;
  };
}

export function PlotInstructions({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <p id={id} className="sr-only">
      {t`Use the arrow keys to move between data points.`}
    </p>
  );
}

export function LiveAnnouncement({ text, className }: { text: string; className?: string }) {
  return (
    <p aria-live="polite" aria-atomic="true" className={cn("sr-only", className)}>
      {text}
    </p>
  );
}

/**
 * Classes of what a static item shows while hovered or focused (CSS only). Any focus, not only
 * keyboard focus: on a phone a tap focuses the item, and that is how a finger reaches its value.
 */
export const revealClassName = "invisible group-hover:visible group-focus:visible";
/** Classes of a static item's focus ring, shown only while it has keyboard focus. */
export const focusRingClassName = "invisible group-focus-visible:visible";

/**
 * One data point of a static plot: a tab stop named by `description`, with the same text as a
 * native tooltip (`<title>`). Its children draw the hit area and what `revealClassName` shows.
 */
export function StaticItem({
  slot,
  description,
  children,
}: {
  slot: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <g
      data-slot={slot}
      role="img"
      aria-label={description}
      tabIndex={0}
      className="group cursor-default"
      style={{ outline: "none" }}
    >
      <title>{description}</title>
      {children}
    </g>
  );
}

/**
 * The value label of a static item, drawn inside the SVG (no measuring, no script): heading, then
 * one line per series, placed like the interactive tooltip (`placeTooltip`) on an estimate of its
 * size. Hidden from assistive tech: the item's name says the same.
 */
export function StaticValueLabel({
  anchor,
  bounds,
  avoid,
  heading,
  rows,
}: {
  anchor: TooltipAnchor;
  bounds: Bounds;
  avoid?: readonly Box[];
  heading: string;
  rows: TooltipRow[];
}) {
  const { padding, lineHeight, fontSize } = tooltipMetrics;
  const box = placeTooltip(anchor, tooltipSize(heading, rows), bounds, avoid);
  const baseline = (line: number) => padding + lineHeight * line + 12.5;
  return (
    <g
      data-slot="chart-value"
      aria-hidden="true"
      className={cn("pointer-events-none", revealClassName)}
      transform={`translate(${box.x} ${box.y})`}
      style={{ fontFamily: "var(--font-sans)", fontSize }}
    >
      <rect
        width={box.width}
        height={box.height}
        rx={6}
        style={{ fill: "var(--surface-raised)", stroke: "var(--border)" }}
      />
      <text x={padding} y={baseline(0)} style={{ fill: "var(--foreground)", fontWeight: 500 }}>
        {heading}
      </text>
      {rows.map((row, index) => (
        <g key={row.key}>
          <circle cx={padding + 4} cy={baseline(index + 1) - 4} r={4} style={{ fill: row.color }} />
          <text x={padding + 14} y={baseline(index + 1)} style={{ fill: "var(--muted-foreground)" }}>
            {row.label}
          </text>
          <text
            x={box.width - padding}
            y={baseline(index + 1)}
            textAnchor="end"
            className="tabular-nums"
            style={{ fill: "var(--foreground)", fontWeight: 500 }}
          >
            {row.value}
          </text>
        </g>
      ))}
    </g>
  );
}
