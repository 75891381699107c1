import { useLingui } from "@lingui/react/macro";
import { AxisBottom } from "@visx/axis";
import { curveMonotoneX } from "@visx/curve";
import { scaleUtc } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import {
  axisColor,
  focusRingClassName,
  revealClassName,
  seriesColor,
  tickLabelProps,
  ValueAxis,
} from "./chart-parts.tsx";
import { InteractivePlot } from "./interactive-plot.tsx";
import { labelBounds, plotItems } from "./plot-items.ts";
import { SeriesChart, type SeriesChartProps } from "./series-chart.tsx";
import { finiteValues, seriesRows, type SeriesPlotProps } from "./series.ts";
import { StaticPlot } from "./static-plot.tsx";
import { ValueGrid } from "./value-grid.tsx";
import { valueScale } from "./value-scale.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { chartFormatters, type ChartDate } from "#src/lib/format.ts";
import { px } from "./static-layout.ts";
import { thinTicks, tickCount } from "./ticks.ts";

/** One point in time with a value per series key. */
export type TimeSeriesDatum = { date: ChartDate; values: Record<string, number | undefined> };
/** A series drawn as a line, or as a line over a filled area. */
export type TimeSeries = { key: string; label: string; kind?: "line" | "area" };

export type TimeSeriesPlotProps = SeriesPlotProps<TimeSeriesDatum, TimeSeries>;

const margin = { top: 12, right: 24, bottom: 30 };

type TimeSeriesLayoutInput = Pick<
  TimeSeriesPlotProps,
  "data" | "series" | "width" | "height" | "locale" | "valueFormat" | "yMax"
>;

/** Scales, ticks and margins of a time-series plot at a given size: shared by both modes. */
function timeSeriesLayout({ data, series, width, height, locale, valueFormat, yMax }: TimeSeriesLayoutInput) {
  const format = chartFormatters(locale, valueFormat);
  const dates = data.map((d) => parseDateTime(d.date));
  const values = finiteValues(data, series);

  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const { yScale, yTicks, left, topOf } = valueScale({
    values,
    innerHeight,
    format,
    min: Math.min(0, ...values),
    max: yMax,
  });
  const innerWidth = Math.max(0, width - left - margin.right);

  const first = dates[0] ?? new Date(0);
  const last = dates[dates.length - 1] ?? first;
  const xScale = scaleUtc<number>({
    domain: [first, last.getTime() === first.getTime() ? new Date(first.getTime() + 86_400_000) : last],
    range: [0, innerWidth],
  });
  const xs = dates.map((d) => xScale(d));
  const xTicks = thinTicks(dates, tickCount(innerWidth, 76));

  const rowsAt = (index: number) => seriesRows(series, data[index]?.values, format.value);
  /** Top of a point's highest value. */
  const topAt = (datum: TimeSeriesDatum) => topOf(series, datum.values);
  /** The band a point's item covers: halfway to its neighbours. */
  const bandAt = (index: number) => {
    const x = xs[index] ?? 0;
    const from = index === 0 ? 0 : (x + (xs[index - 1] ?? x)) / 2;
    const to = index === data.length - 1 ? innerWidth : (x + (xs[index + 1] ?? x)) / 2;
    return { x: from, width: Math.max(1, to - from) };
  };
  return {
    format,
    innerHeight,
    innerWidth,
    left,
    yScale,
    yTicks,
    xScale,
    xs,
    xTicks,
    rowsAt,
    topAt,
    bandAt,
    bounds: labelBounds({ left, innerWidth }, margin, innerHeight),
  };
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
      <ValueGrid scale={yScale} ticks={yTicks} width={innerWidth} />
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

/** Half the width of a point's focus ring: a tooltip without room above goes beside it. */
const ringHalf = 12;

/** The focus ring around the point at `x`. */
function PointRing({ x, layout, className }: { x: number; layout: TimeSeriesLayout; className?: string }) {
  return (
    <rect
      aria-hidden="true"
      className={className}
      x={x - ringHalf}
      y={-6}
      width={ringHalf * 2}
      height={layout.innerHeight + 12}
      rx={6}
      style={{ fill: "none", stroke: "var(--ring)", strokeWidth: 2 }}
    />
  );
}

/** Lines/areas over a UTC time axis: a pure function of its props, sized by the caller. */
function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  const { data, series } = props;
  const layout = timeSeriesLayout(props);
  const { xs } = layout;
  return (
    <InteractivePlot
      items={pointItems(props, layout)}
      bounds={layout.bounds}
      anchor={(index) => ({
        x: xs[index] ?? 0,
        y: layout.topAt(data[index] as TimeSeriesDatum),
        half: ringHalf,
      })}
    >
      {(active) => {
        const activeDatum = active ? data[active.index] : undefined;
        const activeX = active ? (xs[active.index] ?? 0) : 0;
        return (
          <>
            <TimeSeriesLines data={data} series={series} layout={layout} />
            {activeDatum ? (
              <>
                <PointMarker x={activeX} datum={activeDatum} series={series} layout={layout} />
                {active?.focusVisible ? <PointRing x={activeX} layout={layout} /> : null}
              </>
            ) : null}
            <TimeSeriesAxes layout={layout} />
          </>
        );
      }}
    </InteractivePlot>
  );
}

/** What both time-series plots know about their points (one item per datum). */
function pointItems(props: TimeSeriesPlotProps, layout: TimeSeriesLayout) {
  return plotItems(props, layout, {
    slot: "time-series-plot",
    itemSlot: "chart-point",
    top: margin.top,
    key: (d) => d.date,
    heading: (d) => layout.format.date(d.date),
    hitArea: layout.bandAt,
  });
}

/**
 * The time-series plot for pages without JavaScript (`interactive={false}`, see `StaticPlot`): a
 * point's marker shows with its value label.
 */
function StaticTimeSeriesPlot(props: TimeSeriesPlotProps) {
  const { data, series } = props;
  const layout = timeSeriesLayout(props);
  const { xs } = layout;
  return (
    <StaticPlot
      items={pointItems(props, layout)}
      bounds={layout.bounds}
      reveal={(index) => {
        const d = data[index] as TimeSeriesDatum;
        const x = px(xs[index] ?? 0);
        return {
          marks: (
            <>
              <PointMarker x={x} datum={d} series={series} layout={layout} className={revealClassName} />
              <PointRing x={x} layout={layout} className={focusRingClassName} />
            </>
          ),
          label: { x, y: layout.topAt(d), half: ringHalf },
        };
      }}
    >
      <TimeSeriesLines data={data} series={series} layout={layout} />
      <TimeSeriesAxes layout={layout} />
    </StaticPlot>
  );
}

export type TimeSeriesChartProps = SeriesChartProps<TimeSeriesDatum, TimeSeries>;

/**
 * A framed, responsive time-axis chart with legend, tooltip, states and a data table.
 * `interactive={false}` draws it for pages without JavaScript (see `ChartFrame`).
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { t } = useLingui();
  return (
    <SeriesChart
      {...props}
      firstColumn={t`Date`}
      rowKey={(d) => d.date}
      rowHeader={(d, format) => format.date(d.date)}
      plot={TimeSeriesPlot}
      staticPlot={StaticTimeSeriesPlot}
    />
  );
}
