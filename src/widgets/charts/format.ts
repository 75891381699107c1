import { localeTags, type Locale } from "../../../shared/i18n/locales.ts";

/** A date of a chart: an ISO day (`2026-09-07`) or a full ISO timestamp, always read as UTC. */
export type ChartDate = string;

/** Parses a chart date; a bare ISO day is midnight UTC, so the day never shifts with the time zone. */
export function parseChartDate(value: ChartDate): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

export type ChartFormatters = {
  /** Short date for an axis tick: "Sep 7" / "7 sept.". */
  tickDate: (value: ChartDate) => string;
  /** Full date for tooltips and the data table: "Sep 7, 2026" / "7 sept. 2026". */
  date: (value: ChartDate) => string;
  /** A value with the chart's number options: "1,234" / "1 234", "42%" / "42 %". */
  value: (value: number) => string;
  /** A value for an axis tick, compact when large: "12K" / "12 k". */
  tickValue: (value: number) => string;
  /** Whether `value` shows as it is: false for 2.5 when the format rounds to whole numbers. */
  exact: (value: number) => boolean;
};

/** Intl formatters for a chart in the given locale (dates in UTC, so every machine draws the same). */
export function chartFormatters(locale: Locale, valueFormat: Intl.NumberFormatOptions = {}): ChartFormatters {
  const tag = localeTags[locale];
  const tickDate = new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", timeZone: "UTC" });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
  const value = new Intl.NumberFormat(tag, { maximumFractionDigits: 1, ...valueFormat });
  const full = new Intl.NumberFormat(tag, { ...valueFormat, maximumFractionDigits: 20 });
  const compact = new Intl.NumberFormat(tag, {
    notation: "compact",
    maximumFractionDigits: 1,
    ...valueFormat,
  });
  return {
    tickDate: (v) => tickDate.format(parseChartDate(v)),
    date: (v) => date.format(parseChartDate(v)),
    value: (v) => value.format(v),
    tickValue: (v) => (Math.abs(v) >= 10_000 ? compact.format(v) : value.format(v)),
    exact: (v) => value.format(v) === full.format(v),
  };
}

/** Number options for counts (users, sign-ups): whole numbers only, so the axis never shows 0.5. */
export const countFormat: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
