import { parseDateTime } from "#shared/datetime.ts";
import { localeTags, type Locale } from "#shared/i18n/locales.ts";

// The site's and the dashboard's formats beyond those the server's emails share (a date, a price:
// shared/format.ts): months, datetimes, sizes and chart values in the page's language, always in
// UTC so that every machine (the build, a visitor's browser) writes the same.

/** A month (`YYYY-MM`) written out for the locale. */
export function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(parseDateTime(`${month}-01`));
}

/** A PocketBase datetime (`2026-11-24 23:15:00.123Z`) in the page's language, in UTC. */
export function formatDateTime(value: string, locale: Locale): string {
  const date = parseDateTime(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${new Intl.DateTimeFormat(localeTags[locale], {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  }).format(date)} UTC`;
}

/** An hour of a day, short (`Nov 24, 23:00`), in the page's language, in UTC. */
export function formatHour(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(date);
}

/**
 * How long ago `value` (a PocketBase datetime) was, seen at `now`, in the page's language: in
 * minutes under an hour, in hours under two days, else in days ("3 days ago", "il y a 3 jours").
 */
export function formatAge(value: string, now: Date, locale: Locale): string {
  const minutes = Math.max(1, Math.round((now.getTime() - parseDateTime(value).getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(localeTags[locale], { numeric: "always" });
  if (minutes < 60) return format.format(-minutes, "minute");
  if (minutes < 48 * 60) return format.format(-Math.floor(minutes / 60), "hour");
  return format.format(-Math.floor(minutes / (24 * 60)), "day");
}

/** Units of size: French writes octets (`o`, `Ko`, `Mo`, `Go`). */
const byteUnits: Record<Locale, string[]> = { en: ["B", "KB", "MB", "GB"], fr: ["o", "Ko", "Mo", "Go"] };

/** A size in bytes, in KB/MB (powers of 1024), in the page's language, its unit never on the next line. */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = byteUnits[locale];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(localeTags[locale], { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${number.format(value)}\u00a0${units[unit]}`;
}

/** A language's name in the locale (`fr` in English: "French"; in French: "français"). */
export function languageName(code: Locale, locale: Locale): string {
  return new Intl.DisplayNames([localeTags[locale]], { type: "language" }).of(code) ?? code;
}

/** A date of a chart: an ISO day (`2026-09-07`) or a full ISO timestamp, always read as UTC. */
export type ChartDate = string;

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
    tickDate: (v) => tickDate.format(parseDateTime(v)),
    date: (v) => date.format(parseDateTime(v)),
    value: (v) => value.format(v),
    tickValue: (v) => (Math.abs(v) >= 10_000 ? compact.format(v) : value.format(v)),
    exact: (v) => value.format(v) === full.format(v),
  };
}

/** Number options for counts (users, sign-ups): whole numbers only, so the axis never shows 0.5. */
export const countFormat: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
