import { localeTags, type Locale } from "../../i18n/locales.ts";
import { siteConfig } from "../../site-config.ts";

export type Plan = "free" | "paid";
export type Billing = "monthly" | "yearly";

/** The price of a plan in the site's currency: 0 for the trial, the configured price otherwise. */
export function planPrice(plan: Plan, billing: Billing): number {
  return plan === "free" ? 0 : siteConfig.plans.paid[billing];
}

/** A price for the active locale: "€4.99" in English, "4,99 €" in French. */
export function formatPrice(
  amount: number,
  locale: Locale,
  currency: string = siteConfig.plans.currency,
): string {
  return new Intl.NumberFormat(localeTags[locale], { style: "currency", currency }).format(amount);
}

/** How much yearly billing saves over twelve monthly payments, in whole percent. */
export function yearlySavingPercent(): number {
  const { monthly, yearly } = siteConfig.plans.paid;
  return Math.round((1 - yearly / (monthly * 12)) * 100);
}
