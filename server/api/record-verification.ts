import { Hono } from "hono";
import { findAuthRecordByEmail, findAuthRecordByToken } from "../core/auth.ts";
import { parseUnverifiedJwt } from "../tools/jwt.ts";
import { nowDateTime } from "../core/values.ts";
import { userVerified } from "../core/billing/state.ts";
import { validateEmail } from "../forms/record-auth-forms.ts";
import { type FieldErrors, fieldErrors } from "../forms/validation.ts";
import { type ApiContext, type ApiEnv, bindStrings, routeCollection } from "./context.ts";
import { collectionGuard, limitBody } from "./middlewares.ts";
import {
  clearSentMark,
  queueAccountMailOnce,
  rejectSuperusers,
  sentMarkOf,
  throwIfInvalid,
} from "./record-auth-helpers.ts";

const superusersMessage = "All superusers are verified by default.";

/** The email form of request-verification and request-password-reset: required, 1–255, email format. */
export async function emailForm(c: ApiContext, key = "email"): Promise<string> {
  const form = await bindStrings(c, [key]);
  const email = form[key]!;
  const errors = validateEmail(email, key);
  throwIfInvalid(errors);
  return email;
}

export function updatedNow(collection: { fields: { name: string; type: string; onUpdate?: boolean }[] }) {
  const stamp: Record<string, string> = {};
  for (const field of collection.fields)
    if (field.type === "autodate" && field.onUpdate) stamp[field.name] = nowDateTime();
  return stamp;
}

/**
 * POST request-verification: always 204 (unknown email, already verified, or asked less than 2
 * minutes ago: no mail), so the answer never reveals whether an account exists.
 */
async function requestVerification(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  rejectSuperusers(collection, superusersMessage);
  const email = await emailForm(c);
  const record = findAuthRecordByEmail(store, collection, email);
  if (record && record.verified !== true) queueAccountMailOnce(c, "verification", collection, record);
  return c.body(null, 204);
}

/** POST confirm-verification: a valid verification token marks its user verified. */
async function confirmVerification(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  rejectSuperusers(collection, superusersMessage);
  const { token } = await bindStrings(c, ["token"] as const);
  const errors: FieldErrors = {};
  let found: ReturnType<typeof findAuthRecordByToken>;
  if (token === "") errors.token = fieldErrors.required();
  else {
    const email = parseUnverifiedJwt(token).email;
    found =
      typeof email === "string" && email !== ""
        ? findAuthRecordByToken(store, token, "verification")
        : undefined;
    if (typeof email !== "string" || email === "") errors.token = fieldErrors.invalidTokenClaims();
    else if (!found) errors.token = fieldErrors.invalidToken();
    else if (found.collection.id !== collection.id) errors.token = fieldErrors.tokenCollectionMismatch();
    else if (found.record.email !== email) errors.token = fieldErrors.tokenEmailMismatch();
  }
  throwIfInvalid(errors);
  const { record } = found!;
  if (record.verified !== true) {
    store.transaction(() => {
      store.update(collection, String(record.id), { verified: true, ...updatedNow(collection) });
      // A verified address claims the person's one trial, and the trial may stream.
      if (collection.name === "users") userVerified(store, String(record.id), new Date());
    });
  }
  clearSentMark(c, sentMarkOf("verification", collection, record));
  return c.body(null, 204);
}

export const recordVerification = new Hono<ApiEnv>()
  .post(
    "/collections/:collection/request-verification",
    limitBody,
    collectionGuard(["requestVerification"], { auth: true }),
    requestVerification,
  )
  .post(
    "/collections/:collection/confirm-verification",
    limitBody,
    collectionGuard(["confirmVerification"], { auth: true }),
    confirmVerification,
  );
