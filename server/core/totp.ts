import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { generateSecret, generateURI, verifySync } from "otplib";
import {
  mfaSeconds,
  recoveryCodeCount,
  totpDigits,
  totpPeriodSeconds,
  totpSetupSeconds,
  type TotpStatus,
} from "#shared/two-factor.ts";
import { StartupError } from "./data-dir.ts";
import { Pending } from "./pending.ts";
import { randomString } from "./random.ts";
import type { Store } from "./store.ts";
import { nowDateTime } from "./values.ts";
import { param, sql } from "../tools/sql.ts";

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238) for auth records, in a table of
// the store's own beside the collections (`_totp`, as `_passkeys`; store/internal-tables.ts): the
// records API never reaches it, a backup holds it with the rest of data.db, and a record's row goes
// with the record. Codes are what every app makes: SHA-1, 6 digits, 30 seconds. The secrets are
// sealed (AES-256-GCM) with a key kept outside the database, so neither data.db nor a backup gives
// them away; recovery codes are kept as hashes.

/** A record of a collection: whose two-factor row, setup or sign-in step it is. */
export type TotpOwner = { collectionId: string; recordId: string };

/**
 * A record's two-factor row: its secret as stored (`sealSecret`'s form, or base32 in a row written
 * before secrets were sealed), the last time step a code was accepted for (a code is accepted
 * once), and the SHA-256 of each recovery code not used yet.
 */
export type Totp = TotpOwner & {
  storedSecret: string;
  lastStep: number;
  recoveryCodes: string[];
  created: string;
};

const ownerIs = (owner: TotpOwner) =>
  sql`"collectionRef" = ${param(owner.collectionId)} AND "recordRef" = ${param(owner.recordId)}`;

/** The record's two-factor row; undefined when two-factor is off. */
export function totpOf(store: Store, owner: TotpOwner): Totp | undefined {
  const row = store.get(sql`SELECT * FROM "_totp" WHERE ${ownerIs(owner)}`);
  if (!row) return undefined;
  return {
    ...owner,
    storedSecret: String(row.secret),
    lastStep: Number(row.lastStep),
    recoveryCodes: JSON.parse(String(row.recoveryCodes)) as string[],
    created: String(row.created),
  };
}

/** The file in DATA_DIR holding the key when `TOTP_ENCRYPTION_KEY` is unset; backups never hold it. */
export const totpKeyFile = "totp.key";

/** A key as `TOTP_ENCRYPTION_KEY` and the key file give it: 32 bytes as 64 hex digits. */
export const totpKeyPattern = /^[0-9a-f]{64}$/i;

/**
 * The key two-factor secrets are sealed with: `configured` (TOTP_ENCRYPTION_KEY) when set, else
 * the one in `dataDir/totp.key`, made at the first start (readable by the server's user only).
 * A key file that is not 64 hex digits stops the start-up.
 */
export function loadTotpKey(dataDir: string, configured?: string): Buffer {
  if (configured) return Buffer.from(configured, "hex");
  const file = path.join(dataDir, totpKeyFile);
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    text = randomBytes(32).toString("hex");
    writeFileSync(file, `${text}\n`, { flag: "wx", mode: 0o600 });
  }
  if (!totpKeyPattern.test(text)) {
    throw new StartupError(`${file} is not a two-factor key (64 hex digits); see TOTP_ENCRYPTION_KEY`);
  }
  return Buffer.from(text, "hex");
}

/** How a sealed secret starts; a base32 secret (written before) never holds a colon. */
const sealedPrefix = "aes256gcm:";

/** The row a secret belongs to, bound to its sealing: a sealed secret moved to another row never opens. */
const ownerData = (owner: TotpOwner) => Buffer.from(`${owner.collectionId}/${owner.recordId}`);

/** `secret` sealed with `key` for `owner`'s row: `aes256gcm:` then the nonce, tag and ciphertext in base64url. */
export function sealSecret(key: Buffer, owner: TotpOwner, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce).setAAD(ownerData(owner));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return sealedPrefix + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString("base64url");
}

/**
 * The secret of `owner`'s row stored as `stored`: opened with `key`, or as it is when written
 * before secrets were sealed. Undefined when it does not open (another key sealed it).
 */
