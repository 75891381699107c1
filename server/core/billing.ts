import { parseDateTime } from "#shared/datetime.ts";
import {
  type Interval,
  type Subscription as SharedSubscription,
  subscriptionGraceMs,
} from "#shared/billing.ts";
import { siteConfig } from "#shared/site-config.ts";
import { param, sql } from "../tools/sql.ts";
import type { Collection } from "./collection-types.ts";
import { autogenerate, newRecordData } from "./records.ts";
import type { RecordData, Store } from "./store.ts";
import { formatDateTime } from "./values.ts";

// The billing state of an account, as the database holds it: Stripe (or, without Stripe, the
// operator) is the source of truth for money, and the `subscriptions` record mirrors it, one per
// user, written by the server only. Whether the user may stream is one pure function of their trial
// end and that record (`isEntitled`); the Stremio record's `field` is that function written down
// (`syncEntitlement`), and so are the user's `plan`, `is_monthly` and `price`. Billing's own tables
// (the Stripe events applied, the one-off emails sent) are made by the store: store/internal-tables.ts.

export const subscriptionsCollection = "subscriptions";

/** The stored record: the shared shape, and the `created` time of the last Stripe event applied. */
export type Subscription = SharedSubscription & { event_at: string };

/** The shown price of the paid plan for an interval: the site's constants, never a client's number. */
export function paidPrice(interval: Interval): number {
  return interval === "year" ? siteConfig.plans.paid.yearly : siteConfig.plans.paid.monthly;
}

/** The end of a trial that starts at `start`. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + siteConfig.plans.trialDays * 24 * 60 * 60 * 1000);
}

const isAhead = (datetime: string, now: Date) =>
  datetime !== "" && parseDateTime(datetime).getTime() > now.getTime();

/** The live Stripe statuses: the subscription runs (a failed renewal, `past_due`, while Stripe retries). */
export const liveStatuses = ["trialing", "active", "past_due"] as const;

/**
 * Whether a subscription lets its user stream now: one of Stripe's live statuses until its period
 * end plus `subscriptionGraceMs`, or one canceled whose paid period is not over. One the operator
 * records (no Stripe subscription) lasts until its period end.
 */
export function subscriptionEntitles(sub: Subscription | undefined, now: Date): boolean {
  if (!sub) return false;
  if (sub.subscription === "") return sub.status === "active" && isAhead(sub.current_period_end, now);
  if ((liveStatuses as readonly string[]).includes(sub.status)) {
    return isAhead(sub.current_period_end, new Date(now.getTime() - subscriptionGraceMs));
  }
  return sub.status === "canceled" && isAhead(sub.current_period_end, now);
}

/** Whether the user may stream now: the trial is not over, or a subscription entitles them. */
export function isEntitled(trialEnds: string, sub: Subscription | undefined, now: Date): boolean {
  return isAhead(trialEnds, now) || subscriptionEntitles(sub, now);
}

/** Awaiting payment: the paid plan was chosen, nothing was paid yet. */
export function isAwaitingPayment(sub: Subscription | undefined): boolean {
  return sub?.status === "incomplete";
}

/** The user's subscription record, if any (its `user` field is uniquely indexed). */
export function subscriptionOf(store: Store, userId: string): Subscription | undefined {
  const collection = store.findCollection(subscriptionsCollection);
  if (!collection) return undefined;
  return store.find(collection, { where: sql`"r"."user" = ${param(userId)}`, limit: 1 })[0] as
    Subscription | undefined;
}

/** Creates or updates the user's subscription record with `fields`; returns it as stored. */
export function saveSubscription(
  store: Store,
  userId: string,
  fields: Partial<Omit<Subscription, "id" | "user">>,
): Subscription {
  const collection = store.findCollection(subscriptionsCollection)!;
  const existing = subscriptionOf(store, userId);
  const now = formatDateTime(new Date());
  if (existing) {
    store.update(collection, existing.id, { ...fields, updated: now });
  } else {
    const record: RecordData = {
      ...newRecordData(collection),
      user: userId,
      status: "incomplete",
      interval: "month",
      ...fields,
      created: now,
      updated: now,
    };
    autogenerate(collection, record);
    store.insert(collection, record);
  }
  return subscriptionOf(store, userId)!;
}

/**
 * What the user record and its Stremio record must say for the current billing state: `plan` is
 * `paid` (with the interval's `is_monthly` and `price`) while a subscription entitles the user, or
 * while the paid plan awaits payment within the trial; `free` and 0 otherwise.
 */
