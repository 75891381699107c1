import { parseDateTime } from "./datetime.ts";
import { siteConfig } from "./site-config.ts";

// What the server and the site both know of billing: the `subscriptions` record (one per user,
// written by the server only), and the one function of the paid plan's rule, `billingView`: from a
// user's trial and subscription to everything shown (may they stream and why, the plan fields the
// server stores, the state the plan card, the badges and the operator's page show). The server's
// transitions (server/core/billing/) store what it says; the site shows it at the viewer's now.

export type Interval = "month" | "year";

/** Stripe's subscription statuses. `incomplete` with no Stripe subscription is "awaiting payment". */
export const subscriptionStatuses = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The user's `subscriptions` record as the API gives it. */
export type Subscription = {
  id: string;
  user: string;
  /** Stripe's customer id; empty without Stripe. */
  customer: string;
  /** Stripe's subscription id; empty for a subscription the operator records (manual mode). */
  subscription: string;
  status: SubscriptionStatus;
  interval: Interval;
  /** When the period paid for ends (PocketBase datetime); empty before the first payment. */
  current_period_end: string;
  /** Stripe mode: ends at the period's end. Manual mode: the customer asked not to renew. */
  cancel_at_period_end: boolean;
  /** Since when a renewal has failed (`past_due`); empty otherwise. */
  past_due_since: string;
};

/**
 * How long a live Stripe subscription (`trialing`, `active`) stays in its paid period past its
 * `current_period_end` while the renewal is not known here: Stripe renews after the end and says so
 * by a webhook (retried for up to three days), and the sweep asks Stripe itself. A subscription
 * whose renewal never arrives no longer gives access after this.
 */
export const renewalWindowMs = 3 * 24 * 60 * 60 * 1000;

/** How long a customer whose renewal failed keeps access while the payment is retried (dunning). */
export const defaultGraceDays = 7;

/** A user's billing state: the subscription's, or the trial's when there is none. */
export const billingStates = [
  /** The free trial runs, no subscription. */
  "trial",
  /** No subscription and no trial running: the trial ended, or there never was one. */
  "never-subscribed",
  /** The paid plan is chosen and nothing is paid yet (manual mode's request, or Stripe's first payment). */
  "awaiting-payment",
  /** A Stripe subscription in its trial: the first charge is at the trial's end. */
  "trialing",
  /** A paid period runs and renews (Stripe), or is paid until a date (manual mode). */
  "active",
  /** A paid period runs and ends at its end (cancelled, or asked not to renew). */
  "canceling",
  /** A renewal failed: access goes on until the grace's end while the payment is retried. */
  "past-due",
  /** There was a subscription, and nothing gives access any more. */
  "ended",
] as const;
export type BillingState = (typeof billingStates)[number];

/** The states of a subscription that runs: paid for, or being paid (a trial taken with a card, a retry). */
export const runningStates: readonly BillingState[] = ["trialing", "active", "canceling", "past-due"];

/** Why a user may stream, or why not, with the dates that say until or since when. */
export type BillingReason =
  | { kind: "trial"; until: string }
  /** The trial runs but streaming waits for the email address to be verified. */
  | { kind: "unverified"; until: string }
  | { kind: "paid"; until: string }
  | { kind: "grace"; since: string; until: string }
  | { kind: "awaiting-payment" }
  | { kind: "no-trial" }
  | { kind: "trial-ended"; on: string }
  | { kind: "ended"; on: string };

export type BillingView = {
  state: BillingState;
  mayStream: boolean;
  why: BillingReason;
  /** The subscription's interval; null without one. */
  interval: Interval | null;
  /** When what runs ends: the trial, the paid period, the grace; "" when nothing runs. */
  until: string;
  /** The user's stored `plan`, `is_monthly` and `price`. */
  plan: "free" | "paid";
  is_monthly: boolean;
  price: number;
};

