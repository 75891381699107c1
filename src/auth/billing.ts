import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { Interval, Subscription } from "#shared/billing.ts";
import type { ActionResult } from "../forms/action-result.ts";
import { attempt } from "./action-error.ts";
import { isClientResponseError } from "./sdk-error.ts";

// The site's side of billing (docs/billing.md): the user's `subscriptions` record as the API gives
// it, and this server's billing endpoints (docs/api.md, Billing). Paid state is the server's to
// write: the site only reads it, and asks for a Checkout or a Billing Portal URL to go to.

/** How the paid plan is paid: Stripe Checkout, or the instructions the server emails (manual). */
export type BillingMode = "stripe" | "manual";

const checkoutFailed = msg`We could not start the payment. Please try again.`;
const portalFailed = msg`We could not open the billing page. Please try again.`;
const resendFailed = msg`We could not send the instructions. Please try again.`;
const loadFailed = msg`We could not check your subscription.`;

let mode: Promise<ActionResult<BillingMode>> | undefined;

/** The billing mode (`GET /api/billing/config`), asked once per page load. */
export function loadBillingMode(pb: PocketBase): Promise<ActionResult<BillingMode>> {
  mode ??= attempt(async () => {
    const config = await pb.send<{ mode?: string }>("/api/billing/config", { requestKey: null });
    return config.mode === "manual" ? "manual" : "stripe";
  }, loadFailed).then((result) => {
    if (!result.success) mode = undefined; // asked again next time
    return result;
  });
  return mode;
}

/**
 * The paid plan, from sign-up or the account page: the URL to go to next (Stripe Checkout; in
 * manual mode, the account page once the instructions are emailed).
 */
export function startCheckout(pb: PocketBase, interval: Interval): Promise<ActionResult<string>> {
  return attempt(async () => {
    const { url } = await pb.send<{ url: string }>("/api/billing/checkout", {
      method: "POST",
      body: { interval },
      requestKey: null,
    });
    return url;
  }, checkoutFailed);
}

/**
 * Manual mode: the payment instructions emailed again (the server sends them once every 2 minutes
 * at most, whatever it answers).
 */
export function resendInstructions(pb: PocketBase): Promise<ActionResult<undefined>> {
  return attempt(async () => {
    await pb.send("/api/billing/resend-instructions", { method: "POST", requestKey: null });
    return undefined;
  }, resendFailed);
}

/** The URL of the user's Stripe Billing Portal (card, invoices, cancel, interval). */
export function openPortal(pb: PocketBase): Promise<ActionResult<string>> {
  return attempt(async () => {
    const { url } = await pb.send<{ url: string }>("/api/billing/portal", {
      method: "POST",
      requestKey: null,
    });
    return url;
  }, portalFailed);
}

/** The user's subscription as the server has it now; null when there is none. */
export function loadSubscription(pb: PocketBase, userId: string): Promise<ActionResult<Subscription | null>> {
  return attempt(async () => {
    try {
      return await pb
        .collection("subscriptions")
        .getFirstListItem<Subscription>(pb.filter("user = {:user}", { user: userId }), { requestKey: null });
    } catch (error) {
      if (isClientResponseError(error) && error.status === 404) return null;
      throw error;
    }
  }, loadFailed);
}

/** `GET /api/billing/stats`: users by billing status, the paying subscriptions, the monthly revenue. */
export type BillingStats = {
  trial: number;
  awaitingPayment: number;
  /** Paying subscriptions (cancelling ones included), past due apart. */
  active: number;
  /** Subscriptions that end at their period's end (among `active`). */
  cancelling: number;
  pastDue: number;
  ended: number;
  byInterval: Record<Interval, number>;
  /** At the site's prices, yearly ones counted as a twelfth a month. */
  monthlyRecurringRevenue: number;
};

export function fetchBillingStats(pb: PocketBase): Promise<BillingStats> {
  return pb.send<BillingStats>("/api/billing/stats", { requestKey: null });
}

/**
 * What Checkout's return URLs (and manual mode's) say on the account page: `?checkout=success`
 * (with Stripe's `session_id`), `canceled` or `manual` (server/billing/billing.ts builds them).
 */
export function checkoutReturnOf(params: URLSearchParams): "success" | "canceled" | "manual" | null {
  const value = params.get("checkout");
  return value === "success" || value === "canceled" || value === "manual" ? value : null;
}
