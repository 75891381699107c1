import {
  type BillingReason,
  type BillingState,
  type BillingView,
  billingView,
  defaultGraceDays,
  type Subscription as SharedSubscription,
} from "#shared/billing.ts";
import { siteConfig } from "#shared/site-config.ts";
import { param, sql } from "#server/tools/sql.ts";
import type { Collection } from "../collection-types.ts";
import { autogenerate, newRecordData } from "../records.ts";
import type { RecordData, Store } from "../store.ts";
import { formatDateTime } from "../values.ts";
import { claimTrial, isTrialClaimed } from "./trial-claims.ts";

// The billing state of an account, as the database holds it. Stripe (or, without Stripe, the
// operator) is the source of truth for money; the `subscriptions` record mirrors it, one per user,
// written by the server only. Everything that follows from it is `billingView` (shared/billing.ts),
// and `settle` writes that down: the user's `plan`, `is_monthly` and `price`, the Stremio record's
// `field`, and the state the last transition left (`_billing_state`), from which the next one is
// told (transitions.ts). Billing's own tables are made by the store: store/internal-tables.ts.

export const subscriptionsCollection = "subscriptions";

/** The stored record: the shared shape, and the `created` time of the last Stripe event applied. */
export type Subscription = SharedSubscription & { event_at: string };

/** The end of a trial that starts at `start`. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + siteConfig.plans.trialDays * 24 * 60 * 60 * 1000);
}

const graces = new WeakMap<Store, number>();

/** Sets the dunning grace (`BILLING_GRACE_DAYS`, in ms) of the billing kept in `store`. */
export function setBillingGrace(store: Store, graceMs: number) {
  graces.set(store, graceMs);
}

