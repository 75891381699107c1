import type { Interval } from "#shared/billing.ts";
import type { Seller } from "#shared/seller.ts";
import { param, sql } from "#server/tools/sql.ts";
import type { Store } from "../store.ts";

// The receipts of payments the operator records by hand (manual mode): one unbroken sequence of
// numbers, each receipt written once with what it says (the customer, the period, the amount, the
// seller as configured that day) and never changed. They stay when the account goes: a seller keeps
// its receipts (docs/billing.md, "Receipts").

/** A receipt as the API gives it; `seller` is who sold, as configured when it was issued. */
export type Receipt = {
  number: number;
  user: string;
  email: string;
  name: string;
  interval: Interval;
  /** The amount paid, VAT included. */
  amount: number;
  currency: string;
  /** The period paid for (PocketBase datetimes). */
  periodStart: string;
  periodEnd: string;
  /** When it was issued, which is when the payment was recorded (PocketBase datetime). */
  issued: string;
  seller: Seller;
};

function receiptOf(row: Record<string, unknown>): Receipt {
  return {
    number: Number(row.number),
    user: String(row.user),
    email: String(row.email),
    name: String(row.name),
    interval: row.interval === "year" ? "year" : "month",
    amount: Number(row.amount),
    currency: String(row.currency),
    periodStart: String(row.period_start),
    periodEnd: String(row.period_end),
    issued: String(row.issued),
    seller: JSON.parse(String(row.seller)) as Seller,
  };
}

/** Issues the next receipt (call it in the transaction that records the payment). */
export function issueReceipt(store: Store, receipt: Omit<Receipt, "number">): Receipt {
  const [last] = store.all(sql`SELECT MAX("number") AS "last" FROM "_receipts"`);
  const number = Number(last?.last ?? 0) + 1;
  store.run(
    sql`INSERT INTO "_receipts" ("number", "user", "email", "name", "interval", "amount", "currency", "period_start", "period_end", "issued", "seller") VALUES (${param(number)}, ${param(receipt.user)}, ${param(receipt.email)}, ${param(receipt.name)}, ${param(receipt.interval)}, ${param(receipt.amount)}, ${param(receipt.currency)}, ${param(receipt.periodStart)}, ${param(receipt.periodEnd)}, ${param(receipt.issued)}, ${param(JSON.stringify(receipt.seller))})`,
  );
  return { number, ...receipt };
}

/** A user's receipts, the newest first. */
export function receiptsOf(store: Store, userId: string): Receipt[] {
  return store
    .all(sql`SELECT * FROM "_receipts" WHERE "user" = ${param(userId)} ORDER BY "number" DESC`)
    .map(receiptOf);
}

/** One receipt by its number, if it exists. */
export function receiptByNumber(store: Store, number: number): Receipt | undefined {
  const [row] = store.all(sql`SELECT * FROM "_receipts" WHERE "number" = ${param(number)}`);
  return row ? receiptOf(row) : undefined;
}