export function openSecret(key: Buffer, owner: TotpOwner, stored: string): string | undefined {
  if (!stored.startsWith(sealedPrefix)) return stored;
  const bytes = Buffer.from(stored.slice(sealedPrefix.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12))
      .setAAD(ownerData(owner))
      .setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/**
 * Seals the secrets `db` still holds in clear (rows written before secrets were sealed), with
 * SQLite's secure delete on and a checkpoint so the clear text is overwritten, not left in free
 * space or an older page; returns how many of the sealed secrets it checked (a sample) do not
 * open with `key` (sealed with another one). Run at start-up and on a restored database before it
 * goes live.
 */
export function sealStoredSecrets(db: DatabaseSync, key: Buffer): { unreadable: number; checked: number } {
  // Every secret still in clear, and a sample of the sealed ones to check the key against: one
  // key seals them all, and start-up must not grow with the number of accounts.
  const rows = db
    .prepare(
      `SELECT "collectionRef", "recordRef", "secret" FROM "_totp" WHERE "secret" NOT LIKE '${sealedPrefix}%'
       UNION ALL
       SELECT * FROM (SELECT "collectionRef", "recordRef", "secret" FROM "_totp"
         WHERE "secret" LIKE '${sealedPrefix}%' LIMIT ${sealedSample})`,
    )
    .all();
  const update = db.prepare(`UPDATE "_totp" SET "secret" = ? WHERE "collectionRef" = ? AND "recordRef" = ?`);
  let [unreadable, checked, sealed] = [0, 0, 0];
  const secureDelete = db.prepare("PRAGMA secure_delete").get()!.secure_delete;
  db.exec("PRAGMA secure_delete = ON");
  try {
    for (const row of rows) {
      const owner = { collectionId: String(row.collectionRef), recordId: String(row.recordRef) };
      const stored = String(row.secret);
      if (stored.startsWith(sealedPrefix)) {
        checked++;
        if (openSecret(key, owner, stored) === undefined) unreadable++;
      } else {
        update.run(sealSecret(key, owner, stored), owner.collectionId, owner.recordId);
        sealed++;
      }
    }
    // The clear pages stay in data.db until the WAL's new ones are copied over them.
    if (sealed > 0) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.exec(`PRAGMA secure_delete = ${Number(secureDelete)}`);
  }
  return { unreadable, checked };
}

/** `sealStoredSecrets` on the database file `file` (a restored one, before it goes live). */
export function sealStoredSecretsIn(file: string, key: Buffer): { unreadable: number; checked: number } {
  const db = new DatabaseSync(file);
  try {
    return sealStoredSecrets(db, key);
  } finally {
    db.close();
  }
}

/** How many sealed secrets start-up opens to check the key (`sealStoredSecrets`). */
const sealedSample = 100;

/** The line the operator reads when `count` two-factor secrets do not open with the server's key. */
export function unreadableSecretsMessage(count: number, checked: number): string {
  return `${count} of ${checked} two-factor secret(s) checked do not open with this server's key (TOTP_ENCRYPTION_KEY, or DATA_DIR/${totpKeyFile}): those accounts can only pass the second step with a recovery code until the key they were sealed with is set again (see docs/configuration.md)`;
}

/** What the owner sees of their two-factor sign-in. */
export function totpStatus(totp: Totp | undefined): TotpStatus {
  return {
    enabled: Boolean(totp),
    created: totp?.created ?? "",
    recoveryCodesLeft: totp?.recoveryCodes.length ?? 0,
  };
}

/** A new secret: 20 random bytes in base32, what RFC 4226 recommends and every app reads. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URI an app scans: the app's name as issuer, the account's email. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return generateURI({
    issuer,
    label: account,
    secret,
    algorithm: "sha1",
    digits: totpDigits,
    period: totpPeriodSeconds,
  });
}

/** A code as people type it: lowercase, without spaces or dashes. */
function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/**
 * The time step of `code` if it is `secret`'s code now, one step before or one after (clocks
 * drift), and later than `lastStep` (a code is accepted once); undefined otherwise.
 */
export function totpStep(secret: string, code: string, lastStep: number): number | undefined {
  const token = normalizeCode(code);
  if (!new RegExp(`^\\d{${totpDigits}}$`).test(token)) return undefined;
  const result = verifySync({
    secret,
    token,
    algorithm: "sha1",
    digits: totpDigits,
    period: totpPeriodSeconds,
    epoch: Math.floor(Date.now() / 1000),
    epochTolerance: totpPeriodSeconds,
    afterTimeStep: lastStep,
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** Letters and digits no one misreads (no 0/o, 1/l/i). */
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** How a recovery code is kept: they are long and random, so one SHA-256 is enough. */
function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeCode(code)).digest("hex");
}

/** `recoveryCodeCount` new recovery codes (`xxxxx-xxxxx`, about 50 bits each) and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from(
    { length: recoveryCodeCount },
    () => `${randomString(5, recoveryAlphabet)}-${randomString(5, recoveryAlphabet)}`,
  );
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/**
 * Turns two-factor on for `owner` with a confirmed `secret` (`step`: the confirming code's), sealed
 * with `key`, and the hashes of its recovery codes. False, changing nothing, when it is already on.
 */
export function enableTotp(
  store: Store,
  key: Buffer,
  owner: TotpOwner,
  secret: string,
  step: number,
  recoveryHashes: string[],
): boolean {
  const now = nowDateTime();
  const result = store.run(
    sql`INSERT OR IGNORE INTO "_totp" ("collectionRef", "recordRef", "secret", "lastStep", "recoveryCodes", "created", "updated")
      VALUES (${param(owner.collectionId)}, ${param(owner.recordId)}, ${param(sealSecret(key, owner, secret))}, ${param(step)}, ${param(JSON.stringify(recoveryHashes))}, ${param(now)}, ${param(now)})`,
  );
  return Number(result.changes) > 0;
}

/** Turns two-factor off for `owner` (its recovery codes go with it); false when it was off. */
export function disableTotp(store: Store, owner: TotpOwner): boolean {
  return Number(store.run(sql`DELETE FROM "_totp" WHERE ${ownerIs(owner)}`).changes) > 0;
}

/** Replaces the owner's recovery codes (the old ones stop working). */
export function replaceRecoveryCodes(store: Store, owner: TotpOwner, recoveryHashes: string[]): void {
  store.run(
    sql`UPDATE "_totp" SET "recoveryCodes" = ${param(JSON.stringify(recoveryHashes))}, "updated" = ${param(nowDateTime())} WHERE ${ownerIs(owner)}`,
  );
}

/** How a second factor was given: a code from the app, or a recovery code (with how many are left). */
export type SecondFactor = { recovery: false } | { recovery: true; recoveryCodesLeft: number };

/**
 * Checks `code`, a current code from the app or one of the recovery codes, and spends it: the
 * code's time step becomes the last accepted one, a recovery code is crossed out. Undefined,
 * changing nothing, for a wrong or already used code. Each update only applies over the row as it
 * was read, so one code cannot be spent twice. A secret that does not open with `key` takes no
 * app code; the recovery codes still work.
 */
export function useSecondFactor(
  store: Store,
  key: Buffer,
  totp: Totp,
  code: string,
): SecondFactor | undefined {
  const secret = openSecret(key, totp, totp.storedSecret);
  const step = secret === undefined ? undefined : totpStep(secret, code, totp.lastStep);
  if (step !== undefined) {
    const result = store.run(
      sql`UPDATE "_totp" SET "lastStep" = ${param(step)}, "updated" = ${param(nowDateTime())}
        WHERE ${ownerIs(totp)} AND "lastStep" < ${param(step)}`,
    );
    return Number(result.changes) > 0 ? { recovery: false } : undefined;
  }
  const hash = hashRecoveryCode(code);
  if (!totp.recoveryCodes.includes(hash)) return undefined;
  const left = totp.recoveryCodes.filter((kept) => kept !== hash);
  const result = store.run(
    sql`UPDATE "_totp" SET "recoveryCodes" = ${param(JSON.stringify(left))}, "updated" = ${param(nowDateTime())}
      WHERE ${ownerIs(totp)} AND "recoveryCodes" = ${param(JSON.stringify(totp.recoveryCodes))}`,
  );
  return Number(result.changes) > 0 ? { recovery: true, recoveryCodesLeft: left.length } : undefined;
}

/** What a pending setup was issued for: turning two-factor on for one record of a collection. */
export function setupPurpose(owner: TotpOwner): string {
  return `totpSetup ${owner.collectionId} ${owner.recordId}`;
}

/**
 * The secrets shown but not confirmed yet, in memory: each may be confirmed within
 * `totpSetupSeconds`, by the record it was made for. A wrong code leaves it pending.
 */
export class TotpSetups extends Pending<string> {
  constructor() {
    super(totpSetupSeconds);
  }
}

/** What a sign-in waiting for its second step was issued for: signing in to a collection. */
export function mfaPurpose(collectionId: string): string {
  return `mfa ${collectionId}`;
}

/**
 * The password sign-ins waiting for their second step (PocketBase's MFA), in memory: each names
 * its record and that record's tokenKey then (a password changed since ends it), lasts
 * `mfaSeconds`, survives a wrong code and is used once it succeeds.
 */
export class MfaSessions extends Pending<{ recordId: string; tokenKey: string }> {
  constructor() {
    super(mfaSeconds);
  }
}
