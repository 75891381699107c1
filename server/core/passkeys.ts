import { maxPending, Pending } from "./pending.ts";
import { randomId } from "./random.ts";
import type { Store } from "./store.ts";
import { nowDateTime } from "./values.ts";
import { param, sql } from "../tools/sql.ts";
import { type PasskeyInfo, passkeyChallengeSeconds } from "#shared/passkeys.ts";

// The passkeys (WebAuthn credentials) of auth records, in a table of the store's own beside the
// collections (`_passkeys`, like PocketBase's `_mfas` and `_otps`; store/internal-tables.ts): the
// records API never reaches it, a backup holds it with the rest of data.db, and a record's passkeys
// go with the record.

/** A stored passkey; `credentialId` and `publicKey` in base64url. */
export type Passkey = {
  id: string;
  collectionRef: string;
  recordRef: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  created: string;
  updated: string;
  lastUsed: string;
};

function passkeyOf(row: Record<string, unknown>): Passkey {
  return {
    id: String(row.id),
    collectionRef: String(row.collectionRef),
    recordRef: String(row.recordRef),
    credentialId: String(row.credentialId),
    publicKey: String(row.publicKey),
    counter: Number(row.counter),
    transports: JSON.parse(String(row.transports)) as string[],
    name: String(row.name),
    created: String(row.created),
    updated: String(row.updated),
    lastUsed: String(row.lastUsed),
  };
}

/** What the owner sees of a passkey. */
export function passkeyInfo(passkey: Passkey): PasskeyInfo {
  return { id: passkey.id, name: passkey.name, created: passkey.created, lastUsed: passkey.lastUsed };
}

/** A record's passkeys, oldest first. */
export function passkeysOf(store: Store, collectionId: string, recordId: string): Passkey[] {
  return store
    .all(
      sql`SELECT * FROM "_passkeys" WHERE "collectionRef" = ${param(collectionId)} AND "recordRef" = ${param(recordId)} ORDER BY "created", "id"`,
    )
    .map(passkeyOf);
}

/** The passkey of a credential id within a collection. */
export function findPasskeyByCredential(
  store: Store,
  collectionId: string,
  credentialId: string,
): Passkey | undefined {
  const row = store.get(
    sql`SELECT * FROM "_passkeys" WHERE "credentialId" = ${param(credentialId)} AND "collectionRef" = ${param(collectionId)}`,
  );
  return row ? passkeyOf(row) : undefined;
}

/** Whether any record, of any collection, registered this credential id. */
export function credentialExists(store: Store, credentialId: string): boolean {
  return Boolean(
    store.get(sql`SELECT 1 AS "x" FROM "_passkeys" WHERE "credentialId" = ${param(credentialId)}`),
  );
}

export type NewPasskey = Pick<
  Passkey,
  "collectionRef" | "recordRef" | "credentialId" | "publicKey" | "counter" | "transports" | "name"
>;

/** Stores a new passkey (a PocketBase-style 15-character id) and returns it. */
export function insertPasskey(store: Store, passkey: NewPasskey): Passkey {
  const now = nowDateTime();
  const stored: Passkey = { ...passkey, id: randomId(), created: now, updated: now, lastUsed: "" };
  store.run(
    sql`INSERT INTO "_passkeys" ("id", "collectionRef", "recordRef", "credentialId", "publicKey", "counter", "transports", "name", "created", "updated", "lastUsed")
      VALUES (${param(stored.id)}, ${param(stored.collectionRef)}, ${param(stored.recordRef)}, ${param(stored.credentialId)}, ${param(stored.publicKey)}, ${param(stored.counter)}, ${param(JSON.stringify(stored.transports))}, ${param(stored.name)}, ${param(now)}, ${param(now)}, '')`,
  );
  return stored;
}

/**
 * Records a sign-in with a passkey: its new counter, and when. False, changing nothing, when the
 * stored counter no longer allows `counter` (a concurrent sign-in stored as high or higher): the
 * counter must grow unless both are zero.
 */
export function markPasskeyUsed(store: Store, id: string, counter: number): boolean {
  const now = nowDateTime();
  const result = store.run(
    sql`UPDATE "_passkeys" SET "counter" = ${param(counter)}, "lastUsed" = ${param(now)}, "updated" = ${param(now)}
      WHERE "id" = ${param(id)} AND ("counter" < ${param(counter)} OR ("counter" = 0 AND ${param(counter)} = 0))`,
  );
  return Number(result.changes) > 0;
}

/** Deletes one of a record's passkeys and returns it; undefined when the record has none of that id. */
export function deletePasskey(
  store: Store,
  collectionId: string,
  recordId: string,
  id: string,
): Passkey | undefined {
  const row = store.get(
    sql`DELETE FROM "_passkeys" WHERE "id" = ${param(id)} AND "collectionRef" = ${param(collectionId)} AND "recordRef" = ${param(recordId)} RETURNING *`,
  );
  return row ? passkeyOf(row) : undefined;
}

/** Deletes all of a record's passkeys and returns them, oldest first. */
export function deletePasskeysOf(store: Store, collectionId: string, recordId: string): Passkey[] {
  return store
    .all(
      sql`DELETE FROM "_passkeys" WHERE "collectionRef" = ${param(collectionId)} AND "recordRef" = ${param(recordId)} RETURNING *`,
    )
    .map(passkeyOf)
    .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
}

/** What a challenge was issued for: adding a passkey to one record of a collection. */
export function registrationPurpose(collectionId: string, recordId: string): string {
  return `registration ${collectionId} ${recordId}`;
}

/** What a challenge was issued for: signing in to a collection. */
export function signInPurpose(collectionId: string): string {
  return `signIn ${collectionId}`;
}

/** Challenges waiting for an answer at most (the oldest is dropped past it). */
export const maxPendingChallenges = maxPending;

/**
 * The challenges waiting for an answer: each is answered once (`take`, forgotten whatever the
 * outcome) within `passkeyChallengeSeconds`, for the purpose it was issued for (one of
 * `registrationPurpose` and `signInPurpose`).
 */
export class PasskeyChallenges extends Pending<string> {
  constructor() {
    super(passkeyChallengeSeconds);
  }
}
