import { useLingui } from "@lingui/react/macro";
import { AxisBottom } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand } from "@visx/scale";
import { BarRounded } from "@visx/shape";
import { Text } from "@visx/text";
import {
  axisColor,
  focusRingClassName,
  revealClassName,
  seriesColor,
  tickLabelProps,
  ValueAxis,
} from "./chart-parts.tsx";
import { BandRect } from "./band-rect.tsx";
import { InteractivePlot } from "./interactive-plot.tsx";
import { labelBounds, plotItems } from "./plot-items.ts";
import { SeriesChart, type SeriesChartProps } from "./series-chart.tsx";
import { finiteValues, seriesRows, type SeriesPlotProps } from "./series.ts";
import { StaticPlot } from "./static-plot.tsx";
import { ValueGrid } from "./value-grid.tsx";
import { valueScale } from "./value-scale.ts";
import { chartFormatters } from "#src/lib/format.ts";
import { px, textWidth, wrapLabel, type Box } from "./static-layout.ts";
import { thinTicks, tickCount } from "./ticks.ts";

/** One category (a bar, or a group of bars) with a value per series key. */
export type CategoryDatum = { category: string; values: Record<string, number | undefined> };
export type CategorySeries = { key: string; label: string };

export type CategoryPlotProps = SeriesPlotProps<CategoryDatum, CategorySeries>;

const margin = { top: 20, right: 12, bottom: 62 };
/** How far above its bar a value's baseline sits. */
const valueLift = 6;
/** A category label's line height. */
const labelLine = 15;
/** A category label wraps onto two lines, or three when a label needs them (long French words on a phone). */
const maxLabelLines = 3;

type CategoryLayoutInput = Pick<
  CategoryPlotProps,
  "data" | "series" | "width" | "height" | "locale" | "valueFormat" | "yMax"
>;

/**
 * Scales, ticks and margins of a category plot at a given size: shared by both modes. Laid out for
 * two-line labels first; when a label needs a third line at that width, laid out again with the
 * room for it, so that no label is cut.
 */
function categoryLayout(input: CategoryLayoutInput) {
  const twoLines = layoutWith(input, 2);
  const lines = Math.max(
    2,
    ...twoLines.xTicks.map((category) => wrapLabel(category, twoLines.xLabelWidth, 12, maxLabelLines).length),
  );
  return lines > 2 ? layoutWith(input, lines) : twoLines;
}

