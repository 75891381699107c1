import { useLingui } from "@lingui/react/macro";
import { AxisBottom, AxisLeft } from "@visx/axis";
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
  tickLabelProps,
  useChartCursor,
  type TooltipRow,
} from "./chart-parts.tsx";
import { chartFormatters, parseChartDate, type ChartDate } from "./format.ts";
import { thinTicks, tickCount } from "./ticks.ts";

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

/** Lines/areas over a UTC time axis: a pure function of its props, sized by the caller. */
export function TimeSeriesPlot({
  data,
  series,
  width,
  height,
  locale,
  label,
  valueFormat,
  yMax,
}: TimeSeriesPlotProps) {
  const instructionsId = useId();
  const cursor = useChartCursor(data.length);
  const describeItem = useDescribeItem();
  const format = chartFormatters(locale, valueFormat);
  const dates = data.map((d) => parseChartDate(d.date));
  const values = data.flatMap((d) => series.map((s) => d.values[s.key])).filter(Number.isFinite) as number[];

  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const yScale = scaleLinear<number>({
    domain: [Math.min(0, ...values), yMax ?? Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: tickCount(innerHeight, 44),
  });
  const yTicks = thinTicks(yScale.ticks(tickCount(innerHeight, 44)), tickCount(innerHeight, 28));
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
  const active = cursor.active;
  const activeDatum = active ? data[active.index] : undefined;
  const activeX = active ? (xs[active.index] ?? 0) : 0;
  const activeTop = activeDatum ? Math.min(...series.map((s) => yScale(activeDatum.values[s.key] ?? 0))) : 0;

  return (
    <div
      data-slot="time-series-plot"
      className="relative"
      style={{ width, height }}
      onPointerLeave={cursor.onPointerLeave}
    >
      <svg width={width} height={height} role="group" aria-label={label} aria-describedby={instructionsId}>
        <Group left={left} top={margin.top}>
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
          {activeDatum ? (
            <g aria-hidden="true">
              <line
                x1={activeX}
                x2={activeX}
                y1={0}
                y2={innerHeight}
                style={{ stroke: "var(--muted-foreground)", strokeDasharray: "4 4" }}
              />
              {series.map((s, i) =>
                Number.isFinite(activeDatum.values[s.key]) ? (
                  <circle
                    key={s.key}
                    cx={activeX}
                    cy={yScale(activeDatum.values[s.key] as number)}
                    r={5}
                    style={{ fill: seriesColor(i), stroke: "var(--surface)", strokeWidth: 2 }}
                  />
                ) : null,
              )}
              {cursor.focusVisible ? (
                <rect
                  x={activeX - 12}
                  y={-6}
                  width={24}
                  height={innerHeight + 12}
                  rx={6}
                  style={{ fill: "none", stroke: "var(--ring)", strokeWidth: 2 }}
                />
              ) : null}
            </g>
          ) : null}
          <AxisLeft
            scale={yScale}
            tickValues={yTicks}
            tickFormat={(v) => format.tickValue(Number(v))}
            hideAxisLine
            hideTicks
            tickLabelProps={{ ...tickLabelProps, textAnchor: "end", dx: -4, dy: "0.33em" }}
          />
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
          {data.map((d, index) => {
            const x = xs[index] ?? 0;
            const from = index === 0 ? 0 : (x + (xs[index - 1] ?? x)) / 2;
            const to = index === data.length - 1 ? innerWidth : (x + (xs[index + 1] ?? x)) / 2;
            return (
              <rect
                key={d.date}
                data-slot="chart-point"
                role="img"
                aria-label={describeItem(format.date(d.date), rowsAt(index))}
                x={from}
                y={0}
                width={Math.max(1, to - from)}
                height={innerHeight}
                fill="transparent"
                {...cursor.itemProps(index)}
              />
            );
          })}
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

/** A framed, responsive time-axis chart with legend, tooltip, states and a data table. */
export function TimeSeriesChart({
  title,
  description,
  data,
  series,
  valueFormat,
  yMax,
  height = 280,
  ...frame
}: TimeSeriesChartProps) {
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
      {...frame}
    >
      {({ width }) => (
        <TimeSeriesPlot
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
