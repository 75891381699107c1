import { Hono } from "hono";
import { userVerified } from "../core/billing/state.ts";
import { findAuthRecordByEmail, findAuthRecordByToken, newTokenKey } from "../core/auth.ts";
import { UniqueError } from "../core/store.ts";
import { parseUnverifiedJwt } from "../tools/jwt.ts";
import { validateNewEmail } from "../forms/record-auth-forms.ts";
import { type FieldErrors, fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, authOf, bindStrings, type ApiContext, routeCollection } from "./context.ts";
import { collectionGuard, limitBody, requireSameCollectionAuth } from "./middlewares.ts";
import {
  accountMail,
  checkPassword,
  queueSecurityMail,
  rejectSuperusers,
  throwIfInvalid,
} from "./record-auth-helpers.ts";
import { updatedNow } from "./record-verification.ts";

const superusersMessage = "All superusers can change their emails directly.";

/** POST request-email-change (signed in): mails a confirmation link to the new address. */
async function requestEmailChange(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  // The signed-in record is of this collection (`requireSameCollectionAuth`): an auth collection.
  const auth = authOf(c)!;
  rejectSuperusers(collection, superusersMessage);
  const { newEmail } = await bindStrings(c, ["newEmail"] as const);
  const errors = validateNewEmail(newEmail, String(auth.record.email), (email) => {
    const other = findAuthRecordByEmail(store, collection, email);
    return Boolean(other && other.id !== auth.record.id);
  });
  throwIfInvalid(errors);
  try {
    // Sent before answering, as PocketBase does here: the signed-in user learns if it failed.
    await c.get("ctx").mailer.send(accountMail(c, "emailChange", collection, auth.record, newEmail));
  } catch (error) {
    c.get("ctx").log.error(`Failed to send the email change email: ${(error as Error).message}`);
    throw new ApiError(400, "Failed to request email change.");
  }
  return c.body(null, 204);
}

/** POST confirm-email-change: the token from the mail plus the current password switch the email. */
async function confirmEmailChange(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  rejectSuperusers(collection, superusersMessage);
  const form = await bindStrings(c, ["token", "password"] as const);
  const errors: FieldErrors = {};
  const newEmail = parseUnverifiedJwt(form.token).newEmail;
  const found =
    typeof newEmail === "string" && newEmail
      ? findAuthRecordByToken(store, form.token, "emailChange")
      : undefined;
  if (form.token === "") errors.token = fieldErrors.required();
  else if (typeof newEmail !== "string" || newEmail === "") errors.token = fieldErrors.invalidTokenPayload();
  else if (!found) errors.token = fieldErrors.invalidToken();
  else if (found.collection.id !== collection.id) errors.token = fieldErrors.tokenCollectionMismatch();
  else if (findAuthRecordByEmail(store, collection, newEmail)) errors.token = fieldErrors.invalidTokenEmail();
  const tokenOk = !errors.token;
  if (form.password === "") errors.password = fieldErrors.required();
  else if ([...form.password].length > 100) errors.password = fieldErrors.length(1, 100);
  else if (!tokenOk || !(await checkPassword(c, collection, found!.record, form.password))) {
    errors.password = fieldErrors.invalidPassword();
  }
  throwIfInvalid(errors);
  const { record } = found!;
  // Re-check after the password hash: the token may have been used meanwhile.
  if (!findAuthRecordByToken(store, form.token, "emailChange"))
    throw new ApiError(400, "Invalid or expired token.");
  try {
    store.update(collection, String(record.id), {
      email: newEmail as string,
      verified: true,
      tokenKey: newTokenKey(),
      ...updatedNow(collection),
    });
    // Confirming the new address verifies it: an account not verified before claims its trial now.
    if (record.verified !== true && collection.name === "users") {
      userVerified(store, String(record.id), new Date());
    }
  } catch (error) {
    if (error instanceof UniqueError) throw new ApiError(400, "Failed to confirm email change.");
    throw error;
  }
  // Told at the address the account had: whoever holds the new one may not be its owner.
  queueSecurityMail(c, record, { kind: "emailChanged", newEmail: newEmail as string });
  return c.body(null, 204);
}

export const recordEmailChange = new Hono<ApiEnv>()
  .post(
    "/collections/:collection/request-email-change",
    limitBody,
    collectionGuard(["requestEmailChange"]),
    requireSameCollectionAuth,
    requestEmailChange,
  )
  .post(
    "/collections/:collection/confirm-email-change",
    limitBody,
    collectionGuard(["confirmEmailChange"], { auth: true }),
    confirmEmailChange,
  );
