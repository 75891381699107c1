import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { parseDateTime } from "#shared/datetime.ts";
import type { AuthUser } from "./auth-state.tsx";
import type { BillingMode } from "./billing.ts";
import { type Interval, type Subscription, subscriptionGraceMs } from "#shared/billing.ts";

/**
 * Where a user's plan stands. The server writes it (docs/billing.md): the user's trial end, their
 * `subscriptions` record (Stripe's mirror, or the operator's "paid until"), and, kept in line with
 * them, `plan` ("paid" while a subscription entitles them or awaits payment). Every place that
 * shows a plan (the header, the account page, the admin page, the dashboard) asks `planState` or
 * `planStatus`, and they all say the same thing.
 */
export type PlanStatus = "trial" | "awaiting-payment" | "paid" | "past-due" | "ended";

export const planStatuses: readonly PlanStatus[] = ["trial", "awaiting-payment", "paid", "past-due", "ended"];

/**
 * The subscription a user record carries (`accountExpand`, src/auth/session.ts); null when there is none, or when
 * the reader may not see it (an admin listing other users).
 */
export function subscriptionOf(user: {
  expand?: { subscriptions_via_user?: Subscription | Subscription[] };
}): Subscription | null {
  const expanded = user.expand?.subscriptions_via_user;
  return (Array.isArray(expanded) ? expanded[0] : expanded) ?? null;
}

/** What the account page's plan card shows, one state each. */
export type PlanState =
  /** The free trial runs: its end, in whole days left (rounded up). */
  | { status: "trial"; trialEnds: string; daysLeft: number }
  /**
   * A subscription entitles the user until `periodEnd`, then: `renews` (Stripe), `first-payment`
   * (Stripe, a trial kept until the first charge), `ends` (cancelled at the period's end), or
   * `paid-until` (the operator's record, manual mode). `portal`: managed in Stripe's Billing Portal.
   */
  | {
      status: "paid";
      interval: Interval;
      periodEnd: string;
      renewal: "renews" | "first-payment" | "ends" | "paid-until";
      portal: boolean;
    }
  /** Stripe could not take a renewal and retries; access goes on meanwhile. */
  | { status: "past-due"; interval: Interval; portal: boolean }
  /**
   * The paid plan was chosen and nothing is paid yet: `instructions` in manual mode (pay by the
   * emailed instructions), else Checkout again. `trialEnds` while the trial still runs.
   */
  | { status: "awaiting-payment"; interval: Interval; instructions: boolean; trialEnds: string | null }
  /** Nothing entitles the user: the trial, or the subscription (`after`), ended on `endedOn`. */
  | { status: "ended"; after: "trial" | "subscription"; endedOn: string };

const day = 24 * 60 * 60 * 1000;

/**
 * The one function of a user's plan state: from the user record (`plan`, `trial_ends`), their
 * subscription (null: none) and the billing mode (null where it is not known: only the ways to
 * pay and to manage depend on it), at `now`. It follows the server's entitlement
 * (server/core/billing.ts) and the admin figures' states (`GET /api/billing/stats`).
 */
export function planState(
  user: Pick<AuthUser, "plan" | "is_monthly" | "trial_ends">,
  subscription: Subscription | null,
  mode: BillingMode | null,
  now: Date,
): PlanState {
  const ahead = (datetime: string, grace = 0) =>
    datetime !== "" && parseDateTime(datetime).getTime() + grace > now.getTime();
  const trialRuns = ahead(user.trial_ends);
  const sub = subscription;
  if (sub) {
    const { interval, current_period_end: periodEnd } = sub;
    const portal = mode === "stripe" && sub.subscription !== "";
    // A live Stripe status gives access until its period end and the grace, as on the server.
    const live = ahead(periodEnd, subscriptionGraceMs);
    if (sub.status === "incomplete") {
      return {
        status: "awaiting-payment",
        interval,
        instructions: mode === "manual",
        trialEnds: trialRuns ? user.trial_ends : null,
      };
    }
    if (sub.subscription === "") {
      // The operator's record: paid until its date, which nothing renews.
      if (sub.status === "active" && ahead(periodEnd)) {
        return { status: "paid", interval, periodEnd, renewal: "paid-until", portal: false };
      }
    } else if ((sub.status === "trialing" || sub.status === "active") && live) {
      const renewal = sub.cancel_at_period_end
        ? "ends"
        : sub.status === "trialing"
          ? "first-payment"
          : "renews";
      return { status: "paid", interval, periodEnd, renewal, portal };
    } else if (sub.status === "past_due" && live) {
      return { status: "past-due", interval, portal };
    } else if (sub.status === "canceled" && ahead(periodEnd)) {
      return { status: "paid", interval, periodEnd, renewal: "ends", portal };
    }
  } else if (user.plan === "paid") {
    // The subscription cannot be read here (an admin looking at someone else): the plan the server
    // keeps says one entitles them (or awaits payment, which only its reader can tell).
    return {
      status: "paid",
      interval: user.is_monthly ? "month" : "year",
      periodEnd: "",
      renewal: "renews",
      portal: false,
    };
  }
  if (trialRuns) {
    const daysLeft = Math.ceil((parseDateTime(user.trial_ends).getTime() - now.getTime()) / day);
    return { status: "trial", trialEnds: user.trial_ends, daysLeft };
  }
  const subscriptionEnd = sub?.current_period_end ?? "";
  const afterSubscription =
    subscriptionEnd !== "" &&
    (user.trial_ends === "" || parseDateTime(subscriptionEnd) > parseDateTime(user.trial_ends));
  return afterSubscription
    ? { status: "ended", after: "subscription", endedOn: subscriptionEnd }
    : { status: "ended", after: "trial", endedOn: user.trial_ends };
}

/**
 * A user's plan status (the badges): `planState` of the record and the subscription it carries
 * (see `accountExpand`; without it, the status the record alone tells).
 */
export function planStatus(
  user: Pick<AuthUser, "plan" | "is_monthly" | "trial_ends" | "expand">,
  now: Date = new Date(),
): PlanStatus {
  return planState(user, subscriptionOf(user), null, now).status;
}

/** The words for each status, the same in the header, on the account page and on the admin page. */
export const planStatusLabels: Record<PlanStatus, MessageDescriptor> = {
  trial: msg`Trial`,
  "awaiting-payment": msg`Paid (awaiting payment)`,
  paid: msg`Paid`,
  "past-due": msg`Payment failed`,
  ended: msg`Ended`,
};

/** The badge colour of each status. */
export const planStatusBadges = {
  trial: "secondary",
  "awaiting-payment": "warning",
  paid: "default",
  "past-due": "danger",
  ended: "outline",
} as const satisfies Record<PlanStatus, string>;

/**
 * The PocketBase filter that selects the users of one status (the dashboard's list, as a
 * superuser: it reads everyone's subscription). From the fields the server keeps in line, so a
 * period that ended within the last sweep (an hour by default) still counts as paid here.
 */
export const planStatusFilters: Record<PlanStatus, string> = {
  trial: 'plan = "free" && trial_ends > @now',
  "awaiting-payment": 'subscriptions_via_user.status ?= "incomplete"',
  paid: 'plan = "paid" && subscriptions_via_user.status ?!= "incomplete" && subscriptions_via_user.status ?!= "past_due"',
  "past-due": 'subscriptions_via_user.status ?= "past_due"',
  ended: 'plan = "free" && (trial_ends = "" || trial_ends <= @now)',
};
