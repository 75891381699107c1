import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { useId, type ComponentType, type CSSProperties, type ReactNode } from "react";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { ChartFrame, type ChartFrameStateProps } from "./chart-frame.tsx";
import {
  axisColor,
  ChartTooltip,
  labelWidth,
  LiveAnnouncement,
  PlotInstructions,
  seriesCells,
  seriesColor,
  seriesLegend,
  StaticItem,
  StaticValueLabel,
  useChartCursor,
  useDescribeItem,
  type TooltipRow,
} from "./chart-parts.tsx";
import { chartFormatters, type ChartFormatters } from "../../lib/format.ts";
import { px, type Bounds } from "./static-layout.ts";
import { exactTicks, thinTicks, tickCount } from "./ticks.ts";

/** A datum of either chart: a value per series key. */
export type SeriesDatum = { values: Record<string, number | undefined> };
export type SeriesKey = { key: string; label: string };

/** The props of a plot of either chart, interactive or static. */
export type SeriesPlotProps<D extends SeriesDatum, S extends SeriesKey> = {
  data: readonly D[];
  series: readonly S[];
  width: number;
  height: number;
  locale: Locale;
  /** Accessible name of the plot (the chart's title). */
  label: string;
  valueFormat?: Intl.NumberFormatOptions;
  /** Top of the value axis; by default the largest value, rounded up to a nice number. */
  yMax?: number;
};

/** The tooltip rows of one datum: each series' value formatted, "—" where there is none. */
export function seriesRows(
  series: readonly SeriesKey[],
  values: Record<string, number | undefined> | undefined,
  formatValue: (value: number) => string,
): TooltipRow[] {
  const cells = seriesCells(series, values ?? {}, formatValue);
  return series.map((s, i) => ({
    key: s.key,
    label: s.label,
    value: cells[i] ?? "—",
    color: seriesColor(i),
  }));
}

/**
 * The value scale of either chart at a given plot height: its ticks, and the left margin their
 * labels need. The domain starts at `min` (0 by default) and ends at `max`, rounded up.
 */
