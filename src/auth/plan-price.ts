import { siteConfig } from "../../shared/site-config.ts";

export type Plan = "free" | "paid";
export type Billing = "monthly" | "yearly";

/** How much yearly billing saves over twelve monthly payments, in whole percent. */
export function yearlySavingPercent(): number {
  const { monthly, yearly } = siteConfig.plans.paid;
  return Math.round((1 - yearly / (monthly * 12)) * 100);
}
