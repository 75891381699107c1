// The store's own tables: `_collections` and what the domain keeps outside collections (billing,
// passkeys, two-factor). The store makes them at open, and a collection may never take their names.
// This module imports nothing, so the store learns of the domain's tables without importing the
// domain modules that use the store.

/**
 * One of the store's own tables. The rows of one `ownedByRecord` belong to a record (its
 * `collectionRef` and `recordRef` columns) and go with it.
 */
export type InternalTable = { name: string; statement: string; ownedByRecord?: boolean };

/** The table the collection definitions are kept in, with their per-instance token secrets. */
export const collectionsTable = "_collections";

/** The statement `_collections` is made with. */
export const collectionsTableStatement = `CREATE TABLE IF NOT EXISTS "${collectionsTable}" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "name" TEXT UNIQUE NOT NULL,
  "data" TEXT NOT NULL
)`;

/**
 * Billing's tables (core/billing/): the Stripe events already applied, by id (a replay changes
 * nothing); the one-off emails already sent per user (`trialEndingSoon`, …); the state each user's
 * last transition left (the next one is told from it); the trials claimed, by a keyed hash of the
 * normalized address (kept after the account goes); the key of those hashes; and the receipts of
 * payments recorded by hand, numbered in one unbroken sequence (kept after the account goes, as
 * accounts are; the UNIQUE constraint led by the user is the index a user's receipts are read by);
 * and the orders: one per choice of the paid plan, with whether the customer asked the service to
 * start at once, when the subscription it made began to run, and its withdrawal and refund (kept
 * after the account goes, as receipts are; read by id, or by user through the UNIQUE constraint
 * led by the user).
 */
const billingTables: InternalTable[] = [
  {
    name: "_billing_events",
    statement: `CREATE TABLE IF NOT EXISTS "_billing_events" ("id" TEXT PRIMARY KEY NOT NULL, "type" TEXT NOT NULL, "created" TEXT NOT NULL)`,
  },
  {
    name: "_billing_notices",
    statement: `CREATE TABLE IF NOT EXISTS "_billing_notices" ("user" TEXT NOT NULL, "kind" TEXT NOT NULL, "created" TEXT NOT NULL, PRIMARY KEY ("user", "kind"))`,
  },
  {
    name: "_billing_state",
    statement: `CREATE TABLE IF NOT EXISTS "_billing_state" ("user" TEXT PRIMARY KEY NOT NULL, "state" TEXT NOT NULL, "why" TEXT NOT NULL, "interval" TEXT NOT NULL, "until" TEXT NOT NULL, "updated" TEXT NOT NULL)`,
  },
  {
    name: "_trial_claims",
    statement: `CREATE TABLE IF NOT EXISTS "_trial_claims" ("hash" TEXT PRIMARY KEY NOT NULL, "user" TEXT NOT NULL, "created" TEXT NOT NULL)`,
  },
  {
    name: "_billing_secrets",
    statement: `CREATE TABLE IF NOT EXISTS "_billing_secrets" ("name" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)`,
  },
  {
    name: "_receipts",
    statement: `CREATE TABLE IF NOT EXISTS "_receipts" ("number" INTEGER PRIMARY KEY NOT NULL, "user" TEXT NOT NULL, "email" TEXT NOT NULL, "name" TEXT NOT NULL, "interval" TEXT NOT NULL, "amount" REAL NOT NULL, "currency" TEXT NOT NULL, "period_start" TEXT NOT NULL, "period_end" TEXT NOT NULL, "issued" TEXT NOT NULL, "seller" TEXT NOT NULL, UNIQUE ("user", "number"))`,
  },
  {
    name: "_orders",
    statement: `CREATE TABLE IF NOT EXISTS "_orders" ("id" TEXT PRIMARY KEY NOT NULL, "user" TEXT NOT NULL, "interval" TEXT NOT NULL, "amount" REAL NOT NULL, "ordered_at" TEXT NOT NULL, "start_now" INTEGER NOT NULL DEFAULT 0, "start_now_at" TEXT NOT NULL DEFAULT '', "subscription" TEXT NOT NULL DEFAULT '', "started_at" TEXT NOT NULL DEFAULT '', "withdrawn_at" TEXT NOT NULL DEFAULT '', "refund" REAL NOT NULL DEFAULT 0, "refund_state" TEXT NOT NULL DEFAULT '', "refunded_at" TEXT NOT NULL DEFAULT '', UNIQUE ("user", "ordered_at", "id"))`,
  },
];

/**
 * The passkeys of auth records (core/passkeys.ts). No named index (a restored backup may hold only
 * the indexes the store declares): the credential id is UNIQUE, and the UNIQUE constraint led by
 * the owner is the index a record's passkeys are found by.
 */
const passkeyTables: InternalTable[] = [
  {
    name: "_passkeys",
    statement: `CREATE TABLE IF NOT EXISTS "_passkeys" (
      "id" TEXT PRIMARY KEY NOT NULL,
      "collectionRef" TEXT NOT NULL,
      "recordRef" TEXT NOT NULL,
      "credentialId" TEXT UNIQUE NOT NULL,
      "publicKey" TEXT NOT NULL,
      "counter" INTEGER NOT NULL DEFAULT 0,
      "transports" TEXT NOT NULL DEFAULT '[]',
      "name" TEXT NOT NULL,
      "created" TEXT NOT NULL,
      "updated" TEXT NOT NULL,
      "lastUsed" TEXT NOT NULL DEFAULT '',
      UNIQUE ("collectionRef", "recordRef", "id")
    )`,
    ownedByRecord: true,
  },
];

/**
 * Two-factor sign-in with an authenticator app (core/totp.ts): one row per record that turned it
 * on. No named index (a restored backup may hold only the indexes the store declares): the primary
 * key is the index a record's row is found by.
 */
const totpTables: InternalTable[] = [
  {
    name: "_totp",
    statement: `CREATE TABLE IF NOT EXISTS "_totp" (
      "collectionRef" TEXT NOT NULL,
      "recordRef" TEXT NOT NULL,
      "secret" TEXT NOT NULL,
      "lastStep" INTEGER NOT NULL DEFAULT 0,
      "recoveryCodes" TEXT NOT NULL DEFAULT '[]',
      "created" TEXT NOT NULL,
      "updated" TEXT NOT NULL,
      PRIMARY KEY ("collectionRef", "recordRef")
    )`,
    ownedByRecord: true,
  },
];

/** The store's own tables besides `_collections`. */
export const internalTables: InternalTable[] = [...billingTables, ...passkeyTables, ...totpTables];
