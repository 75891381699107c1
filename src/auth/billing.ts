import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import {
  defaultGraceDays,
  type Interval,
  type InvoiceItem,
  type Subscription,
  type Withdrawal,
  type WithdrawalInfo,
} from "#shared/billing.ts";

export type { InvoiceItem, Withdrawal, WithdrawalInfo };
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
const withdrawFailed = msg`We could not withdraw your request. Please try again.`;
const renewalFailed = msg`We could not change your subscription. Please try again.`;
const loadFailed = msg`We could not check your subscription.`;

/**
 * The server's billing configuration (`GET /api/billing/config`): how the paid plan is paid, and
 * how many days a customer whose renewal failed keeps access while the payment is retried.
 */
export type BillingConfig = {
  mode: BillingMode;
  graceDays: number;
  /** Where customers write ("" when the operator set none). */
  supportEmail: string;
};

type ConfigAnswer = { mode?: unknown; graceDays?: unknown; supportEmail?: unknown };

/** The configuration as the server answers it, with the defaults for what it leaves out. */
export function parseBillingConfig(config: ConfigAnswer): BillingConfig {
  const graceDays = config.graceDays;
  return {
    mode: config.mode === "manual" ? "manual" : "stripe",
    graceDays:
      typeof graceDays === "number" && Number.isFinite(graceDays) && graceDays >= 0
        ? graceDays
        : defaultGraceDays,
    supportEmail: typeof config.supportEmail === "string" ? config.supportEmail : "",
  };
}

let config: Promise<ActionResult<BillingConfig>> | undefined;

/** The billing configuration (`GET /api/billing/config`), asked once per page load. */
export function loadBillingMode(pb: PocketBase): Promise<ActionResult<BillingConfig>> {
  config ??= attempt(async () => {
    const answer = await pb.send<ConfigAnswer>("/api/billing/config", {
      requestKey: null,
    });
    return parseBillingConfig(answer);
  }, loadFailed).then((result) => {
    if (!result.success) config = undefined; // asked again next time
    return result;
  });
  return config;
}

/**
 * The paid plan, from sign-up or the account page: the URL to go to next (Stripe Checkout; in
 * manual mode, the account page once the instructions are emailed).
 */
export function startCheckout(
  pb: PocketBase,
  interval: Interval,
  startNow = false,
): Promise<ActionResult<string>> {
  return attempt(async () => {
    const { url } = await pb.send<{ url: string }>("/api/billing/checkout", {
      method: "POST",
      body: { interval, startNow: startNow ? "true" : "false" },
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

/** Manual mode: the request for the paid plan withdrawn while its payment is awaited. */
export function withdrawRequest(pb: PocketBase): Promise<ActionResult<undefined>> {
  return attempt(async () => {
    await pb.send("/api/billing/withdraw-request", { method: "POST", requestKey: null });
    return undefined;
  }, withdrawFailed);
}

/**
 * Whether the running subscription (Stripe or manual) renews at its period's end: `false` stops
 * it then, `true` undoes that before the end. The server emails the user either way.
 */
export function setRenewal(pb: PocketBase, renew: boolean): Promise<ActionResult<undefined>> {
  return attempt(async () => {
    await pb.send("/api/billing/renewal", {
      method: "POST",
      body: { renew: renew ? "true" : "false" },
      requestKey: null,
    });
    return undefined;
  }, renewalFailed);
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

const withdrawalFailed = msg`We could not check your right of withdrawal.`;
const withdrawContractFailed = msg`We could not register your withdrawal. Please try again.`;

export function loadWithdrawal(pb: PocketBase): Promise<ActionResult<WithdrawalInfo>> {
  return attempt(
    () => pb.send<WithdrawalInfo>("/api/billing/withdrawal", { requestKey: null }),
    withdrawalFailed,
  );
}

/** Withdraws from the contract: the subscription ends now and the refund is made (or owed). */
export function withdrawFromContract(pb: PocketBase): Promise<ActionResult<Withdrawal>> {
  return attempt(
    () => pb.send<Withdrawal>("/api/billing/withdraw", { method: "POST", requestKey: null }),
    withdrawContractFailed,
  );
}

const invoicesFailed = msg`We could not load your invoices.`;

/** The signed-in customer's invoices, the newest first (none in manual mode). */
export function loadInvoices(pb: PocketBase): Promise<ActionResult<InvoiceItem[]>> {
  return attempt(async () => {
    const answer = await pb.send<{ items: InvoiceItem[] }>("/api/billing/invoices", { requestKey: null });
    return answer.items;
  }, invoicesFailed);
}

/** A receipt of a payment recorded by hand (`GET /api/billing/receipts`). */
export type ReceiptItem = {
  number: number;
  interval: Interval;
  /** Paid, VAT included. */
  amount: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  issued: string;
};

const receiptsFailed = msg`We could not load your receipts.`;
const receiptFailed = msg`We could not download the receipt. Please try again.`;

/** The signed-in user's receipts, the newest first. */
export function loadReceipts(pb: PocketBase): Promise<ActionResult<ReceiptItem[]>> {
  return attempt(async () => {
    const answer = await pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", { requestKey: null });
    return answer.items;
  }, receiptsFailed);
}

/**
 * Receipt `number` as a PDF in `locale`, saved by the browser under the server's file name (the
 * download needs the session's token, which a plain link would not send).
 */
export function downloadReceipt(
  pb: PocketBase,
  number: number,
  locale: string,
): Promise<ActionResult<unknown>> {
  return attempt(async () => {
    const url = pb.buildURL(`/api/billing/receipts/${number}?lang=${encodeURIComponent(locale)}`);
    const response = await fetch(url, { headers: { Authorization: pb.authStore.token } });
    if (!response.ok) throw new Error(`Receipt ${number}: ${response.status}`);
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name ?? `receipt-${number}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    return null;
  }, receiptFailed);
}

/** `GET /api/billing/stats`: users by billing state, the paying subscriptions, the monthly revenue. */
export type BillingStats = {
  trial: number;
  awaitingPayment: number;
  /** Stripe subscriptions taken during the trial: first charged when it ends (the `scheduled` status). */
  trialing: number;
  /** Paid periods that renew (Stripe) or are paid until a date (manual mode). */
  active: number;
  /** Paid periods that end at their end: cancelled, or asked not to renew (the `canceling` status). */
  cancelling: number;
  pastDue: number;
  ended: number;
  /** The subscriptions that renew and are paid (active and past due), by interval. */
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
