import { describe, expect, it } from "vitest";
import { formatDate, formatMonth, formatPrice, languageName } from "./format.ts";

describe("formatting for the locale", () => {
  it("writes dates and months without shifting the day", () => {
    expect(formatDate("2026-06-01", "en")).toBe("June 1, 2026");
    expect(formatDate("2026-06-01", "fr")).toBe("1 juin 2026");
    expect(formatMonth("2026-12", "fr")).toBe("décembre 2026");
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
