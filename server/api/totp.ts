import { Hono } from "hono";
import {
  invalidTotpCode,
  invalidTotpSetup,
  type MfaRequired,
  type TotpRecoveryCodes,
  type TotpSetup,
  twoFactorCollections,
} from "#shared/two-factor.ts";
import { type Auth, newRecordToken } from "../core/auth.ts";
import {
  disableTotp,
  enableTotp,
  mfaPurpose,
  newRecoveryCodes,
  newTotpSecret,
  replaceRecoveryCodes,
  type SecondFactor,
  setupPurpose,
  type Totp,
  type TotpOwner,
  totpOf,
  TotpSetups,
  totpStatus,
  totpStep,
  totpUri,
  useSecondFactor,
} from "../core/totp.ts";
import { superusersCollectionName } from "../core/schema.ts";
import { nowDateTime } from "../core/values.ts";
import type { SecurityMail } from "../mail/security-templates.ts";
import { fieldErrors, type FieldErrors } from "../forms/validation.ts";
import { FailureBackoff } from "../tools/rate-limit.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, authOf, bindStrings, routeCollection, sendJson } from "./context.ts";
import {
  allowSecondFactorEnrolment,
  collectionGuard,
  limitBody,
  requireAuthCollectionIn,
  requireSameCollectionAuth,
  requireVerifiedAndConfirmed,
} from "./middlewares.ts";
import { authResponse, queueSecurityMail, requireAuthRule, throwIfInvalid } from "./record-auth-helpers.ts";

// Two-factor sign-in with an authenticator app (TOTP): this server's addition to PocketBase's API
// (docs/api.md, "Two-factor sign-in"; the shapes in shared/two-factor.ts). A signed-in record turns
// it on (a secret to scan, then a code from it), off, and renews its recovery codes; once it is
// on, a right password answers PocketBase's MFA 401 `{ mfaId }`, and `auth-with-totp` with a code
// gives what a password sign-in gives, in a token marked `mfa`.

const authFailed = "Failed to authenticate.";
const mfaExpired = "Invalid or expired MFA session.";
const alreadyOn = "Two-factor sign-in is already on.";
const notOn = "Two-factor sign-in is not on.";

export const invalidCode: FieldErrors = {
  code: { code: invalidTotpCode, message: "Invalid or expired code." },
};
const invalidSetup: FieldErrors = {
  setupId: { code: invalidTotpSetup, message: "Invalid or expired setup." },
};

/** Only the collections of `twoFactorCollections` (after `collectionGuard`): 403 for any other. */
const requireTwoFactor = requireAuthCollectionIn(
  twoFactorCollections,
  "The collection is not configured to allow two-factor authentication.",
);

/**
 * The guards of the signed-in record's own two-factor routes, counted against `tag`'s rate limit. A
 * superuser who holds no second factor yet may turn it on with a password sign-in's token.
 */
const ownTotp = (tag: string) =>
  [collectionGuard([tag]), requireTwoFactor, allowSecondFactorEnrolment, requireSameCollectionAuth] as const;

/**
 * The guards of both steps of turning it on: one's own, on an account whose address is verified,
 * with a recent proof of identity. Turning it off and new recovery codes take a code: their proof.
 */
const enablingTotp = [...ownTotp("enableTotp"), requireVerifiedAndConfirmed] as const;

/** The signed-in record (after `requireSameCollectionAuth`): its own two-factor sign-in only. */
function owner(c: ApiContext): TotpOwner {
  const auth = authOf(c)!;
  return { collectionId: auth.collection.id, recordId: String(auth.record.id) };
}

/** The owner's two-factor row; 400 when two-factor is off. */
function currentTotp(c: ApiContext): Totp {
  const totp = totpOf(c.get("ctx").store, owner(c));
  if (!totp) throw new ApiError(400, notOn);
  return totp;
}

/** `{ code }` of a body, required. */
async function readCode(c: ApiContext): Promise<string> {
  const { code } = await bindStrings(c, ["code"] as const);
  if (code.trim() === "") throwIfInvalid({ code: fieldErrors.required() });
  return code;
}

/**
 * Checks and spends `code` (a current code or a recovery code) of `auth`'s record, refusing with
 * 429, even when this one is right, once the account gave `passwordFailureLimit` wrong codes in
 * the window (as password checks, a slot is taken before the check and given back on success) or
 * while `backoff` locks it (`secondFactorBackoff`, counted per password: a new one starts afresh).
 * At the `warnAt`th wrong code the owner is mailed.
 */
export function spendCode(
  c: ApiContext,
  backoff: FailureBackoff,
  auth: Auth,
  totp: Totp,
  code: string,
): SecondFactor | undefined {
  const { store, passwordFailures, totpKey } = c.get("ctx");
  const keys = [`totp:${totp.collectionId}:${totp.recordId}`];
  const backoffKey = `${keys[0]}:${String(auth.record.tokenKey ?? "")}`;
  if (backoff.locked(backoffKey) || !passwordFailures.take(keys)) throw new ApiError(429);
  const used = useSecondFactor(store, totpKey, totp, code);
  if (used) {
    passwordFailures.release(keys);
    backoff.succeed(backoffKey);
  } else if (backoff.fail(backoffKey)) {
    mailOwner(c, auth, { kind: "totpFailures", when: nowDateTime(), failures: backoff.rules.warnAt });
  }
  return used;
}

type TotpMail = Extract<
  SecurityMail,
  { kind: "totpEnabled" | "totpDisabled" | "recoveryCodesRenewed" | "recoveryCodeUsed" | "totpFailures" }
>;

/** Queues a security email about `auth`'s two-factor sign-in (a superuser's leads to the dashboard). */
function mailOwner(c: ApiContext, auth: Auth, mail: TotpMail) {
  const superuser = auth.collection.name === superusersCollectionName;
  queueSecurityMail(c, auth.record, { ...mail, superuser });
}

