import { useLingui } from "@lingui/react/macro";
import { AxisBottom } from "@visx/axis";
import { curveMonotoneX } from "@visx/curve";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleLinear, scaleUtc } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import { useId } from "react";
import type { Locale } from "../../i18n/locales.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { ChartFrame, type ChartFrameStateProps } from "./chart-frame.tsx";
import {
  axisColor,
  ChartTooltip,
  useDescribeItem,
  labelWidth,
  LiveAnnouncement,
  PlotInstructions,
  seriesCells,
  seriesColor,
  seriesLegend,
  StaticItem,
  StaticValueLabel,
  focusRingClassName,
  revealClassName,
  tickLabelProps,
  useChartCursor,
  type TooltipRow,
  ValueAxis,
} from "./chart-parts.tsx";
import { chartFormatters, parseChartDate, type ChartDate } from "./format.ts";
import { px } from "./static-layout.ts";
import { exactTicks, thinTicks, tickCount } from "./ticks.ts";

/** One point in time with a value per series key. */
export type TimeSeriesDatum = { date: ChartDate; values: Record<string, number | undefined> };
/** A series drawn as a line, or as a line over a filled area. */
export type TimeSeries = { key: string; label: string; kind?: "line" | "area" };

export type TimeSeriesPlotProps = {
  data: readonly TimeSeriesDatum[];
  series: readonly TimeSeries[];
  width: number;
  height: number;
  locale: Locale;
  /** Accessible name of the plot (the chart's title). */
  label: string;
  valueFormat?: Intl.NumberFormatOptions;
  /** Top of the value axis; by default the largest value, rounded up to a nice number. */
  yMax?: number;
};

const margin = { top: 12, right: 24, bottom: 30 };

type TimeSeriesLayoutInput = Pick<
  TimeSeriesPlotProps,
  "data" | "series" | "width" | "height" | "locale" | "valueFormat" | "yMax"
>;

