import { randomString } from "./random.ts";
import { tokenDuration, type TokenOption } from "./schema.ts";
import { type Collection, findSingleColumnUniqueIndex, isAuth } from "./collection-types.ts";
import type { RecordData, Store } from "./store.ts";
import { ident, param, raw, sql } from "../tools/sql.ts";
import { parseUnverifiedJwt, signJwt, verifyJwt } from "../tools/jwt.ts";

/**
 * An authenticated request's record and its collection; `mfa` when its token carries the claim a
 * sign-in with a second factor (a passkey, an authenticator app code) gives; `confirmed` (unix
 * seconds) when it carries the proof `POST …/confirm-identity` gives (api/confirm-identity.ts).
 */
export type Auth = { collection: Collection; record: RecordData; mfa?: true; confirmed?: number };

export type TokenType = "auth" | "verification" | "passwordReset" | "emailChange" | "file";

const optionOf: Record<TokenType, TokenOption> = {
  auth: "authToken",
  verification: "verificationToken",
  passwordReset: "passwordResetToken",
  emailChange: "emailChangeToken",
  file: "fileToken",
};

function signingKey(store: Store, collection: Collection, record: RecordData, type: TokenType) {
  return String(record.tokenKey ?? "") + store.secret(collection, optionOf[type]);
}

/** A token of `type` for `record`, with PocketBase's claims and the collection's duration for that type. */
export function newRecordToken(
  store: Store,
  collection: Collection,
  record: RecordData,
  type: TokenType,
  extra: Record<string, unknown> = {},
): string {
  const claims: Record<string, unknown> = { collectionId: collection.id, id: record.id, type, ...extra };
  if (type === "auth") claims.refreshable = true;
  if (type === "verification" || type === "passwordReset" || type === "emailChange") {
    claims.email = record.email;
  }
  return signJwt(
    claims,
    signingKey(store, collection, record, type),
    tokenDuration(collection, optionOf[type]),
  );
}

/**
 * The record a token was issued to (PocketBase's `FindAuthRecordByToken`): right type, unexpired,
 * HS256-signed with the record's current tokenKey and the collection secret. Anything else: undefined.
 */
export function findAuthRecordByToken(store: Store, token: string, type: TokenType): Auth | undefined {
  if (!token || token.length > 8192) return undefined;
  const claims = parseUnverifiedJwt(token);
  if (claims.type !== type || typeof claims.id !== "string" || typeof claims.collectionId !== "string")
    return undefined;
  if (!claims.id || !claims.collectionId) return undefined;
  const collection = store.findCollection(claims.collectionId);
  if (!collection || !isAuth(collection) || collection.id !== claims.collectionId) return undefined;
  const record = store.findById(collection, claims.id);
  if (!record) return undefined;
  if (!verifyJwt(token, signingKey(store, collection, record, type))) return undefined;
  return {
    collection,
    record,
    ...(claims.mfa === true && { mfa: true }),
    ...(Number.isSafeInteger(claims.confirmed) && { confirmed: claims.confirmed as number }),
  };
}

/**
 * The claims a token issued on the strength of `auth` (a refreshed one, a file token, a confirmed
 * one) carries over: its second factor, and its proof of identity as old as it was (never renewed).
 */
export function carriedClaims(auth: Auth): Record<string, unknown> {
  return {
    ...(auth.mfa && { mfa: true }),
    ...(auth.confirmed !== undefined && { confirmed: auth.confirmed }),
  };
}

/** An auth record by email; case-insensitive when the email's unique index is `COLLATE NOCASE`. */
export function findAuthRecordByEmail(
  store: Store,
  collection: Collection,
  email: string,
): RecordData | undefined {
  const index = findSingleColumnUniqueIndex(collection.indexes, "email");
  const nocase = index?.columns[0]?.collate.toLowerCase() === "nocase";
  // An empty email names no account. Saying so also states the condition of the partial unique
  // index (`WHERE email != ''`): SQLite uses a partial index only when the query repeats it, and
  // without it every sign-in, reset and verification scanned the whole table.
  const where = nocase
    ? sql`"r"."email" = ${param(email)} COLLATE NOCASE AND "r"."email" != ''`
    : sql`"r"."email" = ${param(email)} AND "r"."email" != ''`;
  return store.find(collection, { where, limit: 1 })[0];
}

/**
 * An auth record by one of its identity fields (`passwordAuth.identityFields`): the field needs a
 * single-column UNIQUE index, as PocketBase requires, and is compared as that index collates.
 */
export function findAuthRecordByIdentity(
  store: Store,
  collection: Collection,
  field: string,
  value: string,
): RecordData | undefined {
  if (field === "email") return findAuthRecordByEmail(store, collection, value);
  const index = findSingleColumnUniqueIndex(collection.indexes, field);
  if (!index) return undefined;
  const nocase = index.columns[0]?.collate.toLowerCase() === "nocase";
  const where = sql`${ident("r", field)} = ${param(value)}${raw(nocase ? " COLLATE NOCASE" : "")}`;
  return store.find(collection, { where, limit: 1 })[0];
}

/**
 * Whether an auth collection (other than `except`, whose own unique id index answers for it) has a
 * record with this id: auth ids are unique across auth collections.
 */
export function authIdTaken(store: Store, id: string, except?: Collection): boolean {
  return store
    .collections()
    .filter((c) => isAuth(c) && c.id !== except?.id)
    .some((c) => Boolean(store.get(sql`SELECT 1 AS "x" FROM ${ident(c.name)} WHERE "id" = ${param(id)}`)));
}

/** A fresh tokenKey: rotating it invalidates every token issued to the record. */
export function newTokenKey(): string {
  return randomString(50);
}

/** The "password" identity of a superuser or user, for rate limiting and rules. */
export function isSuperuserAuth(auth: Auth | null | undefined): boolean {
  return auth?.collection.name === "_superusers";
}
