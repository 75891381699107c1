import { Hono } from "hono";
import { findAuthRecordByEmail, findAuthRecordByToken, newTokenKey } from "../core/auth.ts";
import { passwordLength } from "#shared/password-rules.ts";
import { hashPassword } from "../core/passwords.ts";
import { removeSecondFactors } from "../core/second-factor.ts";
import { type Collection, fieldByName } from "../core/collection-types.ts";
import { parseUnverifiedJwt } from "../tools/jwt.ts";
import { validateNewPassword } from "../forms/record-auth-forms.ts";
import { passwordLengthError } from "../forms/record-upsert.ts";
import { type FieldErrors, fieldErrors } from "../forms/validation.ts";
import { superusersCollectionName } from "../core/schema.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, bindStrings, type ApiContext, routeCollection } from "./context.ts";
import { collectionGuard, limitBody } from "./middlewares.ts";
import {
  clearSentMark,
  queueAccountMailOnce,
  queueSecurityMail,
  sentMarkOf,
  throwIfInvalid,
} from "./record-auth-helpers.ts";
import { emailForm, updatedNow } from "./record-verification.ts";

function requirePasswordAuth(collection: Collection) {
  const options = (collection.passwordAuth ?? {}) as { enabled?: boolean };
  if (options.enabled === false) {
    throw new ApiError(400, "The collection is not configured to allow password authentication.");
  }
}

/** POST request-password-reset: 204 whether or not the email exists; one mail per 2 minutes. */
async function requestPasswordReset(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  requirePasswordAuth(collection);
  const email = await emailForm(c);
  const record = findAuthRecordByEmail(store, collection, email);
  if (record) queueAccountMailOnce(c, "passwordReset", collection, record);
  return c.body(null, 204);
}

/** The password field's own length checks, as on a record save. */
function passwordFieldError(collection: Collection, password: string) {
  const field = fieldByName(collection, "password");
  const fallback = { id: "", name: "password", type: "password", min: passwordLength.min } as const;
  return passwordLengthError(field ?? fallback, password);
}

/** POST confirm-password-reset: a valid reset token sets the new password (and verifies the email it went to). */
async function confirmPasswordReset(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  const form = await bindStrings(c, ["token", "password", "passwordConfirm"] as const);
  const errors: FieldErrors = {};
  let found: ReturnType<typeof findAuthRecordByToken>;
  if (form.token === "") errors.token = fieldErrors.required();
  else {
    found = findAuthRecordByToken(store, form.token, "passwordReset");
    if (!found) errors.token = fieldErrors.invalidToken();
    else if (found.collection.id !== collection.id) errors.token = fieldErrors.tokenCollectionMismatch();
  }
  Object.assign(
    errors,
    validateNewPassword(form, Math.max(fieldByName(collection, "password")?.min ?? 1, 1)),
  );
  throwIfInvalid(errors);

  const { record } = found!;
  const passwordError = passwordFieldError(collection, form.password);
  if (passwordError) throw new ApiError(400, "Failed to set new password.", { password: passwordError });
  const changes: Record<string, unknown> = {
    password: await hashPassword(form.password, fieldByName(collection, "password")?.cost || undefined),
    tokenKey: newTokenKey(),
    ...updatedNow(collection),
  };
  if (record.verified !== true && parseUnverifiedJwt(form.token).email === record.email)
    changes.verified = true;
  // The token may have been used meanwhile (its key rotated): check again right before writing.
  const current = findAuthRecordByToken(store, form.token, "passwordReset");
  if (!current) throw new ApiError(400, "Invalid or expired password reset token.");
  const superuser = collection.name === superusersCollectionName;
  // An address not verified until now: whoever made the account may not be the address's owner,
  // who takes it back here. The second factors they may have added go, and the owner is told.
  const removed = store.transaction(() => {
    store.update(collection, String(record.id), changes);
    return !superuser && current.record.verified !== true
      ? removeSecondFactors(store, collection.id, String(record.id))
      : undefined;
  });
  clearSentMark(c, sentMarkOf("passwordReset", collection, record));
  if (!superuser) queueSecurityMail(c, record, { kind: "passwordChanged", removed });
  return c.body(null, 204);
}

export const recordPasswordReset = new Hono<ApiEnv>()
  .post(
    "/collections/:collection/request-password-reset",
    limitBody,
    collectionGuard(["requestPasswordReset"], { auth: true }),
    requestPasswordReset,
  )
  .post(
    "/collections/:collection/confirm-password-reset",
    limitBody,
    collectionGuard(["confirmPasswordReset"], { auth: true }),
    confirmPasswordReset,
  );
