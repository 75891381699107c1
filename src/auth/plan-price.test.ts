import { describe, expect, it } from "vitest";
import { siteConfig } from "../../shared/site-config.ts";
import { yearlySavingPercent } from "./plan-price.ts";

describe("plan prices", () => {
  it("computes the yearly saving from the two prices", () => {
    const { monthly, yearly } = siteConfig.plans.paid;
    const saving = yearlySavingPercent();
    expect(saving).toBe(Math.round(100 - (yearly / (12 * monthly)) * 100));
    expect(saving).toBeGreaterThan(0);
  });
});