export function entitlementFields(
  user: RecordData,
  sub: Subscription | undefined,
  now: Date,
): { plan: "free" | "paid"; is_monthly: boolean; price: number; field: "active" | "inactive" } {
  const entitled = isEntitled(String(user.trial_ends ?? ""), sub, now);
  // The paid plan chosen and not paid yet is the paid plan while the trial runs, and no plan after.
  const paid = subscriptionEntitles(sub, now) || (isAwaitingPayment(sub) && entitled);
  const interval = sub?.interval ?? "month";
  return {
    plan: paid ? "paid" : "free",
    is_monthly: paid && interval === "month",
    price: paid ? paidPrice(interval) : 0,
    field: entitled ? "active" : "inactive",
  };
}

/**
 * Brings the user's `plan`, `is_monthly` and `price`, and their Stremio record's `field`, in line
 * with their trial and subscription; writes only what differs. Returns whether they may stream.
 */
export function syncEntitlement(store: Store, userId: string, now = new Date()): boolean {
  const users = store.findCollection("users")!;
  const user = store.findById(users, userId);
  if (!user) return false;
  const wanted = entitlementFields(user, subscriptionOf(store, userId), now);
  store.transaction(() => {
    const changes: RecordData = {};
    for (const key of ["plan", "is_monthly", "price"] as const) {
      if (user[key] !== wanted[key]) changes[key] = wanted[key];
    }
    if (Object.keys(changes).length > 0) {
      store.update(users, userId, { ...changes, updated: formatDateTime(now) });
    }
    const stremio = store.findCollection("stremio");
    const record = stremio && stremioOf(store, stremio, userId);
    if (record && record.field !== wanted.field) {
      store.update(stremio, String(record.id), { field: wanted.field, updated: formatDateTime(now) });
    }
  });
  return wanted.field === "active";
}

/** The user's Stremio record, if they have one. */
export function stremioOf(store: Store, stremio: Collection, userId: string): RecordData | undefined {
  return store.find(stremio, { where: sql`"r"."user" = ${param(userId)}`, limit: 1 })[0];
}

// ------------------------------------------------------------------------------------------------
// What saving a user or a Stremio record means for billing (see record-hooks.ts)

type FieldError = { code: string; message: string };

/** A new user's trial starts now; a superuser's `plan`, `is_monthly` and `price` must agree. */
export function beforeSaveUser(event: SaveEvent): Record<string, FieldError> | void {
  const { data, original, superuser, body, now } = event;
  if (!original && !data.trial_ends) data.trial_ends = formatDateTime(trialEnd(now));
  if (!superuser) return;
  const interval: Interval = data.is_monthly === true ? "month" : "year";
  const expected = data.plan === "paid" ? paidPrice(interval) : 0;
  if (data.price === expected) return;
  if ("price" in body) {
    return {
      price: {
        code: "validation_price_mismatch",
        message: `The price of this plan is ${expected}: 0 for a trial, ${paidPrice("month")} monthly, ${paidPrice("year")} yearly.`,
      },
    };
  }
  data.price = expected;
}

/**
 * A visitor who signs up on the paid plan is awaiting payment (a subscription record, `incomplete`);
 * their plan fields are then the entitlement's. A superuser who moves a trial's end changes what
 * the user may do at once.
 */
export function afterSaveUser(event: SaveEvent) {
  const { store, data, original, superuser, now } = event;
  const id = String(data.id);
  if (!original && !superuser) {
    if (data.plan === "paid") {
      saveSubscription(store, id, { status: "incomplete", interval: data.is_monthly ? "month" : "year" });
    }
    syncEntitlement(store, id, now);
  }
  if (original && superuser && original.trial_ends !== data.trial_ends) syncEntitlement(store, id, now);
}

/** The Stremio record's `field` is the entitlement, whatever a visitor sends. */
export function beforeSaveStremio(event: SaveEvent) {
  const { store, data, superuser, now } = event;
  if (superuser) return;
  const user = store.findById(store.findCollection("users")!, String(data.user));
  if (!user) return;
  data.field = entitlementFields(user, subscriptionOf(store, String(data.user)), now).field;
}

/** What a record hook is told about a save. */
export type SaveEvent = {
  store: Store;
  collection: Collection;
  /** The values to be stored (a hook may change them before the write). */
  data: RecordData;
  /** The stored values before an update; undefined for a create. */
  original: RecordData | undefined;
  /** The submitted body (which fields were sent). */
  body: Record<string, unknown>;
  superuser: boolean;
  /** The email of the superuser making the request; empty for anyone else. */
  actor: string;
  now: Date;
  /** Sends the saved auth record the verification email once the save has committed (if it does). */
  sendVerification: () => void;
};