/** The dunning grace of the billing kept in `store`, in ms. */
export function graceOf(store: Store): number {
  return graces.get(store) ?? defaultGraceDays * 24 * 60 * 60 * 1000;
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

/** Removes the user's subscription record (a request for the paid plan withdrawn before paying). */
export function removeSubscription(store: Store, userId: string) {
  const existing = subscriptionOf(store, userId);
  if (existing) store.delete(store.findCollection(subscriptionsCollection)!, existing.id);
}

/** The user's Stremio record, if they have one. */
export function stremioOf(store: Store, stremio: Collection, userId: string): RecordData | undefined {
  return store.find(stremio, { where: sql`"r"."user" = ${param(userId)}`, limit: 1 })[0];
}

/** What a user's billing is at `now`: `billingView` of their stored records. */
export function viewOf(store: Store, user: RecordData, now: Date): BillingView {
  return billingView({
    trialEnds: String(user.trial_ends ?? ""),
    verified: user.verified === true,
    subscription: subscriptionOf(store, String(user.id)),
    now,
    graceMs: graceOf(store),
  });
}

/** The state the last transition left a user in: what the next one is told from. */
export type Settled = { state: BillingState; why: BillingReason["kind"]; interval: string; until: string };

function settledOf(store: Store, userId: string): Settled | undefined {
  const [row] = store.all(
    sql`SELECT "state", "why", "interval", "until" FROM "_billing_state" WHERE "user" = ${param(userId)}`,
  );
  return row as Settled | undefined;
}

/**
 * Brings everything stored of the user's billing in line with `billingView` at `now` (in one
 * transaction, writing only what differs): `plan`, `is_monthly`, `price`, the Stremio record's
 * `field`, and the settled state. Returns the state settled before and the view now; undefined for
 * a user that does not exist. A record save (`fieldsOnly`) writes the fields and leaves the settled
 * state to the machine's next transition, which tells the change (and sends its email) then; it
 * only records a new user's first state.
 */
export function settle(
  store: Store,
  userId: string,
  now = new Date(),
  fieldsOnly = false,
): { before: Settled | undefined; after: BillingView } | undefined {
  const users = store.findCollection("users")!;
  const user = store.findById(users, userId);
  if (!user) return undefined;
  const after = viewOf(store, user, now);
  return store.transaction(() => {
    const changes: RecordData = {};
    for (const key of ["plan", "is_monthly", "price"] as const) {
      if (user[key] !== after[key]) changes[key] = after[key];
    }
    if (Object.keys(changes).length > 0) {
      store.update(users, userId, { ...changes, updated: formatDateTime(now) });
    }
    const field = after.mayStream ? "active" : "inactive";
    const stremio = store.findCollection("stremio");
    const record = stremio && stremioOf(store, stremio, userId);
    if (record && record.field !== field) {
      store.update(stremio, String(record.id), { field, updated: formatDateTime(now) });
    }
    const before = settledOf(store, userId);
    const next: Settled = {
      state: after.state,
      why: after.why.kind,
      interval: after.interval ?? "",
      until: after.until,
    };
    if (fieldsOnly && before) return { before, after };
    if (
      !before ||
      before.state !== next.state ||
      before.why !== next.why ||
      before.interval !== next.interval ||
      before.until !== next.until
    ) {
      store.run(
        sql`INSERT INTO "_billing_state" ("user", "state", "why", "interval", "until", "updated")
            VALUES (${param(userId)}, ${param(next.state)}, ${param(next.why)}, ${param(next.interval)}, ${param(next.until)}, ${param(formatDateTime(now))})
            ON CONFLICT ("user") DO UPDATE SET "state" = "excluded"."state", "why" = "excluded"."why",
              "interval" = "excluded"."interval", "until" = "excluded"."until", "updated" = "excluded"."updated"`,
      );
    }
    return { before, after };
  });
}

/** After an account is deleted: its settled state goes (its trial claim stays, by design). */
export function forgetSettled(store: Store, userId: string) {
  store.run(sql`DELETE FROM "_billing_state" WHERE "user" = ${param(userId)}`);
}

// ------------------------------------------------------------------------------------------------
// What saving a user or a Stremio record means for billing (see record-hooks.ts)

/**
 * A new user's trial starts now, unless the person already had one (`trial-claims.ts`: then there
 * is none, `trial_ends` empty).
 */
export function beforeSaveUser(event: SaveEvent) {
  const { store, data, original, now } = event;
  if (!original && !data.trial_ends) {
    data.trial_ends = isTrialClaimed(store, String(data.email), String(data.id))
      ? ""
      : formatDateTime(trialEnd(now));
  }
}

/**
 * A visitor who signs up on the paid plan is awaiting payment (a subscription record, `incomplete`).
 * A verified address claims the person's one trial. Then the stored billing follows the view:
 * `plan`, `is_monthly` and `price` are the view's whatever a save sent (a superuser's too: the
 * operator changes them by recording a payment or moving the trial's end).
 */
export function afterSaveUser(event: SaveEvent) {
  const { store, data, original, superuser, now } = event;
  const id = String(data.id);
  if (!original && !superuser && data.plan === "paid") {
    saveSubscription(store, id, { status: "incomplete", interval: data.is_monthly ? "month" : "year" });
  }
  if (data.verified === true && (!original || original.verified !== true)) userVerified(store, id, now);
  settle(store, id, now, true);
}

/**
 * A user's address is verified: it claims the person's trial, unless another account already did
 * (an alias, or an account deleted since), in which case this account's trial is over at once.
 */
export function userVerified(store: Store, userId: string, now: Date) {
  const users = store.findCollection("users")!;
  const user = store.findById(users, userId);
  if (!user || user.trial_ends === "") return;
  if (!claimTrial(store, String(user.email), userId, now)) {
    store.update(users, userId, { trial_ends: "", updated: formatDateTime(now) });
  }
  settle(store, userId, now, true);
}

/** The Stremio record's `field` is the entitlement, whatever a visitor sends. */
export function beforeSaveStremio(event: SaveEvent) {
  const { store, data, superuser, now } = event;
  if (superuser) return;
  const user = store.findById(store.findCollection("users")!, String(data.user));
  if (!user) return;
  data.field = viewOf(store, user, now).mayStream ? "active" : "inactive";
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
