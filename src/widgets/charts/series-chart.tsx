import type { ComponentType } from "react";
import { useLocale } from "#src/i18n/use-locale.ts";
import { chartFormatters, type ChartFormatters } from "#src/lib/format.ts";
import { ChartFrame, type ChartFrameStateProps } from "./chart-frame.tsx";
import { seriesCells, seriesLegend } from "./chart-parts.tsx";
import type { SeriesDatum, SeriesKey, SeriesPlotProps } from "./series.ts";

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
