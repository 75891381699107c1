import { describe, expect, it } from "vitest";
import { chartFormatters, parseChartDate } from "./format.ts";

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

  it("reads a bare day as midnight UTC", () => {
    expect(parseChartDate("2026-01-05").toISOString()).toBe("2026-01-05T00:00:00.000Z");
  });
});
