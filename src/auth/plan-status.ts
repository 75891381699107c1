import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { parseDateTime } from "#shared/datetime.ts";
import type { AuthUser } from "./auth-state.tsx";
import type { BillingMode } from "./billing.ts";
import { billingView, type Interval, type Subscription } from "#shared/billing.ts";

/**
 * Where a user's plan stands: the badges and the operator's status, one per billing state
 * (shared/billing.ts, `billingView`), the Stripe trial named `scheduled`. Every place that shows a
 * plan (the header, the account page, the admin page, the dashboard) asks `planState` or
 * `planStatus`, and they all say what the server's billing says.
 */
export type PlanStatus =
  "trial" | "awaiting-payment" | "scheduled" | "paid" | "canceling" | "past-due" | "ended";

export const planStatuses: readonly PlanStatus[] = [
  "trial",
  "awaiting-payment",
  "scheduled",
  "paid",
  "canceling",
  "past-due",
  "ended",
];

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
  /** The free trial runs: its end, in whole days left (rounded up); streaming waits for `verified`. */
  | { status: "trial"; trialEnds: string; daysLeft: number; verified: boolean }
  /** A Stripe subscription taken during the trial: it starts, and is first charged, on `startsOn`. */
  | { status: "scheduled"; interval: Interval; startsOn: string; portal: boolean }
  /**
   * A paid period runs until `periodEnd`, then `renews` (Stripe) or is `paid-until` (the operator's
   * record, manual mode). `portal`: managed in Stripe's Billing Portal. `periodEnd` is empty when
   * the subscription cannot be read here (an admin looking at someone else).
   */
  | {
      status: "paid";
      interval: Interval;
      periodEnd: string;
      renewal: "renews" | "paid-until";
      portal: boolean;
    }
  /** Cancelled: access until `endsOn`, nothing more charged. */
  | { status: "canceling"; interval: Interval; endsOn: string; portal: boolean }
  /** A renewal failed: access until `accessUntil` (the grace's end) unless the payment goes through. */
  | { status: "past-due"; interval: Interval; accessUntil: string; portal: boolean }
  /**
   * The paid plan was chosen and nothing is paid yet: `instructions` in manual mode (pay by the
   * emailed instructions), else Checkout again. `trialEnds` while the trial still runs.
   */
  | { status: "awaiting-payment"; interval: Interval; instructions: boolean; trialEnds: string | null }
  /**
   * Nothing gives access: after the `trial`, after a `subscription` (ended on `endedOn`), or with
   * `no-trial` at all (the person had one on another account).
   */
  | { status: "ended"; after: "trial" | "subscription" | "no-trial"; endedOn: string };

const day = 24 * 60 * 60 * 1000;

/**
 * The one function of a user's plan state: `billingView` of the user record (`trial_ends`,
 * `verified`) and their subscription (null: none), shown for the billing mode (null where it is
 * not known: only the ways to pay and to manage depend on it), at `now`, with the server's
 * dunning grace (`GET /api/billing/config`).
 */
export function planState(
  user: Pick<AuthUser, "plan" | "is_monthly" | "trial_ends"> & { verified?: boolean },
  subscription: Subscription | null,
  mode: BillingMode | null,
  now: Date,
  graceMs?: number,
): PlanState {
  if (!subscription && user.plan === "paid") {
    // The subscription cannot be read here (an admin looking at someone else): the plan the server
    // keeps says one gives access (or awaits payment, which only its reader can tell).
    const interval = user.is_monthly ? "month" : "year";
    return { status: "paid", interval, periodEnd: "", renewal: "renews", portal: false };
  }
  const view = billingView({
    trialEnds: user.trial_ends,
    verified: user.verified !== false,
    subscription,
    now,
    graceMs,
  });
  const interval = view.interval ?? "month";
  const portal = mode === "stripe" && (subscription?.subscription ?? "") !== "";
  switch (view.state) {
    case "trial": {
      const daysLeft = Math.ceil((parseDateTime(user.trial_ends).getTime() - now.getTime()) / day);
      return { status: "trial", trialEnds: user.trial_ends, daysLeft, verified: user.verified !== false };
    }
    case "trialing":
      return { status: "scheduled", interval, startsOn: view.until, portal };
    case "active":
      return {
        status: "paid",
        interval,
        periodEnd: view.until,
        renewal: subscription?.subscription ? "renews" : "paid-until",
        portal,
      };
    case "canceling":
      return { status: "canceling", interval, endsOn: view.until, portal };
    case "past-due":
      return { status: "past-due", interval, accessUntil: view.until, portal };
    case "awaiting-payment":
      return {
        status: "awaiting-payment",
        interval,
        instructions: mode === "manual" && subscription?.subscription === "",
        trialEnds: view.why.kind === "trial" || view.why.kind === "unverified" ? user.trial_ends : null,
      };
    case "ended":
      return {
        status: "ended",
        after: "subscription",
        endedOn: view.why.kind === "ended" ? view.why.on : "",
      };
    case "never-subscribed":
      return view.why.kind === "no-trial"
        ? { status: "ended", after: "no-trial", endedOn: "" }
        : { status: "ended", after: "trial", endedOn: user.trial_ends };
  }
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
  "awaiting-payment": msg`Awaiting payment`,
  scheduled: msg`Paid after the trial`,
  paid: msg`Paid`,
  canceling: msg`Ending`,
  "past-due": msg`Payment failed`,
  ended: msg`Ended`,
};

/** The badge colour of each status. */
export const planStatusBadges = {
  trial: "secondary",
  "awaiting-payment": "warning",
  scheduled: "secondary",
  paid: "default",
  canceling: "outline",
  "past-due": "danger",
  ended: "outline",
} as const satisfies Record<PlanStatus, string>;

/**
 * The PocketBase filter that selects the users of one status (the dashboard's list, as a
 * superuser: it reads everyone's subscription). From the fields the server keeps in line, so a
 * period that ended within the last sweep (an hour by default) still counts as it was.
 */
export const planStatusFilters: Record<PlanStatus, string> = {
  trial: 'plan = "free" && trial_ends > @now',
  "awaiting-payment": 'subscriptions_via_user.status ?= "incomplete"',
  scheduled:
    'plan = "paid" && subscriptions_via_user.status ?= "trialing" && subscriptions_via_user.cancel_at_period_end ?= false',
  paid: 'plan = "paid" && subscriptions_via_user.status ?= "active" && subscriptions_via_user.cancel_at_period_end ?= false',
  canceling:
    'plan = "paid" && (subscriptions_via_user.status ?= "canceled" || subscriptions_via_user.cancel_at_period_end ?= true)',
  "past-due": 'plan = "paid" && subscriptions_via_user.status ?= "past_due"',
  ended: 'plan = "free" && (trial_ends = "" || trial_ends <= @now)',
};
