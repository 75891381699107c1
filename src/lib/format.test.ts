import { describe, expect, it } from "vitest";
import { formatDate, formatPrice } from "#shared/format.ts";
import {
  chartFormatters,
  formatAge,
  formatBytes,
  formatDateTime,
  formatMonth,
  languageName,
} from "./format.ts";

describe("formatting for the locale", () => {
  it("writes dates and months without shifting the day", () => {
    // With no-break spaces: a date never breaks across lines ("5 / décembre").
    expect(formatDate("2026-06-01", "en")).toBe("June\u00a01,\u00a02026");
    expect(formatDate("2026-06-01", "fr")).toBe("1\u00a0juin\u00a02026");
    expect(formatDate("2026-12-05", "fr", "medium")).toBe("5\u00a0déc.\u00a02026");
    expect(formatMonth("2026-12", "fr")).toBe("décembre 2026");
  });

  it("writes PocketBase's datetimes in UTC, and an unreadable one as it is", () => {
    expect(formatDateTime("2026-11-24 23:15:00.123Z", "en")).toBe("Nov 24, 2026, 11:15:00 PM UTC");
    expect(formatDateTime("2026-11-24 23:15:00.123Z", "fr")).toBe("24 nov. 2026, 23:15:00 UTC");
    expect(formatDateTime("nope", "fr")).toBe("nope");
  });

  it("writes how long ago a moment was, in minutes, hours, then days", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(formatAge("2026-11-27 11:55:00.000Z", now, "en")).toBe("5 minutes ago");
    expect(formatAge("2026-11-27 02:00:00.000Z", now, "fr")).toBe("il y a 10 heures");
    expect(formatAge("2026-11-25 13:00:00.000Z", now, "en")).toBe("47 hours ago");
    expect(formatAge("2026-11-24 03:00:00.000Z", now, "fr")).toBe("il y a 3 jours");
    // A clock slightly behind the server's: never "in 2 minutes" nor "0 minutes ago".
    expect(formatAge("2026-11-27 12:02:00.000Z", now, "en")).toBe("1 minute ago");
  });

  it("writes sizes in powers of 1024 with each locale's separators", () => {
    expect(formatBytes(512, "en")).toBe("512\u00a0B");
    expect(formatBytes(512, "fr")).toBe("512\u00a0o");
    expect(formatBytes(20_480, "fr")).toBe("20\u00a0Ko");
    expect(formatBytes(2_457_600, "en")).toBe("2.3\u00a0MB");
    expect(formatBytes(2_457_600, "fr")).toBe("2,3\u00a0Mo");
    expect(formatBytes(5 * 1024 ** 4, "fr")).toBe("5\u202f120\u00a0Go");
  });

  it("writes prices and language names", () => {
    expect(formatPrice(4.99, "en")).toBe("€4.99");
    expect(formatPrice(4.99, "fr")).toBe("4,99\u00a0€");
    expect(formatPrice(49.99, "fr")).toBe("49,99\u00a0€");
    expect(formatPrice(5, "en", "USD")).toBe("$5.00");
    expect(languageName("fr", "en")).toBe("French");
    expect(languageName("en", "fr")).toBe("anglais");
  });
});

describe("chartFormatters", () => {
  it("formats dates in UTC for each locale", () => {
    expect(chartFormatters("en").tickDate("2026-09-07")).toBe("Sep 7");
    expect(chartFormatters("fr").tickDate("2026-09-07")).toBe("7 sept.");
    expect(chartFormatters("en").date("2026-09-07")).toBe("Sep 7, 2026");
    expect(chartFormatters("fr").date("2026-09-07")).toBe("7 sept. 2026");
  });

  it("formats numbers with each locale's separators", () => {
    expect(chartFormatters("en").value(1234.5)).toBe("1,234.5");
    expect(chartFormatters("fr").value(1234.5)).toBe("1\u202f234,5");
    expect(chartFormatters("en", { style: "percent" }).value(0.42)).toBe("42%");
    expect(chartFormatters("fr", { style: "percent" }).value(0.42)).toBe("42\u00a0%");
  });

  it("shortens large tick values", () => {
    expect(chartFormatters("en").tickValue(12000)).toBe("12K");
    expect(chartFormatters("fr").tickValue(12000)).toBe("12\u00a0k");
    expect(chartFormatters("en").tickValue(900)).toBe("900");
  });

  it("tells whether a value shows exactly in the chart's format", () => {
    const whole = chartFormatters("en", { maximumFractionDigits: 0 });
    expect(whole.exact(3)).toBe(true);
    expect(whole.exact(2.5)).toBe(false);
    const percent = chartFormatters("fr", { style: "percent", maximumFractionDigits: 0 });
    expect(percent.exact(0.2)).toBe(true);
    expect(percent.exact(0.125)).toBe(false);
    expect(chartFormatters("en").exact(0.5)).toBe(true);
  });
});