export type BillingFacts = {
  /** The user's `trial_ends` ("" or a date at or before sign-up: no trial). */
  trialEnds: string;
  /** Whether the user's address is verified: streaming on the trial waits for it. */
  verified: boolean;
  subscription: Subscription | null | undefined;
  now: Date;
  /** The dunning grace (`BILLING_GRACE_DAYS`), in ms. */
  graceMs?: number;
};

const day = 24 * 60 * 60 * 1000;

/** The paid plan's price for an interval: the site's constants (what Stripe charges is its own). */
export function paidPrice(interval: Interval): number {
  return interval === "year" ? siteConfig.plans.paid.yearly : siteConfig.plans.paid.monthly;
}

const time = (datetime: string) => (datetime === "" ? Number.NaN : parseDateTime(datetime).getTime());

/** `datetime` plus `ms`, as a PocketBase datetime. */
function later(datetime: string, ms: number): string {
  return new Date(time(datetime) + ms).toISOString().replace("T", " ");
}

/**
 * The state of a user's subscription record at `now`, with the date what runs ends. Stripe's
 * `unpaid`, `paused` and `incomplete_expired` give no access: they are ended.
 */
function subscriptionState(
  sub: Subscription,
  now: number,
  graceMs: number,
): { state: BillingState; until: string; since?: string } {
  const end = time(sub.current_period_end);
  const manual = sub.subscription === "";
  if (sub.status === "incomplete") return { state: "awaiting-payment", until: "" };
  // A renewal Stripe has not told of yet keeps the period running a while; a manual one does not.
  const periodRuns = end + (manual ? 0 : renewalWindowMs) > now;
  if (sub.status === "past_due" && !manual) {
    const since = sub.past_due_since || sub.current_period_end;
    const until = later(since, graceMs);
    return time(until) > now ? { state: "past-due", until, since } : { state: "ended", until };
  }
  const live = sub.status === "active" || sub.status === "trialing";
  if ((live || sub.status === "canceled") && periodRuns && !(sub.status === "canceled" && end <= now)) {
    const state =
      sub.status === "canceled" || sub.cancel_at_period_end
        ? "canceling"
        : sub.status === "trialing"
          ? "trialing"
          : "active";
    return { state, until: sub.current_period_end };
  }
  return { state: "ended", until: sub.current_period_end };
}

/**
 * Everything a user's billing shows, from their trial, their verified address and their
 * subscription at `now`. Access: a trial running on a verified address, a paid period running (a
 * Stripe renewal is waited for `renewalWindowMs`), or a failed renewal within the grace. The plan
 * is `paid` while a subscription gives access, or while the paid plan awaits payment within the
 * trial; `free` and 0 otherwise.
 */
export function billingView(facts: BillingFacts): BillingView {
  const now = facts.now.getTime();
  const graceMs = facts.graceMs ?? defaultGraceDays * day;
  const sub = facts.subscription ?? undefined;
  const trialRuns = time(facts.trialEnds) > now;
  const trialMayStream = trialRuns && facts.verified;
  const trialWhy = (): BillingReason =>
    trialRuns
      ? facts.verified
        ? { kind: "trial", until: facts.trialEnds }
        : { kind: "unverified", until: facts.trialEnds }
      : facts.trialEnds === "" || (sub?.current_period_end ?? "") > facts.trialEnds
        ? { kind: "no-trial" }
        : { kind: "trial-ended", on: facts.trialEnds };
  const view = (
    state: BillingState,
    subscriptionStreams: boolean,
    why: BillingReason,
    until: string,
    paid: boolean,
  ): BillingView => {
    const interval = sub?.interval ?? null;
    return {
      state,
      mayStream: subscriptionStreams || trialMayStream,
      why: subscriptionStreams || !trialRuns ? why : trialWhy(),
      interval,
      until,
      plan: paid ? "paid" : "free",
      is_monthly: paid && interval === "month",
      price: paid && interval ? paidPrice(interval) : 0,
    };
  };
  if (!sub) {
    return trialRuns
      ? view("trial", false, trialWhy(), facts.trialEnds, false)
      : view("never-subscribed", false, trialWhy(), "", false);
  }
  const { state, until, since } = subscriptionState(sub, now, graceMs);
  switch (state) {
    case "awaiting-payment":
      return view(
        state,
        false,
        trialRuns ? trialWhy() : { kind: "awaiting-payment" },
        trialRuns ? facts.trialEnds : "",
        trialRuns,
      );
    case "past-due":
      return view(state, true, { kind: "grace", since: since!, until }, until, true);
    case "trialing":
    case "active":
    case "canceling":
      return view(state, true, { kind: "paid", until }, until, true);
    default:
      // Ended: the trial may still run (a subscription that ended within it).
      return trialRuns
        ? view("trial", false, trialWhy(), facts.trialEnds, false)
        : view("ended", false, { kind: "ended", on: until }, "", false);
  }
}

