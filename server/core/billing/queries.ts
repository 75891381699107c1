import { type BillingState, billingStates, manualDueDays, renewalWindowMs } from "#shared/billing.ts";
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
 * on the reader's thread; the active subscriptions (paid, renewing) by interval; and how many pay
 * now (`paying`: active or canceling, and paid for, see `paidSql`).
 */
export async function billingStateCounts(store: Store, now: Date, graceMs: number) {
  const state = billingStateSql(now, graceMs);
  const rows = await store.reader.all(
    store.file,
    sql`SELECT ${state} AS "state", count(*) AS "count",
        count(*) FILTER (WHERE "s"."interval" = 'month') AS "monthly",
        count(*) FILTER (WHERE "s"."interval" = 'year') AS "yearly",
        count(*) FILTER (WHERE ${paidSql()}) AS "paid"
      FROM "users" "u" LEFT JOIN "subscriptions" "s" ON "s"."user" = "u"."id" GROUP BY 1`,
  );
  const counts = Object.fromEntries(billingStates.map((name) => [name, 0])) as Record<BillingState, number>;
  let monthly = 0;
  let yearly = 0;
  let paying = 0;
  for (const row of rows) {
    const name = String(row.state) as BillingState;
    counts[name] = Number(row.count);
    if (name === "active" || name === "canceling") paying += Number(row.paid);
    if (name === "active") {
      monthly += Number(row.monthly);
      yearly += Number(row.yearly);
    }
  }
  return { ...counts, monthly, yearly, paying };
}

/**
 * Whether the subscription "s" of the user "u" was ever paid for (the figures' "paid
 * subscription"): not a Stripe trial, not a first payment still awaited or never made, and its paid
 * period (or, for a failed renewal, the period before the failed one) ends after the user's free
 * trial. A Stripe subscription taken during the trial and cancelled before its first charge ends
 * with the trial: it never paid.
 */
function paidSql() {
  return sql`("s"."status" NOT IN ('trialing', 'incomplete', 'incomplete_expired') AND
    (CASE WHEN "s"."status" = 'past_due' AND "s"."subscription" != '' AND "s"."past_due_since" != ''
      THEN "s"."past_due_since" ELSE "s"."current_period_end" END) > "u"."trial_ends")`;
}

const dayMs = 24 * 60 * 60 * 1000;

/** How many days the figures look back (conversion, churn, sign-ups). */
export const figuresDays = 30;

/**
 * The money figures at `now`, each an index range (never a scan of every user), on the reader's
 * thread; the definitions are in docs/billing.md. Conversion: of the users whose trial ended in
 * the last 30 days, how many pay now (active or canceling, paid). Churn: paid subscriptions that
 * ended in the last 30 days (on `billingView`'s date) and are still ended. Manual mode: renewing
 * subscriptions whose paid-until is in the next 3 days, and those past it within the grace.
 * Sign-ups per UTC day over the last 30 days, today included, every day present.
 */
export async function billingFigures(store: Store, now: Date, graceMs: number) {
  const at = (ms: number) => param(formatDateTime(new Date(now.getTime() + ms)));
  const since = -figuresDays * dayMs;
  const state = billingStateSql(now, graceMs);
  const paid = paidSql();
  const stripePastDue = sql`"s"."status" = 'past_due' AND "s"."subscription" != ''`;
  const pastDueRange = sql`+"s"."status" = 'past_due' AND "s"."subscription" != ''`;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = today - (figuresDays - 1) * dayMs;
  const [conversion, churn, manual, signups] = await Promise.all([
    store.reader.all(
      store.file,
      sql`SELECT count(*) AS "trialsEnded",
          count(*) FILTER (WHERE ${state} IN ('active', 'canceling') AND ${paid}) AS "paying"
        FROM "users" "u" LEFT JOIN "subscriptions" "s" ON "s"."user" = "u"."id"
        WHERE "u"."trial_ends" > ${at(since)} AND "u"."trial_ends" <= ${at(0)}`,
    ),
    // Three index ranges (`+` keeps the planner off the status and the empty dates most records
    // share): a failed renewal ends at its grace's end, anything else at its period's.
    store.reader.all(
      store.file,
      sql`SELECT count(*) AS "ended" FROM "subscriptions" "s" JOIN "users" "u" ON "u"."id" = "s"."user"
        WHERE ((${pastDueRange} AND "s"."past_due_since" > ${at(since - graceMs)} AND "s"."past_due_since" <= ${at(-graceMs)})
          OR (${pastDueRange} AND +"s"."past_due_since" = '' AND "s"."current_period_end" > ${at(since - graceMs)} AND "s"."current_period_end" <= ${at(-graceMs)})
          OR (NOT (${stripePastDue}) AND "s"."current_period_end" > ${at(since)} AND "s"."current_period_end" <= ${at(0)}))
          AND ${state} = 'ended' AND ${paid}`,
    ),
    // `manualRenewal` (shared/billing.ts) for every subscription at once. `+"status"`: the
    // period's range is the narrow index, not the status most records share.
    store.reader.all(
      store.file,
      sql`SELECT count(*) FILTER (WHERE "s"."current_period_end" > ${at(0)}) AS "dueSoon",
          count(*) FILTER (WHERE "s"."current_period_end" <= ${at(0)}) AS "overdue"
        FROM "subscriptions" "s"
        WHERE "s"."subscription" = '' AND +"s"."status" = 'active' AND "s"."cancel_at_period_end" = 0
          AND "s"."current_period_end" > ${at(-graceMs)} AND "s"."current_period_end" <= ${at(manualDueDays * dayMs)}`,
    ),
    store.reader.all(
      store.file,
      sql`SELECT substr("created", 1, 10) AS "day", count(*) AS "count" FROM "users"
        WHERE "created" >= ${param(formatDateTime(new Date(firstDay)))} GROUP BY 1`,
    ),
  ]);
  const perDay = new Map(signups.map((row) => [String(row.day), Number(row.count)]));
  const signupsByDay = Array.from({ length: figuresDays }, (_, i) => {
    const day = new Date(firstDay + i * dayMs).toISOString().slice(0, 10);
    return { day, count: perDay.get(day) ?? 0 };
  });
  return {
    trialsEnded: Number(conversion[0]?.trialsEnded ?? 0),
    converted: Number(conversion[0]?.paying ?? 0),
    churned: Number(churn[0]?.ended ?? 0),
    dueSoon: Number(manual[0]?.dueSoon ?? 0),
    overdue: Number(manual[0]?.overdue ?? 0),
    signupsByDay,
  };
}
