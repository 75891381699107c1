import { siteConfig } from "#shared/site-config.ts";
import type { Interval } from "#shared/billing.ts";

export type Plan = "free" | "paid";
export type Billing = "monthly" | "yearly";

/** How much yearly billing saves over twelve monthly payments, in whole percent. */
export function yearlySavingPercent(): number {
  const { monthly, yearly } = siteConfig.plans.paid;
  return Math.round((1 - yearly / (monthly * 12)) * 100);
}

/** The sign-up form's billing as the billing API's interval. */
export function intervalOf(billing: Billing): Interval {
  return billing === "yearly" ? "year" : "month";
}

/**
 * The plan a link to the sign-up page chose (`/signup?plan=paid&interval=year`, where every
 * "Choose Lumen" leads): the form starts on it. Anything else in the query is ignored.
 */
export function planChoice(params: URLSearchParams): { plan?: Plan; billing?: Billing } {
  const plan = params.get("plan");
  const interval = params.get("interval");
  return {
    ...(plan === "free" || plan === "paid" ? { plan } : {}),
    ...(interval === "month" ? { billing: "monthly" } : interval === "year" ? { billing: "yearly" } : {}),
  };
}

/** The sign-up link of the paid plan, yearly (the plan cards' "Choose Lumen"), as an English path. */
export const paidSignupPath = "/signup?plan=paid&interval=year";