/** Scales, ticks and margins of a time-series plot at a given size: shared by both modes. */
function timeSeriesLayout({ data, series, width, height, locale, valueFormat, yMax }: TimeSeriesLayoutInput) {
  const format = chartFormatters(locale, valueFormat);
  const dates = data.map((d) => parseChartDate(d.date));
  const values = data.flatMap((d) => series.map((s) => d.values[s.key])).filter(Number.isFinite) as number[];

  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const yScale = scaleLinear<number>({
    domain: [Math.min(0, ...values), yMax ?? Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: tickCount(innerHeight, 44),
  });
  const yTicks = thinTicks(
    exactTicks(yScale.ticks(tickCount(innerHeight, 44)), format.exact),
    tickCount(innerHeight, 28),
  );
  const left = Math.max(...yTicks.map((v) => labelWidth(format.tickValue(v)))) + 16;
  const innerWidth = Math.max(0, width - left - margin.right);

  const first = dates[0] ?? new Date(0);
  const last = dates[dates.length - 1] ?? first;
  const xScale = scaleUtc<number>({
    domain: [first, last.getTime() === first.getTime() ? new Date(first.getTime() + 86_400_000) : last],
    range: [0, innerWidth],
  });
  const xs = dates.map((d) => xScale(d));
  const xTicks = thinTicks(dates, tickCount(innerWidth, 76));

  const rowsAt = (index: number): TooltipRow[] => {
    const datum = data[index];
    return series.map((s, i) => ({
      key: s.key,
      label: s.label,
      value:
        datum && Number.isFinite(datum.values[s.key]) ? format.value(datum.values[s.key] as number) : "—",
      color: seriesColor(i),
    }));
  };
  /** Top of a point's highest value. */
  const topAt = (datum: TimeSeriesDatum) => Math.min(...series.map((s) => yScale(datum.values[s.key] ?? 0)));
  /** The band a point's item covers: halfway to its neighbours. */
  const bandAt = (index: number) => {
    const x = xs[index] ?? 0;
    const from = index === 0 ? 0 : (x + (xs[index - 1] ?? x)) / 2;
    const to = index === data.length - 1 ? innerWidth : (x + (xs[index + 1] ?? x)) / 2;
    return { x: from, width: Math.max(1, to - from) };
  };
  return { format, innerHeight, innerWidth, left, yScale, yTicks, xScale, xs, xTicks, rowsAt, topAt, bandAt };
}

type TimeSeriesLayout = ReturnType<typeof timeSeriesLayout>;

/** Grid, lines and areas (with dots when there are few points). */
function TimeSeriesLines({
  data,
  series,
  layout,
}: {
  data: readonly TimeSeriesDatum[];
  series: readonly TimeSeries[];
  layout: TimeSeriesLayout;
}) {
  const { innerWidth, yScale, yTicks, xs } = layout;
  return (
    <>
      <GridRows
        scale={yScale}
        width={innerWidth}
        tickValues={yTicks}
        stroke={axisColor}
        strokeDasharray="3 4"
      />
      {series.map((s, i) => {
        const points = data
          .map((d, index) => ({ x: xs[index] ?? 0, v: d.values[s.key] }))
          .filter((p): p is { x: number; v: number } => Number.isFinite(p.v));
        const color = seriesColor(i);
        return (
          <g key={s.key} data-series={s.key}>
            {s.kind === "area" ? (
              <AreaClosed
                data={points}
                x={(p) => p.x}
                y={(p) => yScale(p.v)}
                yScale={yScale}
                curve={curveMonotoneX}
                style={{ fill: color, fillOpacity: 0.16 }}
              />
            ) : null}
            <LinePath
              data={points}
              x={(p) => p.x}
              y={(p) => yScale(p.v)}
              curve={curveMonotoneX}
              style={{ stroke: color, strokeWidth: 2, fill: "none" }}
            />
            {points.length <= 24
              ? points.map((p) => (
                  <circle key={p.x} cx={p.x} cy={yScale(p.v)} r={2.5} style={{ fill: color }} />
                ))
              : null}
          </g>
        );
      })}
    </>
  );
}

/** Both axes, ticks formatted for the locale. */
function TimeSeriesAxes({ layout }: { layout: TimeSeriesLayout }) {
  const { format, innerHeight, yScale, yTicks, xScale, xTicks } = layout;
  return (
    <>
      <ValueAxis scale={yScale} ticks={yTicks} format={format.tickValue} />
      <AxisBottom
        top={innerHeight}
        scale={xScale}
        tickValues={xTicks}
        tickFormat={(v) => format.tickDate((v as Date).toISOString())}
        stroke={axisColor}
        tickStroke={axisColor}
        tickLength={4}
        tickLabelProps={{ ...tickLabelProps, textAnchor: "middle" }}
      />
    </>
  );
}

/** The marker of the point at `x`: a dashed rule and a dot on each series. */
function PointMarker({
  x,
  datum,
  series,
  layout,
  className,
}: {
  x: number;
  datum: TimeSeriesDatum;
  series: readonly TimeSeries[];
  layout: TimeSeriesLayout;
  className?: string;
}) {
  const { innerHeight, yScale } = layout;
  return (
    <g aria-hidden="true" className={className}>
      <line
        x1={x}
        x2={x}
        y1={0}
        y2={innerHeight}
        style={{ stroke: "var(--muted-foreground)", strokeDasharray: "4 4" }}
      />
      {series.map((s, i) =>
        Number.isFinite(datum.values[s.key]) ? (
          <circle
            key={s.key}
            cx={x}
            cy={yScale(datum.values[s.key] as number)}
            r={5}
            style={{ fill: seriesColor(i), stroke: "var(--surface)", strokeWidth: 2 }}
          />
        ) : null,
      )}
    </g>
  );
}

/** The focus ring around the point at `x`. */
function PointRing({ x, layout, className }: { x: number; layout: TimeSeriesLayout; className?: string }) {
  return (
    <rect
      aria-hidden="true"
      className={className}
      x={x - 12}
      y={-6}
      width={24}
      height={layout.innerHeight + 12}
      rx={6}
      style={{ fill: "none", stroke: "var(--ring)", strokeWidth: 2 }}
    />
  );
}

/** Lines/areas over a UTC time axis: a pure function of its props, sized by the caller. */
export function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  const { data, series, width, height, label } = props;
  const instructionsId = useId();
  const cursor = useChartCursor(data.length);
  const describeItem = useDescribeItem();
  const layout = timeSeriesLayout(props);
  const { format, left, xs, rowsAt } = layout;

  const active = cursor.active;
  const activeDatum = active ? data[active.index] : undefined;
  const activeX = active ? (xs[active.index] ?? 0) : 0;
  const activeTop = activeDatum ? layout.topAt(activeDatum) : 0;

  return (
    <div
      data-slot="time-series-plot"
      className="relative"
      style={{ width, height }}
      onPointerLeave={cursor.onPointerLeave}
    >
      <svg width={width} height={height} role="group" aria-label={label} aria-describedby={instructionsId}>
        <Group left={left} top={margin.top}>
          <TimeSeriesLines data={data} series={series} layout={layout} />
          {activeDatum ? (
            <>
              <PointMarker x={activeX} datum={activeDatum} series={series} layout={layout} />
              {cursor.focusVisible ? <PointRing x={activeX} layout={layout} /> : null}
            </>
          ) : null}
          <TimeSeriesAxes layout={layout} />
          {data.map((d, index) => (
            <rect
              key={d.date}
              data-slot="chart-point"
              role="img"
              aria-label={describeItem(format.date(d.date), rowsAt(index))}
              {...layout.bandAt(index)}
              y={0}
              height={layout.innerHeight}
              fill="transparent"
              {...cursor.itemProps(index)}
            />
          ))}
        </Group>
      </svg>
      <PlotInstructions id={instructionsId} />
      {activeDatum && active ? (
        <ChartTooltip
          x={left + activeX}
          y={margin.top + activeTop}
          width={width}
          heading={format.date(activeDatum.date)}
          rows={rowsAt(active.index)}
        />
      ) : null}
      <LiveAnnouncement
        text={activeDatum && active ? describeItem(format.date(activeDatum.date), rowsAt(active.index)) : ""}
      />
    </div>
  );
}

