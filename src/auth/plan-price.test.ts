import { describe, expect, it } from "vitest";
import { siteConfig } from "#shared/site-config.ts";
import { paidPrice } from "#shared/billing.ts";
import { intervalOf, paidSignupPath, planChoice, yearlySavingPercent } from "./plan-price.ts";

describe("plan prices", () => {
  it("computes the yearly saving from the two prices", () => {
    const { monthly, yearly } = siteConfig.plans.paid;
    const saving = yearlySavingPercent();
    expect(saving).toBe(Math.round(100 - (yearly / (12 * monthly)) * 100));
    expect(saving).toBeGreaterThan(0);
  });

  it("prices each interval from the site config", () => {
    expect(paidPrice("month")).toBe(siteConfig.plans.paid.monthly);
    expect(paidPrice("year")).toBe(siteConfig.plans.paid.yearly);
    expect(intervalOf("monthly")).toBe("month");
    expect(intervalOf("yearly")).toBe("year");
  });
});

describe("planChoice", () => {
  it("reads the plan and the interval a sign-up link chose", () => {
    const [, query] = paidSignupPath.split("?");
    expect(planChoice(new URLSearchParams(query))).toEqual({ plan: "paid", billing: "yearly" });
    expect(planChoice(new URLSearchParams("plan=paid&interval=month"))).toEqual({
      plan: "paid",
      billing: "monthly",
    });
    expect(planChoice(new URLSearchParams("plan=free"))).toEqual({ plan: "free" });
  });

  it("ignores what it does not know", () => {
    expect(planChoice(new URLSearchParams(""))).toEqual({});
    expect(planChoice(new URLSearchParams("plan=gold&interval=week"))).toEqual({});
  });
});
