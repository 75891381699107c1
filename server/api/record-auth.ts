import { Hono } from "hono";
import { carriedClaims, findAuthRecordByIdentity, newRecordToken } from "../core/auth.ts";
import { dummyVerify, verifyPassword } from "../core/passwords.ts";
import type { Collection } from "../core/collection-types.ts";
import type { RecordData } from "../core/store.ts";
import { totpOf } from "../core/totp.ts";
import { parseUnverifiedJwt } from "../tools/jwt.ts";
import { castBool } from "../core/values.ts";
import { validateAuthWithPassword } from "../forms/record-auth-forms.ts";
import { isEmail } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, authOf, bindStrings, type ApiContext, routeCollection } from "./context.ts";
import { collectionGuard, limitBody, requireSameCollectionAuth } from "./middlewares.ts";
import { authResponse, throwIfInvalid } from "./record-auth-helpers.ts";
import { askForSecondFactor } from "./totp.ts";

type PasswordAuth = { enabled?: boolean; identityFields?: string[] };

function passwordAuthOf(collection: Collection): Required<PasswordAuth> {
  const options = (collection.passwordAuth ?? {}) as PasswordAuth;
  return { enabled: options.enabled !== false, identityFields: options.identityFields ?? ["email"] };
}

/** POST /api/collections/{collection}/auth-with-password (users and _superusers). */
async function authWithPassword(c: ApiContext) {
  const { store } = c.get("ctx");
  const collection = routeCollection(c);
  const options = passwordAuthOf(collection);
  if (!options.enabled) {
    throw new ApiError(403, "The collection is not configured to allow password authentication.");
  }
  const form = await bindStrings(c, ["identity", "password", "identityField"] as const);
  const errors = validateAuthWithPassword(form, options.identityFields);
  throwIfInvalid(errors);
  c.set("context", "password");
  // Failed sign-ins also count per identity, not only per client IP (the `*:auth` rule): guesses
  // spread over many addresses get no more tries. Keyed by the identity sent, so an unknown one is
  // limited the same way and a 429 does not tell which accounts exist. Unlike PocketBase.
  const { passwordFailures } = c.get("ctx");
  const failureKeys = [`signin:${collection.id}:${form.identity.toLowerCase()}`];
  if (!passwordFailures.take(failureKeys)) throw new ApiError(429);

  let record: RecordData | undefined;
  if (form.identityField) {
    record = findAuthRecordByIdentity(store, collection, form.identityField, form.identity);
  } else {
    const emailShaped = isEmail(form.identity);
    if (emailShaped && options.identityFields.includes("email")) {
      record = findAuthRecordByIdentity(store, collection, "email", form.identity);
    }
    if (!record) {
      for (const field of options.identityFields) {
        if (field === "email") continue;
        record = findAuthRecordByIdentity(store, collection, field, form.identity);
        if (record) break;
      }
    }
  }
  // An unknown identity costs one bcrypt check too: the answer time does not reveal accounts.
  const valid = record
    ? await verifyPassword(form.password, String(record.password))
    : await dummyVerify(form.password);
  if (!record || !valid) throw new ApiError(400, "Failed to authenticate.");
  passwordFailures.release(failureKeys);
  const auth = { collection, record };
  if (totpOf(store, { collectionId: collection.id, recordId: String(record.id) })) {
    return askForSecondFactor(c, auth);
  }
  return authResponse(c, auth, newRecordToken(store, collection, record, "auth"));
}

/** POST /api/collections/{collection}/auth-refresh: a fresh token and the current record. */
async function authRefresh(c: ApiContext) {
  const { store } = c.get("ctx");
  const auth = authOf(c)!;
  const current = (c.req.header("authorization") ?? "").replace(/^bearer /i, "");
  // Non-refreshable (impersonation) tokens are answered as they are. A refreshed token keeps the
  // second factor its sign-in had (`mfa`), and never gains one.
  const refreshable = castBool(parseUnverifiedJwt(current).refreshable);
  const token = refreshable
    ? newRecordToken(store, auth.collection, auth.record, "auth", carriedClaims(auth))
    : current;
  return authResponse(c, auth, token);
}

export const recordAuth = new Hono<ApiEnv>()
  .post(
    "/collections/:collection/auth-with-password",
    limitBody,
    collectionGuard(["authWithPassword", "auth"], { auth: true }),
    authWithPassword,
  )
  .post(
    "/collections/:collection/auth-refresh",
    limitBody,
    collectionGuard(["authRefresh"]),
    requireSameCollectionAuth,
    authRefresh,
  );
