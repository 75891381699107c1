import type { Locale } from "#shared/i18n/locales.ts";
import { seriesCells, seriesColor, type TooltipRow } from "./chart-parts.tsx";

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

/** Every finite value of `data` in `series`. */
export function finiteValues(data: readonly SeriesDatum[], series: readonly SeriesKey[]): number[] {
  return data.flatMap((d) => series.map((s) => d.values[s.key])).filter(Number.isFinite) as number[];
}
