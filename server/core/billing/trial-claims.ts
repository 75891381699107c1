import { createHmac, randomBytes } from "node:crypto";
import { param, sql } from "#server/tools/sql.ts";
import type { Store } from "../store.ts";
import { formatDateTime } from "../values.ts";

// One free trial per person. The trial is claimed when an address is verified (an address nobody
// can read gets no trial that streams: streaming on the trial waits for verification), and
// remembered after the account is deleted, as a keyed hash of the normalized address: the address
// itself is not kept, and the key (made once, kept in the database and its backups) makes the
// hashes useless outside it. docs/decisions/045-one-trial-per-person.md says why.

const gmailDomains = new Set(["gmail.com", "googlemail.com"]);

/**
 * The address a person is known by for the trial: lower case, without a `+tag`, and for Gmail
 * without dots in the local part and on one domain (Gmail delivers all of those to one inbox).
 */
export function normalizeAddress(email: string): string {
  const address = email.normalize("NFC").trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

function claimKey(store: Store): Buffer {
  const read = () =>
    store.all(sql`SELECT "value" FROM "_billing_secrets" WHERE "name" = 'trialClaims'`)[0]?.value;
  let key = read();
  if (typeof key !== "string") {
    store.run(
      sql`INSERT OR IGNORE INTO "_billing_secrets" ("name", "value") VALUES ('trialClaims', ${param(randomBytes(32).toString("hex"))})`,
    );
    key = read();
  }
  return Buffer.from(String(key), "hex");
}

/** The keyed hash a person's trial claim is remembered by, under `key` (`claimKey`). */
function claimHash(key: Buffer, email: string): string {
  return createHmac("sha256", key).update(normalizeAddress(email)).digest("hex");
}

/** Whether the person of `email` already had a trial, on an account other than `userId`. */
export function isTrialClaimed(store: Store, email: string, userId: string): boolean {
  const [row] = store.all(
    sql`SELECT "user" FROM "_trial_claims" WHERE "hash" = ${param(claimHash(claimKey(store), email))}`,
  );
  return row !== undefined && row.user !== userId;
}

/**
 * Claims the trial of the person of `email` for `userId`. False when another account (an alias,
 * or one deleted since) already claimed it.
 */
export function claimTrial(store: Store, email: string, userId: string, now: Date): boolean {
  const hash = claimHash(claimKey(store), email);
  store.run(
    sql`INSERT OR IGNORE INTO "_trial_claims" ("hash", "user", "created") VALUES (${param(hash)}, ${param(userId)}, ${param(formatDateTime(now))})`,
  );
  const [row] = store.all(sql`SELECT "user" FROM "_trial_claims" WHERE "hash" = ${param(hash)}`);
  return row?.user === userId;
}

/**
 * Claims the trials of the verified accounts that had one before claims were kept, once: when the
 * claims' key is first made. Run at start.
 */
export function claimExistingTrials(store: Store) {
  const made = store.all(sql`SELECT 1 FROM "_billing_secrets" WHERE "name" = 'trialClaims'`).length > 0;
  if (made || !store.findCollection("users")) return;
  const created = formatDateTime(new Date());
  store.transaction(() => {
    // The key once, and one insert per account (no account has a claim yet).
    const key = claimKey(store);
    for (const row of store.all(
      sql`SELECT "id", "email" FROM "users" WHERE "verified" = 1 AND "trial_ends" != ''`,
    )) {
      store.run(
        sql`INSERT OR IGNORE INTO "_trial_claims" ("hash", "user", "created") VALUES (${param(claimHash(key, String(row.email)))}, ${param(String(row.id))}, ${param(created)})`,
      );
    }
  });
}

/** How long a trial claim is kept: three years, then the person may have a trial again. */
export const claimRetentionMs = 3 * 365 * 24 * 60 * 60 * 1000;

/**
 * Forgets the claims older than `claimRetentionMs` (the sweep): the oldest rows first, at most 500
 * a run (rows are stored in the order claims are made, so this reads no more than it deletes).
 */
export function forgetOldClaims(store: Store, now: Date): number {
  const before = formatDateTime(new Date(now.getTime() - claimRetentionMs));
  const done = store.run(
    sql`DELETE FROM "_trial_claims" WHERE "rowid" IN (SELECT "rowid" FROM "_trial_claims" ORDER BY "rowid" LIMIT 500) AND "created" < ${param(before)}`,
  );
  return Number(done.changes);
}
