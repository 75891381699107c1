import { type BillingState, billingStates, renewalWindowMs } from "#shared/billing.ts";
import { ident, param, sql } from "#server/tools/sql.ts";
import type { Collection } from "../collection-types.ts";
import type { RecordData, Store } from "../store.ts";
import { formatDateTime } from "../values.ts";

// The SQL of billing (lifecycle.ts): its own tables (store/internal-tables.ts), the Stripe
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
  field: "trial_ends" | "current_period_end" | "past_due_since",
  after: Date,
  until: Date,
): RecordData[] {
  const column = ident("r", field);
  return store.find(collection, {
    where: sql`${column} > ${param(formatDateTime(after))} AND ${column} <= ${param(formatDateTime(until))}`,
  });
}

/**
 * The SQL of a user's billing state at `now` over `users` "u" LEFT JOIN `subscriptions` "s":
 * `billingView`'s rule (shared/billing.ts) for a whole table at once. The property test
 * (server/billing-machine.test.ts) holds the two equal over random histories.
 */
export function billingStateSql(now: Date, graceMs: number) {
  const at = (ms: number) => param(formatDateTime(new Date(now.getTime() - ms)));
  const trialOr = (state: string) =>
    sql`CASE WHEN "u"."trial_ends" > ${at(0)} THEN 'trial' ELSE ${param(state)} END`;
  const periodRuns = sql`("s"."current_period_end" > CASE WHEN "s"."subscription" = '' THEN ${at(0)} ELSE ${at(renewalWindowMs)} END)`;
  return sql`CASE
    WHEN "s"."id" IS NULL THEN ${trialOr("never-subscribed")}
    WHEN "s"."status" = 'incomplete' THEN 'awaiting-payment'
    WHEN "s"."status" = 'past_due' AND "s"."subscription" != '' THEN
      CASE WHEN (CASE WHEN "s"."past_due_since" != '' THEN "s"."past_due_since" ELSE "s"."current_period_end" END) > ${at(graceMs)}
        THEN 'past-due' ELSE ${trialOr("ended")} END
    WHEN "s"."status" IN ('active', 'trialing') AND ${periodRuns} THEN
      CASE WHEN "s"."cancel_at_period_end" = 1 THEN 'canceling' WHEN "s"."status" = 'trialing' THEN 'trialing' ELSE 'active' END
    WHEN "s"."status" = 'canceled' AND "s"."current_period_end" > ${at(0)} THEN 'canceling'
    ELSE ${trialOr("ended")}
  END`;
}

/**
 * How many users are in each billing state at `now` (`billingStateSql`), counted over every user
 * on the reader's thread; and the active subscriptions (paid, renewing) by interval.
 */
export async function billingStateCounts(store: Store, now: Date, graceMs: number) {
  const state = billingStateSql(now, graceMs);
  const rows = await store.reader.all(
    store.file,
    sql`SELECT ${state} AS "state", count(*) AS "count",
        count(*) FILTER (WHERE "s"."interval" = 'month') AS "monthly",
        count(*) FILTER (WHERE "s"."interval" = 'year') AS "yearly"
      FROM "users" "u" LEFT JOIN "subscriptions" "s" ON "s"."user" = "u"."id" GROUP BY 1`,
  );
  const counts = Object.fromEntries(billingStates.map((name) => [name, 0])) as Record<BillingState, number>;
  let monthly = 0;
  let yearly = 0;
  for (const row of rows) {
    const name = String(row.state) as BillingState;
    counts[name] = Number(row.count);
    if (name === "active") {
      monthly += Number(row.monthly);
      yearly += Number(row.yearly);
    }
  }
  return { ...counts, monthly, yearly };
}
