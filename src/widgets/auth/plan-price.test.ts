import { describe, expect, it } from "vitest";
import { siteConfig } from "../../site-config.ts";
import { formatPrice, planPrice, yearlySavingPercent } from "./plan-price.ts";

describe("plan prices", () => {
  it("is free on the trial and the configured price otherwise", () => {
    expect(planPrice("free", "yearly")).toBe(0);
    expect(planPrice("paid", "monthly")).toBe(siteConfig.plans.paid.monthly);
    expect(planPrice("paid", "yearly")).toBe(siteConfig.plans.paid.yearly);
  });

  it("formats for the active locale", () => {
    expect(formatPrice(4.99, "fr")).toBe("4,99\u00a0€");
    expect(formatPrice(4.99, "en")).toBe("€4.99");
    expect(formatPrice(49.99, "fr")).toBe("49,99\u00a0€");
    expect(formatPrice(5, "en", "USD")).toBe("$5.00");
  });

  it("computes the yearly saving from the two prices", () => {
    const { monthly, yearly } = siteConfig.plans.paid;
    const saving = yearlySavingPercent();
    expect(saving).toBe(Math.round(100 - (yearly / (12 * monthly)) * 100));
    expect(saving).toBeGreaterThan(0);
  });
});