/**
 * The same plot without script or measurement (`interactive={false}`): drawn at `width` into a
 * `viewBox` that scales to its container; each point is a tab stop named like the interactive
 * plot's points, whose marker, value label and focus ring CSS shows on hover and keyboard focus.
 */
export function StaticTimeSeriesPlot(props: TimeSeriesPlotProps) {
  const { data, series, width, height, label } = props;
  const describeItem = useDescribeItem();
  const layout = timeSeriesLayout(props);
  const { format, innerHeight, innerWidth, left, xs, rowsAt } = layout;
  const bounds = {
    left: 4 - left,
    top: 2 - margin.top,
    right: innerWidth + margin.right - 4,
    bottom: innerHeight,
  };
  return (
    <svg
      data-slot="time-series-plot"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      className="block h-auto"
      role="group"
      aria-label={label}
    >
      <Group left={left} top={margin.top}>
        <TimeSeriesLines data={data} series={series} layout={layout} />
        <TimeSeriesAxes layout={layout} />
        {data.map((d, index) => {
          const x = px(xs[index] ?? 0);
          const band = layout.bandAt(index);
          const heading = format.date(d.date);
          const rows = rowsAt(index);
          return (
            <StaticItem key={d.date} slot="chart-point" description={describeItem(heading, rows)}>
              <rect x={px(band.x)} width={px(band.width)} y={0} height={innerHeight} fill="transparent" />
              <PointMarker x={x} datum={d} series={series} layout={layout} className={revealClassName} />
              <PointRing x={x} layout={layout} className={focusRingClassName} />
              <StaticValueLabel x={x} y={layout.topAt(d)} bounds={bounds} heading={heading} rows={rows} />
            </StaticItem>
          );
        })}
      </Group>
    </svg>
  );
}

export type TimeSeriesChartProps = ChartFrameStateProps & {
  /** The chart's heading. */
  title: string;
  description?: string;
  data: readonly TimeSeriesDatum[];
  series: readonly TimeSeries[];
  valueFormat?: Intl.NumberFormatOptions;
  yMax?: number;
  /** Height of the plot in pixels; the width follows the container. */
  height?: number;
  className?: string;
};

/**
 * A framed, responsive time-axis chart with legend, tooltip, states and a data table.
 * `interactive={false}` draws it for pages without JavaScript (see `ChartFrame`).
 */
export function TimeSeriesChart({
  title,
  description,
  data,
  series,
  valueFormat,
  yMax,
  height = 280,
  interactive = true,
  ...frame
}: TimeSeriesChartProps) {
  const Plot = interactive ? TimeSeriesPlot : StaticTimeSeriesPlot;
  const { t } = useLingui();
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
        columns: [t`Date`, ...series.map((s) => s.label)],
        rows: data.map((d) => ({
          key: d.date,
          header: format.date(d.date),
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
