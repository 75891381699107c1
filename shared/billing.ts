// What the server and the site both know of billing: the `subscriptions` record (one per user,
// written by the server only) and its values, as pocketbase/pb_schema.json declares them.

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
  cancel_at_period_end: boolean;
};

/**
 * How long a live Stripe subscription (`trialing`, `active`, `past_due`) keeps access past its
 * `current_period_end`: Stripe renews a period after its end and tells it by a webhook, which it
 * retries for up to three days. Beyond that, a subscription whose renewal (or deletion) never
 * arrived no longer entitles anyone, whatever its status says.
 */
export const subscriptionGraceMs = 3 * 24 * 60 * 60 * 1000;