/** How many days ahead a manual subscription's renewal is due (the overview, the users list). */
export const manualDueDays = 3;

/** A manual subscription the operator chases: its renewal due soon, or its paid-until passed. */
export type ManualRenewal = "due" | "overdue";

/**
 * Where a manual subscription's renewal stands at `now` (what the operator chases): `due` when it
 * renews (the customer did not ask to stop) and its paid-until falls within `manualDueDays`;
 * `overdue` when that date has passed within the grace (access has lapsed, the payment may still
 * be recorded); null otherwise, and for a Stripe subscription (Stripe chases its own).
 */
export function manualRenewal(
  sub: Subscription | null | undefined,
  now: Date,
  graceMs: number = defaultGraceDays * day,
): ManualRenewal | null {
  if (!sub || sub.subscription !== "" || sub.status !== "active" || sub.cancel_at_period_end) return null;
  const end = time(sub.current_period_end);
  const at = now.getTime();
  if (end > at && end <= at + manualDueDays * day) return "due";
  if (end <= at && end > at - graceMs) return "overdue";
  return null;
}

/** The right of withdrawal: how many days after a paid subscription begins the customer may withdraw. */
export const withdrawalDays = 14;

/**
 * Choosing the paid plan during the trial keeps what is left of the trial (the first charge is at
 * its end) when more than this is left; otherwise the first charge is at once.
 */
export const trialKeptAboveMs = 48 * 60 * 60 * 1000;

/** Where the refund of a withdrawal stands: made (to the card, or by hand), owed, or nothing to refund. */
export type RefundState = "refunded" | "owed" | "none";

/**
 * The right of withdrawal now (`GET /api/billing/withdrawal`): whether it is open (a paid
 * subscription begun less than `withdrawalDays` ago, not withdrawn), until when, and what
 * withdrawing would give back.
 */
export type WithdrawalInfo = {
  open: boolean;
  /** The withdrawal period's end (PocketBase datetime); "" without a running order. */
  until: string;
  /** The customer asked the service to start at once: withdrawing keeps the days used. */
  startNow: boolean;
  /** What the customer would get back now, VAT included. */
  refund: number;
  /** What was paid so far for the running subscription, VAT included. */
  paid: number;
  currency: string;
  /** When the running subscription began (PocketBase datetime); "" without one. */
  startedAt: string;
};

/** A withdrawal made (`POST /api/billing/withdraw`): when it was received, and the refund. */
export type Withdrawal = { withdrawnAt: string; refund: number; refundState: RefundState };

/** One invoice of the user's Stripe customer (`GET /api/billing/invoices`). */
export type InvoiceItem = {
  id: string;
  number: string;
  created: string;
  /** VAT included. */
  total: number;
  tax: number;
  currency: string;
  status: string;
  /** Stripe's page of the invoice, and its PDF. */
  hostedUrl: string;
  pdfUrl: string;
};
