import { useLingui } from "@lingui/react/macro";
import { AxisBottom } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarRounded } from "@visx/shape";
import { Text } from "@visx/text";
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
import { chartFormatters } from "./format.ts";
import { px, wrapLabel } from "./static-layout.ts";
import { exactTicks, thinTicks, tickCount } from "./ticks.ts";

/** One category (a bar, or a group of bars) with a value per series key. */
export type CategoryDatum = { category: string; values: Record<string, number | undefined> };
export type CategorySeries = { key: string; label: string };

export type CategoryPlotProps = {
  data: readonly CategoryDatum[];
  series: readonly CategorySeries[];
  width: number;
  height: number;
  locale: Locale;
  /** Accessible name of the plot (the chart's title). */
  label: string;
  valueFormat?: Intl.NumberFormatOptions;
  /** Top of the value axis (1 for percentages of a whole); by default the largest value, rounded up. */
  yMax?: number;
};

const margin = { top: 20, right: 12, bottom: 62 };
/** The second row of staggered category labels: two 15 px lines lower. */
const staggerOffset = 32;

type CategoryLayoutInput = Pick<
  CategoryPlotProps,
  "data" | "series" | "width" | "height" | "locale" | "valueFormat" | "yMax"
>;

/** Scales, ticks and margins of a category plot at a given size: shared by both modes. */
function categoryLayout({ data, series, width, height, locale, valueFormat, yMax }: CategoryLayoutInput) {
  const format = chartFormatters(locale, valueFormat);
  const values = data.flatMap((d) => series.map((s) => d.values[s.key])).filter(Number.isFinite) as number[];

  // Too many categories for a label each in one row (a phone): every label still shows, on two
  // staggered rows, each as wide as two bars. Decided on an estimate of the plot's width, before
  // the value axis is sized, because the extra row takes its height from the plot.
  const roughWidth = width - 40 - margin.right;
  const stagger = data.length > tickCount(roughWidth, 56) && data.length * 24 <= roughWidth;
  const bottom = margin.bottom + (stagger ? staggerOffset : 0);
  const innerHeight = Math.max(0, height - margin.top - bottom);
  const yScale = scaleLinear<number>({
    domain: [0, yMax ?? Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: tickCount(innerHeight, 44),
  });
  const yTicks = thinTicks(
    exactTicks(yScale.ticks(tickCount(innerHeight, 44)), format.exact),
    tickCount(innerHeight, 28),
  );
  const left = Math.max(...yTicks.map((v) => labelWidth(format.tickValue(v)))) + 16;
  const innerWidth = Math.max(0, width - left - margin.right);

  const categories = data.map((d) => d.category);
  const x0 = scaleBand<string>({
    domain: categories,
    range: [0, innerWidth],
    paddingInner: 0.3,
    paddingOuter: 0.15,
  });
  const x1 = scaleBand<string>({
    domain: series.map((s) => s.key),
    range: [0, x0.bandwidth()],
    paddingInner: 0.12,
  });
  const xTicks = stagger ? categories : thinTicks(categories, tickCount(innerWidth, 56));
  const xLabelWidth = stagger
    ? x0.step() * 2 - 6
    : Math.max(40, x0.step() * (categories.length / Math.max(1, xTicks.length)) - 6);
  /** How far down a category's label starts: every other one a row lower when staggered. */
  const labelOffset = (category: string) =>
    stagger && categories.indexOf(category) % 2 === 1 ? staggerOffset : 0;
  const showValues = series.length === 1 && x1.bandwidth() >= 34;

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
  /** Top of a category's highest bar. */
  const topAt = (datum: CategoryDatum) => Math.min(...series.map((s) => yScale(datum.values[s.key] ?? 0)));
  /** The band a category's item covers (its bar group and half the gaps around it). */
  const bandAt = (datum: CategoryDatum) => ({
    x: (x0(datum.category) ?? 0) - x0.step() * 0.15,
    width: x0.bandwidth() + x0.step() * 0.3,
  });
  return {
    format,
    innerHeight,
    innerWidth,
    left,
    yScale,
    yTicks,
    x0,
    x1,
    xTicks,
    xLabelWidth,
    labelOffset,
    bottom,
    showValues,
    rowsAt,
    topAt,
    bandAt,
  };
}

type CategoryLayout = ReturnType<typeof categoryLayout>;

/** Grid and bars (with their values when they fit). */
function CategoryBars({
  data,
  series,
  layout,
}: {
  data: readonly CategoryDatum[];
  series: readonly CategorySeries[];
  layout: CategoryLayout;
}) {
  const { format, innerHeight, yScale, x0, x1, showValues } = layout;
  return data.map((d) => (
    <Group key={d.category} left={x0(d.category) ?? 0}>
      {series.map((s, i) => {
        const value = d.values[s.key];
        if (!Number.isFinite(value)) return null;
        const y = yScale(value as number);
        const barWidth = x1.bandwidth();
        const barHeight = Math.max(0, innerHeight - y);
        return (
          <g key={s.key}>
            {barHeight < 2 ? (
              // A zero (or nearly zero) bar would be invisible: a mark on the baseline shows it is
              // there and nothing has been lost.
              <rect
                data-slot="chart-zero-mark"
                x={x1(s.key) ?? 0}
                y={innerHeight - 3}
                width={barWidth}
                height={3}
                rx={1.5}
                style={{ fill: seriesColor(i) }}
              />
            ) : (
              <BarRounded
                x={x1(s.key) ?? 0}
                y={y}
                width={barWidth}
                height={barHeight}
                radius={Math.min(4, barWidth / 2, barHeight)}
                top
                style={{ fill: seriesColor(i) }}
              />
            )}
            {showValues ? (
              <text
                x={(x1(s.key) ?? 0) + barWidth / 2}
                y={y - 6}
                textAnchor="middle"
                style={{ fill: "var(--foreground)", fontSize: 12, fontWeight: 500 }}
                className="tabular-nums"
                aria-hidden="true"
              >
                {format.value(value as number)}
              </text>
            ) : null}
          </g>
        );
      })}
    </Group>
  ));
}

/**
 * Both axes. `measured` category labels wrap with visx's `Text`, which measures in the browser; a
 * static plot wraps them on an estimate instead, so the prerendered HTML has them wrapped too.
 */
function CategoryAxes({ layout, labels }: { layout: CategoryLayout; labels: "measured" | "estimated" }) {
  const { format, innerHeight, yScale, yTicks, x0, xTicks, xLabelWidth, labelOffset } = layout;
  return (
    <>
      <ValueAxis scale={yScale} ticks={yTicks} format={format.tickValue} />
      <AxisBottom
        top={innerHeight}
        scale={x0}
        tickValues={xTicks}
        stroke={axisColor}
        hideTicks
        tickComponent={({ x, y, formattedValue }) =>
          labels === "measured" ? (
            <Text
              x={x}
              y={y + labelOffset(formattedValue ?? "")}
              width={xLabelWidth}
              verticalAnchor="start"
              textAnchor="middle"
              lineHeight={15}
              {...tickLabelProps}
            >
              {formattedValue ?? ""}
            </Text>
          ) : (
            <text x={x} y={y + labelOffset(formattedValue ?? "")} textAnchor="middle" {...tickLabelProps}>
              {wrapLabel(formattedValue ?? "", xLabelWidth).map((line, index) => (
                <tspan key={line} x={x} dy={index === 0 ? "0.71em" : 15}>
                  {line}
                </tspan>
              ))}
            </text>
          )
        }
      />
    </>
  );
}

/** Vertical bars (grouped when there are several series) over categories: a pure function of its props. */
export function CategoryPlot(props: CategoryPlotProps) {
  const { data, series, width, height, label } = props;
  const instructionsId = useId();
  const cursor = useChartCursor(data.length);
  const describeItem = useDescribeItem();
  const layout = categoryLayout(props);
  const { innerHeight, innerWidth, left, yScale, yTicks, x0, rowsAt } = layout;

  const active = cursor.active;
  const activeDatum = active ? data[active.index] : undefined;
  const activeX = activeDatum ? (x0(activeDatum.category) ?? 0) : 0;
  const activeTop = activeDatum ? layout.topAt(activeDatum) : 0;

  return (
    <div
      data-slot="category-plot"
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
          {activeDatum ? (
            <rect
              aria-hidden="true"
              x={layout.bandAt(activeDatum).x}
              y={0}
              width={layout.bandAt(activeDatum).width}
              height={innerHeight}
              rx={6}
              style={{
                fill: "var(--muted)",
                fillOpacity: 0.6,
                stroke: cursor.focusVisible ? "var(--ring)" : "none",
                strokeWidth: 2,
              }}
            />
          ) : null}
          <CategoryBars data={data} series={series} layout={layout} />
          <CategoryAxes layout={layout} labels="measured" />
          {data.map((d, index) => (
            <rect
              key={d.category}
              data-slot="chart-bar"
              role="img"
              aria-label={describeItem(d.category, rowsAt(index))}
              x={layout.bandAt(d).x}
              y={0}
              width={x0.step()}
              height={innerHeight}
              fill="transparent"
              {...cursor.itemProps(index)}
            />
          ))}
        </Group>
      </svg>
      <PlotInstructions id={instructionsId} />
      {activeDatum && active ? (
        <ChartTooltip
          x={left + activeX + x0.bandwidth() / 2}
          y={margin.top + activeTop}
          width={width}
          heading={activeDatum.category}
          rows={rowsAt(active.index)}
          gap={layout.showValues ? 26 : 12}
          half={x0.bandwidth() / 2}
        />
      ) : null}
      <LiveAnnouncement
        text={activeDatum && active ? describeItem(activeDatum.category, rowsAt(active.index)) : ""}
      />
    </div>
  );
}

/**
 * The same plot without script or measurement (`interactive={false}`): drawn at `width` into a
 * `viewBox` that scales to its container; each category is a tab stop named like the interactive
 * plot's bars, whose value label and focus ring CSS shows on hover and keyboard focus.
 */
export function StaticCategoryPlot(props: CategoryPlotProps) {
  const { data, series, width, height, label } = props;
  const describeItem = useDescribeItem();
  const layout = categoryLayout(props);
  const { innerHeight, innerWidth, left, yScale, yTicks, x0, rowsAt } = layout;
  const bounds = {
    left: 4 - left,
    top: 2 - margin.top,
    right: innerWidth + margin.right - 4,
    bottom: innerHeight + layout.bottom - 4,
  };
  return (
    <svg
      data-slot="category-plot"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      className="block h-auto"
      role="group"
      aria-label={label}
    >
      <Group left={left} top={margin.top}>
        <GridRows
          scale={yScale}
          width={innerWidth}
          tickValues={yTicks}
          stroke={axisColor}
          strokeDasharray="3 4"
        />
        <CategoryBars data={data} series={series} layout={layout} />
        <CategoryAxes layout={layout} labels="estimated" />
        {data.map((d, index) => {
          const band = { x: px(layout.bandAt(d).x), width: px(layout.bandAt(d).width) };
          const rows = rowsAt(index);
          return (
            <StaticItem key={d.category} slot="chart-bar" description={describeItem(d.category, rows)}>
              <rect x={band.x} y={0} width={px(x0.step())} height={innerHeight} fill="transparent" />
              <rect
                aria-hidden="true"
                className={revealClassName}
                x={band.x}
                y={0}
                width={band.width}
                height={innerHeight}
                rx={6}
                style={{ fill: "var(--foreground)", fillOpacity: 0.06 }}
              />
              <rect
                aria-hidden="true"
                className={focusRingClassName}
                x={band.x}
                y={0}
                width={band.width}
                height={innerHeight}
                rx={6}
                style={{ fill: "none", stroke: "var(--ring)", strokeWidth: 2 }}
              />
              <StaticValueLabel
                x={(x0(d.category) ?? 0) + x0.bandwidth() / 2}
                y={layout.topAt(d)}
                bounds={bounds}
                heading={d.category}
                rows={rows}
                gap={layout.showValues ? 24 : 10}
                half={x0.bandwidth() / 2}
              />
            </StaticItem>
          );
        })}
      </Group>
    </svg>
  );
}

export type CategoryChartProps = ChartFrameStateProps & {
  title: string;
  description?: string;
  data: readonly CategoryDatum[];
  series: readonly CategorySeries[];
  /** Header of the category column in the data table (e.g. "Milestone"). */
  categoryLabel?: string;
  valueFormat?: Intl.NumberFormatOptions;
  yMax?: number;
  /** Height of the plot in pixels; the width follows the container. */
  height?: number;
  className?: string;
};

/**
 * A framed, responsive category-axis bar chart with legend, tooltip, states and a data table.
 * `interactive={false}` draws it for pages without JavaScript (see `ChartFrame`).
 */
export function CategoryChart({
  title,
  description,
  data,
  series,
  categoryLabel,
  valueFormat,
  yMax,
  height = 280,
  interactive = true,
  ...frame
}: CategoryChartProps) {
  const Plot = interactive ? CategoryPlot : StaticCategoryPlot;
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
        columns: [categoryLabel ?? t`Category`, ...series.map((s) => s.label)],
        rows: data.map((d) => ({
          key: d.category,
          header: d.category,
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