function layoutWith(
  { data, series, width, height, locale, valueFormat, yMax }: CategoryLayoutInput,
  labelLines: number,
) {
  const format = chartFormatters(locale, valueFormat);
  const values = finiteValues(data, series);

  // Too many categories for a label each in one row (a phone): every label still shows, on two
  // staggered rows, each as wide as two bars. Decided on an estimate of the plot's width, before
  // the value axis is sized, because the extra row takes its height from the plot.
  const roughWidth = width - 40 - margin.right;
  const stagger = data.length > tickCount(roughWidth, 56) && data.length * 24 <= roughWidth;
  /** The second row of staggered labels: a label's lines lower. */
  const staggerOffset = labelLines * labelLine + 2;
  const bottom = margin.bottom + (labelLines - 2) * labelLine + (stagger ? staggerOffset : 0);
  const innerHeight = Math.max(0, height - margin.top - bottom);
  const { yScale, yTicks, left, topOf } = valueScale({ values, innerHeight, format, max: yMax });
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
  /** Where each value written above a bar is (12 px text, estimated): tooltips leave it readable. */
  const valueBoxes: Box[] = showValues
    ? data.flatMap((d) =>
        series.flatMap((s) => {
          const value = d.values[s.key];
          if (!Number.isFinite(value)) return [];
          const width = textWidth(format.value(value as number)) + 4;
          const centre = (x0(d.category) ?? 0) + (x1(s.key) ?? 0) + x1.bandwidth() / 2;
          return [{ x: centre - width / 2, y: yScale(value as number) - valueLift - 13, width, height: 16 }];
        }),
      )
    : [];

  const rowsAt = (index: number) => seriesRows(series, data[index]?.values, format.value);
  /** Top of a category's highest bar. */
  const topAt = (datum: CategoryDatum) => topOf(series, datum.values);
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
    labelLines,
    labelOffset,
    bottom,
    showValues,
    valueBoxes,
    bounds: labelBounds({ left, innerWidth }, margin, innerHeight + bottom - 4),
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
                data-slot="chart-bar-value"
                x={(x1(s.key) ?? 0) + barWidth / 2}
                y={y - valueLift}
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
  const { format, innerHeight, yScale, yTicks, x0, xTicks, xLabelWidth, labelLines, labelOffset } = layout;
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
              lineHeight={labelLine}
              {...tickLabelProps}
            >
              {formattedValue ?? ""}
            </Text>
          ) : (
            <text x={x} y={y + labelOffset(formattedValue ?? "")} textAnchor="middle" {...tickLabelProps}>
              {wrapLabel(formattedValue ?? "", xLabelWidth, 12, labelLines).map((line, index) => (
                <tspan key={line} x={x} dy={index === 0 ? "0.71em" : labelLine}>
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
function CategoryPlot(props: CategoryPlotProps) {
  const { data, series } = props;
  const layout = categoryLayout(props);
  const { innerHeight, innerWidth, yScale, yTicks, x0 } = layout;
  return (
    <InteractivePlot
      items={barItems(props, layout)}
      bounds={layout.bounds}
      avoid={layout.valueBoxes}
      anchor={(index) => {
        const datum = data[index] as CategoryDatum;
        return {
          x: (x0(datum.category) ?? 0) + x0.bandwidth() / 2,
          y: layout.topAt(datum),
          gap: layout.showValues ? 26 : 12,
          half: layout.bandAt(datum).width / 2,
        };
      }}
    >
      {(active) => (
        <>
          <ValueGrid scale={yScale} ticks={yTicks} width={innerWidth} />
          {active && data[active.index] ? (
            <BandRect
              band={layout.bandAt(data[active.index] as CategoryDatum)}
              height={innerHeight}
              style={{
                fill: "var(--muted)",
                fillOpacity: 0.6,
                stroke: active.focusVisible ? "var(--ring)" : "none",
                strokeWidth: 2,
              }}
            />
          ) : null}
          <CategoryBars data={data} series={series} layout={layout} />
          <CategoryAxes layout={layout} labels="measured" />
        </>
      )}
    </InteractivePlot>
  );
}

/** What both category plots know about their bars (one item per category). */
function barItems(props: CategoryPlotProps, layout: CategoryLayout) {
  return plotItems(props, layout, {
    slot: "category-plot",
    itemSlot: "chart-bar",
    top: margin.top,
    key: (d) => d.category,
    heading: (d) => d.category,
    hitArea: (index) => ({ x: layout.bandAt(props.data[index] as CategoryDatum).x, width: layout.x0.step() }),
  });
}

/** The category plot for pages without JavaScript (`interactive={false}`, see `StaticPlot`). */
function StaticCategoryPlot(props: CategoryPlotProps) {
  const { data, series } = props;
  const layout = categoryLayout(props);
  const { innerHeight, innerWidth, yScale, yTicks, x0 } = layout;
  return (
    <StaticPlot
      items={barItems(props, layout)}
      bounds={layout.bounds}
      avoid={layout.valueBoxes}
      reveal={(index) => {
        const d = data[index] as CategoryDatum;
        const band = { x: px(layout.bandAt(d).x), width: px(layout.bandAt(d).width) };
        return {
          marks: (
            <>
              <BandRect
                band={band}
                height={innerHeight}
                className={revealClassName}
                style={{ fill: "var(--foreground)", fillOpacity: 0.06 }}
              />
              <BandRect
                band={band}
                height={innerHeight}
                className={focusRingClassName}
                style={{ fill: "none", stroke: "var(--ring)", strokeWidth: 2 }}
              />
            </>
          ),
          label: {
            x: (x0(d.category) ?? 0) + x0.bandwidth() / 2,
            y: layout.topAt(d),
            gap: layout.showValues ? 24 : 10,
            half: band.width / 2,
          },
        };
      }}
    >
      <ValueGrid scale={yScale} ticks={yTicks} width={innerWidth} />
      <CategoryBars data={data} series={series} layout={layout} />
      <CategoryAxes layout={layout} labels="estimated" />
    </StaticPlot>
  );
}

export type CategoryChartProps = SeriesChartProps<CategoryDatum, CategorySeries> & {
  /** Header of the category column in the data table (e.g. "Milestone"). */
  categoryLabel?: string;
};

/**
 * A framed, responsive category-axis bar chart with legend, tooltip, states and a data table.
 * `interactive={false}` draws it for pages without JavaScript (see `ChartFrame`).
 */
export function CategoryChart({ categoryLabel, ...props }: CategoryChartProps) {
  const { t } = useLingui();
  return (
    <SeriesChart
      {...props}
      firstColumn={categoryLabel ?? t`Category`}
      rowKey={(d) => d.category}
      rowHeader={(d) => d.category}
      plot={CategoryPlot}
      staticPlot={StaticCategoryPlot}
    />
  );
}
