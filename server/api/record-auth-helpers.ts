import { type Auth, newRecordToken } from "../core/auth.ts";
import { expandRecords } from "../core/expand.ts";
import { verifyPassword } from "../core/passwords.ts";
import { canAccessRecord } from "../core/rules.ts";
import { superusersCollectionName, tokenDuration } from "../core/schema.ts";
import { type Collection } from "../core/collection-types.ts";
import type { RecordData } from "../core/store.ts";
import type { Message } from "../mail/message.ts";
import { renderMail, renderSecurityMail } from "../mail/render.ts";
import type { MailKind } from "../mail/templates.ts";
import type { SecurityMail } from "../mail/security-templates.ts";
import type { FieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import {
  type ApiContext,
  clientIp,
  exporterFor,
  queryOf,
  readBody,
  requesterOf,
  sendJson,
} from "./context.ts";

/**
 * Checks a user's current password, refusing with 429 once that user or this client IP failed
 * `passwordFailureLimit` checks in the window, even when the password is right.
 */
export async function checkPassword(
  c: ApiContext,
  collection: Collection,
  record: RecordData,
  password: string,
): Promise<boolean> {
  const { passwordFailures } = c.get("ctx");
  const keys = [`record:${collection.id}:${String(record.id)}`, `ip:${clientIp(c)}`];
  if (!passwordFailures.take(keys)) throw new ApiError(429);
  const valid = await verifyPassword(password, String(record.password ?? ""));
  if (valid) passwordFailures.release(keys);
  return valid;
}

export const validationMessage = "An error occurred while validating the submitted data.";

/** Throws PocketBase's form-validation 400 when `errors` is not empty. */
export function throwIfInvalid(errors: FieldErrors, message = validationMessage) {
  if (Object.keys(errors).length > 0) throw new ApiError(400, message, errors);
}

export function rejectSuperusers(collection: Collection, message: string) {
  if (collection.name === superusersCollectionName) throw new ApiError(400, message);
}

/** 403 unless the collection's authRule lets `auth` sign in, which PocketBase checks before any answer to a sign-in. */
export async function requireAuthRule(c: ApiContext, auth: Auth) {
  const { store } = c.get("ctx");
  const body = await readBody(c);
  const requester = requesterOf(c, body.ok ? body.value : {});
  if (!canAccessRecord(store, auth.collection, String(auth.record.id), auth.collection.authRule, requester)) {
    throw new ApiError(403, "The request doesn't satisfy the collection requirements to authenticate.");
  }
}

/**
 * `{ record, token }` as PocketBase answers a sign-in: the collection's authRule must pass (403
 * otherwise), the email is always shown, a superuser sees every field, `expand` resolves as the
 * signed-in record.
 */
export async function authResponse(c: ApiContext, auth: Auth, token: string) {
  const { store } = c.get("ctx");
  await requireAuthRule(c, auth);
  const body = await readBody(c);
  const asRecord = requesterOf(c, body.ok ? body.value : {}, auth);
  const exporter = exporterFor(c, auth, new Set([auth.record.id]));
  const expand = queryOf(c).expand;
  const expanded = expand
    ? expandRecords(store, auth.collection, [auth.record], expand.split(","), asRecord, exporter)
    : [];
  return sendJson(c, 200, { record: exporter(auth.collection, auth.record, expanded[0]), token });
}

// PocketBase keeps "already sent" markers in memory for 2 minutes against mail flooding.
const resendGuardMs = 2 * 60 * 1000;

function hasSentMark(c: ApiContext, key: string): boolean {
  const marks = c.get("ctx").sentMarks;
  const expiry = marks.get(key);
  if (expiry === undefined) return false;
  if (expiry > Date.now()) return true;
  marks.delete(key);
  return false;
}

function setSentMark(c: ApiContext, key: string) {
  const marks = c.get("ctx").sentMarks;
  if (marks.size > 100_000) for (const [k, expiry] of marks) if (expiry <= Date.now()) marks.delete(k);
  marks.set(key, Date.now() + resendGuardMs);
}

export function clearSentMark(c: ApiContext, key: string) {
  c.get("ctx").sentMarks.delete(key);
}

/** The "already sent" marker of one kind of mail to one record. */
export function sentMarkOf(
  kind: "verification" | "passwordReset",
  collection: Collection,
  record: RecordData,
) {
  return `${kind}:${collection.id}${record.id}`;
}

/**
 * Queues a `kind` mail to `record`, unless one went out less than 2 minutes ago. It is sent after
 * the answer, as PocketBase does, so a known email answers as fast as an unknown one; a failed
 * send clears the marker so the user may ask again at once.
 */
export function queueAccountMailOnce(
  c: ApiContext,
  kind: "verification" | "passwordReset",
  collection: Collection,
  record: RecordData,
) {
  const mark = sentMarkOf(kind, collection, record);
  if (hasSentMark(c, mark)) return;
  setSentMark(c, mark);
  c.get("ctx").mailer.queue(accountMail(c, kind, collection, record), () => clearSentMark(c, mark));
}

const tokenOfKind = {
  verification: ["verification", "verificationToken"],
  passwordReset: ["passwordReset", "passwordResetToken"],
  emailChange: ["emailChange", "emailChangeToken"],
} as const;

/** One account email for `record`: a fresh token, the link to the site's page, the user's language. */
export function accountMail(
  c: ApiContext,
  kind: MailKind,
  collection: Collection,
  record: RecordData,
  newEmail?: string,
): Promise<Message> {
  const ctx = c.get("ctx");
  const [type, option] = tokenOfKind[kind];
  const token = newRecordToken(ctx.store, collection, record, type, newEmail ? { newEmail } : {});
  const content = renderMail({
    kind,
    locale: record.locale === "fr" ? "fr" : "en",
    appName: ctx.appName,
    appUrl: ctx.appUrl,
    token,
    name: typeof record.name === "string" ? record.name : "",
    validFor: tokenDuration(collection, option),
    newEmail,
  });
  return content.then((rendered) => ({ to: newEmail ?? String(record.email), ...rendered }));
}

/**
 * Queues a security email about `record` (a password changed, an email changed, an account
 * deleted, a passkey added or removed), in its owner's language, to `to` (by default the record's address). Sent after the
 * answer; it holds no token. Superusers get only those about how they sign in (passkeys, an
 * authenticator app), in English: they have no locale.
 */
export function queueSecurityMail(
  c: ApiContext,
  record: RecordData,
  mail: SecurityMail,
  to = String(record.email),
) {
  const ctx = c.get("ctx");
  const content = renderSecurityMail({
    ...mail,
    locale: record.locale === "fr" ? "fr" : "en",
    appName: ctx.appName,
    appUrl: ctx.appUrl,
    name: typeof record.name === "string" ? record.name : "",
  });
  ctx.mailer.queue(content.then((rendered) => ({ to, ...rendered })));
}
