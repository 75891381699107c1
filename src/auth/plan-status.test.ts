import { describe, expect, it } from "vitest";
import { planStatus, planStatusFilters, planStatusLabels, planStatuses } from "./plan-status.ts";

describe("planStatus", () => {
  it("calls a free plan a trial, whatever its payment reference", () => {
    expect(planStatus({ plan: "free", stripe: "" })).toBe("trial");
    expect(planStatus({ plan: "free", stripe: "cus_1" })).toBe("trial");
  });

  it("says a paid plan without a payment reference is awaiting payment", () => {
    expect(planStatus({ plan: "paid", stripe: "" })).toBe("awaiting-payment");
    expect(planStatus({ plan: "paid", stripe: "   " })).toBe("awaiting-payment");
  });

  it("says a paid plan with a payment reference is paid", () => {
    expect(planStatus({ plan: "paid", stripe: "cus_R2x9" })).toBe("paid");
  });

  it("has a label and an admin filter for every status", () => {
    for (const status of planStatuses) {
      expect(planStatusLabels[status].id).toBeTruthy();
      expect(planStatusFilters[status]).toBeTruthy();
    }
    expect(planStatusLabels["awaiting-payment"].message).toBe("Paid (awaiting payment)");
  });
});
