import { subscriptionGraceMs } from "#shared/billing.ts";
import { ident, param, sql } from "../tools/sql.ts";
import type { Collection } from "./collection-types.ts";
import type { RecordData, Store } from "./store.ts";
import { formatDateTime } from "./values.ts";

// The SQL of billing (billing/billing.ts): its own tables (store/internal-tables.ts), the Stripe
// events already applied and the one-off emails already sent, and the reads of its hourly sweep
// and of the admin page's counts over `users` and `subscriptions`.

/** Whether the Stripe event `id` was already applied. */
export function isEventApplied(store: Store, id: string): boolean {
  return store.all(sql`SELECT 1 FROM "_billing_events" WHERE "id" = ${param(id)}`).length > 0;
}

/**
 * Records the Stripe event `id` as applied (`created`: when Stripe made it), in the caller's
 * transaction. False when it already was: a replay changes nothing.
 */
export function recordEvent(store: Store, id: string, type: string, created: Date): boolean {
  const seen = store.run(
    sql`INSERT OR IGNORE INTO "_billing_events" ("id", "type", "created") VALUES (${param(id)}, ${param(type)}, ${param(formatDateTime(created))})`,
  );
  return Number(seen.changes) > 0;
}

/** Records that the one-off email `kind` was sent to the user now. False when it already was. */
export function recordNotice(store: Store, userId: string, kind: string): boolean {
  const inserted = store.run(
    sql`INSERT OR IGNORE INTO "_billing_notices" ("user", "kind", "created") VALUES (${param(userId)}, ${param(kind)}, ${param(formatDateTime(new Date()))})`,
  );
  return Number(inserted.changes) > 0;
}

/**
 * Records that the email `kind` is sent to the user at `now`, unless it was sent after `before`.
 * False when it was (the email is not to be sent again yet).
 */
export function renewNotice(store: Store, userId: string, kind: string, now: Date, before: Date): boolean {
  const sent = store.run(
    sql`INSERT INTO "_billing_notices" ("user", "kind", "created") VALUES (${param(userId)}, ${param(kind)}, ${param(formatDateTime(now))})
        ON CONFLICT ("user", "kind") DO UPDATE SET "created" = "excluded"."created" WHERE "_billing_notices"."created" <= ${param(formatDateTime(before))}`,
  );
  return Number(sent.changes) > 0;
}

/** Forgets that the email `kind` was sent to the user (it may be sent again), or every kind when absent. */
export function forgetNotices(store: Store, userId: string, kind?: string) {
  if (kind === undefined) store.run(sql`DELETE FROM "_billing_notices" WHERE "user" = ${param(userId)}`);
  else
    store.run(
      sql`DELETE FROM "_billing_notices" WHERE "user" = ${param(userId)} AND "kind" = ${param(kind)}`,
    );
}

/** The subscription record of the Stripe customer `customerId`, if any. */
export function subscriptionOfCustomer(
  store: Store,
  collection: Collection,
  customerId: string,
): RecordData | undefined {
  return store.find(collection, { where: sql`"r"."customer" = ${param(customerId)}`, limit: 1 })[0];
}

/**
 * The records whose datetime `field` falls after `after` and at `until` or before: an index range
 * (the users' `trial_ends`, the subscriptions' `current_period_end`).
 */
export function recordsEndingBetween(
  store: Store,
  collection: Collection,
  field: "trial_ends" | "current_period_end",
  after: Date,
  until: Date,
): RecordData[] {
  const column = ident("r", field);
  return store.find(collection, {
    where: sql`${column} > ${param(formatDateTime(after))} AND ${column} <= ${param(formatDateTime(until))}`,
  });
}

/**
 * How many users are in each billing state at `now`, counted over every user on the reader's
 * thread. A subscription entitles as `subscriptionEntitles` (core/billing.ts) says; `unsubscribed`
 * users have none that entitles or awaits payment, `trial` ones of them are in their trial; the
 * `active` (paying) ones, by `monthly` and `yearly` interval; `cancelling` at their period's end.
 */
export async function billingStateCounts(store: Store, now: Date) {
  const nowText = formatDateTime(now);
  const graceText = formatDateTime(new Date(now.getTime() - subscriptionGraceMs));
  const entitling = sql`(("s"."status" IN ('active', 'trialing', 'past_due') AND "s"."subscription" != '' AND "s"."current_period_end" > ${param(graceText)})
      OR ("s"."status" = 'active' AND "s"."subscription" = '' AND "s"."current_period_end" > ${param(nowText)})
      OR ("s"."status" = 'canceled' AND "s"."current_period_end" > ${param(nowText)}))`;
  const open = sql`("s"."id" IS NULL OR NOT (${entitling} OR "s"."status" = 'incomplete'))`;
  const paying = sql`(${entitling} AND "s"."status" != 'past_due')`;
  const [row] = await store.reader.all(
    store.file,
    sql`SELECT
        count(*) FILTER (WHERE ${open}) AS "unsubscribed",
        count(*) FILTER (WHERE ${open} AND "u"."trial_ends" > ${param(nowText)}) AS "trial",
        count(*) FILTER (WHERE "s"."status" = 'incomplete') AS "awaiting",
        count(*) FILTER (WHERE ${paying}) AS "active",
        count(*) FILTER (WHERE ${paying} AND "s"."interval" = 'month') AS "monthly",
        count(*) FILTER (WHERE ${paying} AND "s"."interval" = 'year') AS "yearly",
        count(*) FILTER (WHERE ${entitling} AND "s"."cancel_at_period_end" = 1) AS "cancelling",
        count(*) FILTER (WHERE "s"."status" = 'past_due') AS "pastDue"
      FROM "users" "u" LEFT JOIN "subscriptions" "s" ON "s"."user" = "u"."id"`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    unsubscribed: n("unsubscribed"),
    trial: n("trial"),
    awaiting: n("awaiting"),
    active: n("active"),
    monthly: n("monthly"),
    yearly: n("yearly"),
    cancelling: n("cancelling"),
    pastDue: n("pastDue"),
  };
}