/**
 * The answer to a right password when `auth`'s record has two-factor on: PocketBase's MFA 401
 * `{ mfaId }` (no error envelope), after the authRule check PocketBase makes first.
 */
export async function askForSecondFactor(c: ApiContext, auth: Auth) {
  await requireAuthRule(c, auth);
  const mfaId = c
    .get("ctx")
    .mfaSessions.issue(
      { recordId: String(auth.record.id), tokenKey: String(auth.record.tokenKey ?? "") },
      mfaPurpose(auth.collection.id),
    );
  return sendJson(c, 401, { mfaId } satisfies MfaRequired);
}

/**
 * `/api/collections/{collection}/totp…` and `…/auth-with-totp`; `backoff`: the wrong codes' lock,
 * which `…/confirm-identity` shares (api/confirm-identity.ts).
 */
export function totpApi(backoff = new FailureBackoff()) {
  const setups = new TotpSetups();
  return new Hono<ApiEnv>()
    .get("/collections/:collection/totp", ...ownTotp("viewTotp"), (c) =>
      sendJson(c, 200, totpStatus(totpOf(c.get("ctx").store, owner(c)))),
    )
    .post("/collections/:collection/totp/setup", limitBody, ...enablingTotp, (c) => {
      const { store, appName } = c.get("ctx");
      if (totpOf(store, owner(c))) throw new ApiError(400, alreadyOn);
      const secret = newTotpSecret();
      const setupId = setups.issue(secret, setupPurpose(owner(c)));
      const uri = totpUri(appName, String(authOf(c)!.record.email), secret);
      return sendJson(c, 200, { setupId, secret, uri } satisfies TotpSetup);
    })
    .post("/collections/:collection/totp", limitBody, ...enablingTotp, async (c) => {
      const { store, totpKey } = c.get("ctx");
      const { setupId, code } = await bindStrings(c, ["setupId", "code"] as const);
      throwIfInvalid({
        ...(setupId === "" && { setupId: fieldErrors.required() }),
        ...(code.trim() === "" && { code: fieldErrors.required() }),
      });
      // A wrong code leaves the setup pending: the person tries the app's next code.
      const secret = setups.peek(setupId, setupPurpose(owner(c)));
      if (secret === undefined) throwIfInvalid(invalidSetup);
      if (totpOf(store, owner(c))) throw new ApiError(400, alreadyOn);
      const step = totpStep(secret!, code, 0);
      if (step === undefined) throwIfInvalid(invalidCode);
      const { codes, hashes } = newRecoveryCodes();
      if (!enableTotp(store, totpKey, owner(c), secret!, step!, hashes)) throw new ApiError(400, alreadyOn);
      setups.delete(setupId);
      mailOwner(c, authOf(c)!, { kind: "totpEnabled", when: nowDateTime() });
      return sendJson(c, 200, { recoveryCodes: codes } satisfies TotpRecoveryCodes);
    })
    .delete("/collections/:collection/totp", limitBody, ...ownTotp("disableTotp"), async (c) => {
      const totp = currentTotp(c);
      if (!spendCode(c, backoff, authOf(c)!, totp, await readCode(c))) throwIfInvalid(invalidCode);
      disableTotp(c.get("ctx").store, totp);
      mailOwner(c, authOf(c)!, { kind: "totpDisabled", when: nowDateTime() });
      return c.body(null, 204);
    })
    .post(
      "/collections/:collection/totp/recovery-codes",
      limitBody,
      ...ownTotp("newRecoveryCodes"),
      async (c) => {
        const totp = currentTotp(c);
        if (!spendCode(c, backoff, authOf(c)!, totp, await readCode(c))) throwIfInvalid(invalidCode);
        const { codes, hashes } = newRecoveryCodes();
        replaceRecoveryCodes(c.get("ctx").store, totp, hashes);
        mailOwner(c, authOf(c)!, { kind: "recoveryCodesRenewed", when: nowDateTime() });
        return sendJson(c, 200, { recoveryCodes: codes } satisfies TotpRecoveryCodes);
      },
    )
    .post(
      "/collections/:collection/auth-with-totp",
      limitBody,
      collectionGuard(["authWithTotp", "auth"]),
      requireTwoFactor,
      async (c) => {
        const { store, mfaSessions } = c.get("ctx");
        const collection = routeCollection(c);
        const { mfaId, code } = await bindStrings(c, ["mfaId", "code"] as const);
        c.set("context", "totp");
        throwIfInvalid({
          ...(mfaId === "" && { mfaId: fieldErrors.required() }),
          ...(code.trim() === "" && { code: fieldErrors.required() }),
        });
        const session = mfaSessions.peek(mfaId, mfaPurpose(collection.id));
        const record = session && store.findById(collection, session.recordId);
        // A password changed since (a new tokenKey) or two-factor turned off ends the session.
        const totp =
          record &&
          String(record.tokenKey ?? "") === session.tokenKey &&
          totpOf(store, { collectionId: collection.id, recordId: session.recordId });
        if (!totp) {
          if (session) mfaSessions.delete(mfaId);
          throw new ApiError(400, mfaExpired);
        }
        const auth = { collection, record: record! };
        const used = spendCode(c, backoff, auth, totp, code);
        if (!used) throw new ApiError(400, authFailed);
        mfaSessions.delete(mfaId);
        if (used.recovery) {
          mailOwner(c, auth, {
            kind: "recoveryCodeUsed",
            when: nowDateTime(),
            recoveryCodesLeft: used.recoveryCodesLeft,
          });
        }
        return authResponse(c, auth, newRecordToken(store, collection, record!, "auth", { mfa: true }));
      },
    );
}
