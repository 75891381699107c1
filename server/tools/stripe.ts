import Stripe from "stripe";
import type { Interval } from "#shared/billing.ts";

// Stripe, through its official SDK: Checkout for paying, the Billing Portal for managing, signed
// webhooks for what happened. `STRIPE_API_BASE` points the SDK at a Stripe-compatible API (the
// test double in server/testing/stripe-double.ts), with Stripe's own wire format.

export type StripeConfig = {
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** The paid plan's price ids in Stripe, per interval: what is charged is Stripe's price. */
  prices: Record<Interval, string>;
  /** A Stripe-compatible API's origin (tests); default Stripe's own. */
  apiBase?: string;
  /**
   * Stripe Tax (`STRIPE_TAX=on`): Checkout computes the tax from the customer's billing address
   * (asked for), and takes a VAT number; the prices must be tax-inclusive. Off by default.
   */
  tax?: boolean;
};

/** `STRIPE_TAX`: `on` or `off` (default off); anything else stops the start. */
export function stripeTaxOf(env: NodeJS.ProcessEnv): boolean {
  const value = env.STRIPE_TAX?.trim().toLowerCase() ?? "";
  if (value === "" || value === "off") return false;
  if (value === "on") return true;
  throw new Error(`Invalid STRIPE_TAX: ${env.STRIPE_TAX} (on or off)`);
}

/** The SDK, pointed at `config.apiBase` when one is given. */
export function stripeClient(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey);
  const url = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80,
    protocol: url.protocol === "https:" ? "https" : "http",
  });
}

/** Whether `error` is Stripe's answer that the object asked for does not exist. */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/** Whether `error` is Stripe refusing a request as invalid (a canceled subscription updated, …). */
export function isRefused(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

export type { Stripe };
