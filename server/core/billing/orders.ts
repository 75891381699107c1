import { randomBytes } from "node:crypto";
import { type Interval, type RefundState, withdrawalDays } from "#shared/billing.ts";
import { param, sql } from "#server/tools/sql.ts";
import type { Store } from "../store.ts";

// The orders (`_orders`): one row per choice of the paid plan (Checkout, or manual mode's request),
// written when it is made, with whether the customer asked the service to start at once during the
// 14-day withdrawal period (and when they said so). The row whose subscription began to run is the
// one a withdrawal reads and writes: when it started, when it was withdrawn, the refund and where
// it stands. Kept after the account goes, as receipts are.

/** The withdrawal period: 14 days from the start of the subscription an order made. */
export const withdrawalMs = withdrawalDays * 24 * 60 * 60 * 1000;

export type Order = {
  id: string;
  user: string;
  interval: Interval;
  /** The site's price of the interval when ordered, VAT included. */
  amount: number;
  orderedAt: string;
  startNow: boolean;
  /** When the customer asked for the service to start at once; "" when they did not. */
  startNowAt: string;
  /** Stripe's subscription id once known; "" in manual mode. */
  subscription: string;
  /** When the subscription it made began to run; "" before. */
  startedAt: string;
  withdrawnAt: string;
  /** The refund of the withdrawal, in euros. */
  refund: number;
  refundState: RefundState | "";
  /** When the refund was made (Stripe's, or the operator's record of it). */
  refundedAt: string;
};

function orderOf(row: Record<string, unknown>): Order {
  const state = String(row.refund_state);
  return {
    id: String(row.id),
    user: String(row.user),
    interval: row.interval === "year" ? "year" : "month",
    amount: Number(row.amount),
    orderedAt: String(row.ordered_at),
    startNow: Number(row.start_now) === 1,
    startNowAt: String(row.start_now_at),
    subscription: String(row.subscription),
    startedAt: String(row.started_at),
    withdrawnAt: String(row.withdrawn_at),
    refund: Number(row.refund),
    refundState: state === "refunded" || state === "owed" || state === "none" ? state : "",
    refundedAt: String(row.refunded_at),
  };
}

/** Records an order (the caller's transaction, if any); returns it. */
export function createOrder(
  store: Store,
  order: Pick<Order, "user" | "interval" | "amount" | "orderedAt" | "startNow">,
): Order {
  const id = `ord_${randomBytes(9).toString("hex")}`;
  const startNowAt = order.startNow ? order.orderedAt : "";
  store.run(
    sql`INSERT INTO "_orders" ("id", "user", "interval", "amount", "ordered_at", "start_now", "start_now_at")
        VALUES (${param(id)}, ${param(order.user)}, ${param(order.interval)}, ${param(order.amount)}, ${param(order.orderedAt)}, ${param(order.startNow ? 1 : 0)}, ${param(startNowAt)})`,
  );
  return orderById(store, id)!;
}

export function orderById(store: Store, id: string): Order | undefined {
  const [row] = store.all(sql`SELECT * FROM "_orders" WHERE "id" = ${param(id)}`);
  return row ? orderOf(row) : undefined;
}

/** A user's orders, the newest first (an index range: the UNIQUE constraint led by the user). */
export function ordersOf(store: Store, userId: string): Order[] {
  return store
    .all(sql`SELECT * FROM "_orders" WHERE "user" = ${param(userId)} ORDER BY "ordered_at" DESC, "id" DESC`)
    .map(orderOf);
}

/**
 * The order whose subscription runs for the user: Stripe's subscription `subscription`, or (manual
 * mode, `subscription` "") the last order of the user that started without one.
 */
export function runningOrder(store: Store, userId: string, subscription: string): Order | undefined {
  return ordersOf(store, userId).find(
    (order) => order.startedAt !== "" && order.subscription === subscription,
  );
}

/** Manual mode: the last order not started yet (the request the operator's payment answers). */
export function pendingManualOrder(store: Store, userId: string): Order | undefined {
  const [last] = ordersOf(store, userId);
  return last && last.startedAt === "" && last.subscription === "" && last.withdrawnAt === ""
    ? last
    : undefined;
}

/** The order's subscription began to run at `startedAt` (Stripe's id given once known). */
export function startOrder(store: Store, id: string, startedAt: string, subscription = "") {
  store.run(
    sql`UPDATE "_orders" SET "subscription" = ${param(subscription)}, "started_at" = ${param(startedAt)}
        WHERE "id" = ${param(id)} AND "started_at" = ''`,
  );
}

/** The order was withdrawn from at `withdrawnAt`, with its refund. */
export function withdrawOrder(
  store: Store,
  id: string,
  fields: { withdrawnAt: string; refund: number; refundState: RefundState; refundedAt: string },
) {
  store.run(
    sql`UPDATE "_orders" SET "withdrawn_at" = ${param(fields.withdrawnAt)}, "refund" = ${param(fields.refund)},
        "refund_state" = ${param(fields.refundState)}, "refunded_at" = ${param(fields.refundedAt)}
        WHERE "id" = ${param(id)}`,
  );
}

/** The owed refund of a withdrawal was made by hand at `refundedAt`. */
export function markOrderRefunded(store: Store, id: string, refundedAt: string) {
  store.run(
    sql`UPDATE "_orders" SET "refund_state" = 'refunded', "refunded_at" = ${param(refundedAt)}
        WHERE "id" = ${param(id)} AND "refund_state" = 'owed'`,
  );
}

/** The last withdrawal of a user, if any (the operator's page shows it, with its refund). */
export function lastWithdrawal(store: Store, userId: string): Order | undefined {
  return ordersOf(store, userId).find((order) => order.withdrawnAt !== "");
}