export function valueScale({
  values,
  innerHeight,
  format,
  min = 0,
  max,
}: {
  values: number[];
  innerHeight: number;
  format: ChartFormatters;
  min?: number;
  max?: number;
}) {
  const yScale = scaleLinear<number>({
    domain: [min, max ?? Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: tickCount(innerHeight, 44),
  });
  const yTicks = thinTicks(
    exactTicks(yScale.ticks(tickCount(innerHeight, 44)), format.exact),
    tickCount(innerHeight, 28),
  );
  const left = Math.max(...yTicks.map((v) => labelWidth(format.tickValue(v)))) + 16;
  /** Top of a datum's highest value. */
  const topOf = (series: readonly SeriesKey[], values: Record<string, number | undefined>) =>
    Math.min(...series.map((s) => yScale(values[s.key] ?? 0)));
  return { yScale, yTicks, left, topOf };
}

/** Every finite value of `data` in `series`. */
export function finiteValues(data: readonly SeriesDatum[], series: readonly SeriesKey[]): number[] {
  return data.flatMap((d) => series.map((s) => d.values[s.key])).filter(Number.isFinite) as number[];
}

/** The dashed horizontal grid of both charts. */
export function ValueGrid({
  scale,
  ticks,
  width,
}: {
  scale: ReturnType<typeof valueScale>["yScale"];
  ticks: number[];
  width: number;
}) {
  return <GridRows scale={scale} width={width} tickValues={ticks} stroke={axisColor} strokeDasharray="3 4" />;
}

/** A rounded rectangle over the full height of an item's band (its highlight or focus ring). */
export function BandRect({
  band,
  height,
  className,
  style,
}: {
  band: { x: number; width: number };
  height: number;
  className?: string;
  style: CSSProperties;
}) {
  return (
    <rect
      aria-hidden="true"
      className={className}
      x={band.x}
      y={0}
      width={band.width}
      height={height}
      rx={6}
      style={style}
    />
  );
}

/** What both plots, interactive and static, know about their items. */
export type PlotItems = {
  /** `data-slot` of the plot, and of each of its items. */
  slot: string;
  itemSlot: string;
  width: number;
  height: number;
  /** Accessible name of the plot. */
  label: string;
  /** Where the plot area starts inside the SVG. */
  left: number;
  top: number;
  innerHeight: number;
  count: number;
  itemKey: (index: number) => string;
  /** The item's heading (its category or date), read before its values. */
  heading: (index: number) => string;
  rows: (index: number) => TooltipRow[];
  /** The transparent area over which an item is hovered (in plot coordinates). */
  hitArea: (index: number) => { x: number; width: number };
};

/**
 * A plot's `PlotItems`: one item per datum of `data`, keyed by `key` and read as `heading`, its
 * values from `layout.rowsAt`, in the plot area `layout.left` and `top` place.
 */
export function plotItems<D extends SeriesDatum>(
  { data, width, height, label }: Pick<SeriesPlotProps<D, SeriesKey>, "data" | "width" | "height" | "label">,
  layout: { left: number; innerHeight: number; rowsAt: (index: number) => TooltipRow[] },
  spec: Pick<PlotItems, "slot" | "itemSlot" | "top" | "hitArea"> & {
    key: (datum: D) => string;
    heading: (datum: D) => string;
  },
): PlotItems {
  const { key, heading, ...rest } = spec;
  return {
    ...rest,
    width,
    height,
    label,
    left: layout.left,
    innerHeight: layout.innerHeight,
    count: data.length,
    itemKey: (index) => key(data[index] as D),
    heading: (index) => heading(data[index] as D),
    rows: layout.rowsAt,
  };
}

/**
 * Where a static plot's value labels stay (plot coordinates): inside the SVG, a few pixels from its
 * edges; `bottom` is how far down they may go.
 */
export function labelBounds(
  { left, innerWidth }: { left: number; innerWidth: number },
  margin: { top: number; right: number },
  bottom: number,
): Bounds {
  return { left: 4 - left, top: 2 - margin.top, right: innerWidth + margin.right - 4, bottom };
}

export type ActiveItem = { index: number; focusVisible: boolean };

/**
 * The interactive plot's frame: the SVG and its plot area, one hit area per item (a roving tab
 * stop), the tooltip of the active item and a live region announcing it. `children` draws the plot
 * under the hit areas, with the active item if any.
 */
export function InteractivePlot({
  items,
  anchor,
  children,
}: {
  items: PlotItems;
  /** Where the tooltip of an item points (plot coordinates), how far above and how wide the item is. */
  anchor: (index: number) => { x: number; y: number; gap?: number; half?: number };
  children: (active: ActiveItem | null) => ReactNode;
}) {
  const { width, height, left, top, heading, rows } = items;
  const instructionsId = useId();
  const cursor = useChartCursor(items.count);
  const describeItem = useDescribeItem();
  const active = cursor.active;
  const at = active ? anchor(active.index) : undefined;
  return (
    <div
      data-slot={items.slot}
      className="relative"
      style={{ width, height }}
      onPointerLeave={cursor.onPointerLeave}
    >
      <svg
        width={width}
        height={height}
        role="group"
        aria-label={items.label}
        aria-describedby={instructionsId}
      >
        <Group left={left} top={top}>
          {children(active ? { index: active.index, focusVisible: cursor.focusVisible } : null)}
          {Array.from({ length: items.count }, (_, index) => (
            <rect
              key={items.itemKey(index)}
              data-slot={items.itemSlot}
              role="img"
              aria-label={describeItem(heading(index), rows(index))}
              {...items.hitArea(index)}
              y={0}
              height={items.innerHeight}
              fill="transparent"
              {...cursor.itemProps(index)}
            />
          ))}
        </Group>
      </svg>
      <PlotInstructions id={instructionsId} />
      {active && at ? (
        <ChartTooltip
          x={left + at.x}
          y={top + at.y}
          width={width}
          heading={heading(active.index)}
          rows={rows(active.index)}
          gap={at.gap}
          half={at.half}
        />
      ) : null}
      <LiveAnnouncement text={active ? describeItem(heading(active.index), rows(active.index)) : ""} />
    </div>
  );
}

/**
 * The static plot's frame (no script, no measuring): the SVG drawn at `width` into a `viewBox`
 * that scales to its container, and each item a tab stop named like the interactive plot's, with
 * a `<title>`, whose `reveal` marks and value label CSS shows on hover and focus.
 */
export function StaticPlot({
  items,
  bounds,
  reveal,
  children,
}: {
  items: PlotItems;
  /** Where value labels stay, in plot coordinates. */
  bounds: Bounds;
  /** What an item shows on hover and focus, and where its value label points. */
  reveal: (index: number) => {
    marks: ReactNode;
    label: { x: number; y: number; gap?: number; half?: number };
  };
  /** The plot under the items. */
  children: ReactNode;
}) {
  const describeItem = useDescribeItem();
  return (
    <svg
      data-slot={items.slot}
      viewBox={`0 0 ${items.width} ${items.height}`}
      width="100%"
      className="block h-auto"
      role="group"
      aria-label={items.label}
    >
      <Group left={items.left} top={items.top}>
        {children}
        {Array.from({ length: items.count }, (_, index) => {
          const hit = items.hitArea(index);
          const itemHeading = items.heading(index);
          const itemRows = items.rows(index);
          const { marks, label: at } = reveal(index);
          return (
            <StaticItem
              key={items.itemKey(index)}
              slot={items.itemSlot}
              description={describeItem(itemHeading, itemRows)}
            >
              <rect x={px(hit.x)} y={0} width={px(hit.width)} height={items.innerHeight} fill="transparent" />
              {marks}
              <StaticValueLabel
                x={at.x}
                y={at.y}
                bounds={bounds}
                heading={itemHeading}
                rows={itemRows}
                gap={at.gap}
                half={at.half}
              />
            </StaticItem>
          );
        })}
      </Group>
    </svg>
  );
}

export type SeriesChartProps<D extends SeriesDatum, S extends SeriesKey> = ChartFrameStateProps & {
  title: string;
  description?: string;
  data: readonly D[];
  series: readonly S[];
  valueFormat?: Intl.NumberFormatOptions;
  yMax?: number;
  /** Height of the plot in pixels; the width follows the container. */
  height?: number;
  className?: string;
};

/**
 * Either chart in its frame: legend, states, the data table (a row per datum: `rowKey`, `rowHeader`
 * and each series' value) and the plot, interactive or static.
 */
export function SeriesChart<D extends SeriesDatum, S extends SeriesKey>({
  title,
  description,
  data,
  series,
  valueFormat,
  yMax,
  height = 280,
  interactive = true,
  firstColumn,
  rowKey,
  rowHeader,
  plot: InteractivePlotComponent,
  staticPlot: StaticPlotComponent,
  ...frame
}: SeriesChartProps<D, S> & {
  /** Header of the table's first column (what a row is: a category, a date). */
  firstColumn: string;
  rowKey: (datum: D) => string;
  rowHeader: (datum: D, format: ChartFormatters) => string;
  plot: ComponentType<SeriesPlotProps<D, S>>;
  staticPlot: ComponentType<SeriesPlotProps<D, S>>;
}) {
  const Plot = interactive ? InteractivePlotComponent : StaticPlotComponent;
  const locale = useLocale();
  const format = chartFormatters(locale, valueFormat);
  return (
    <ChartFrame
      title={title}
      description={description}
      height={height}
      empty={data.length === 0}
      legend={seriesLegend(series)}
      table={{
        columns: [firstColumn, ...series.map((s) => s.label)],
        rows: data.map((d) => ({
          key: rowKey(d),
          header: rowHeader(d, format),
          cells: seriesCells(series, d.values, format.value),
        })),
      }}
      interactive={interactive}
      {...frame}
    >
      {({ width }) => (
        <Plot
          data={data}
          series={series}
          width={width}
          height={height}
          locale={locale}
          label={title}
          valueFormat={valueFormat}
          yMax={yMax}
        />
      )}
    </ChartFrame>
  );
}
