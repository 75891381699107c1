import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";
import type { MfaRequired, TotpRecoveryCodes, TotpSetup, TotpStatus } from "#shared/two-factor.ts";
import { ok, type ActionResult } from "../forms/action-result.ts";
import { attempt, failure, toActionError } from "./action-error.ts";
import { codeStepExpired } from "./sign-in-support.ts";
import { isClientResponseError } from "./sdk-error.ts";

// Two-factor sign-in with an authenticator app, for the signed-in record of `collection` (the
// site's users, the dashboard's superusers): the server's endpoints are in shared/two-factor.ts.

const loadFailed = msg`Could not load your two-factor settings`;
const setupFailed = msg`Could not start two-factor sign-in`;
const confirmFailed = msg`Could not turn on two-factor sign-in`;
const setupExpired = msg`This QR code has expired. Cancel, then turn two-factor sign-in on again.`;
const turnOffFailed = msg`Could not turn off two-factor sign-in`;
const codesFailed = msg`Could not make new recovery codes`;
const signInFailed = msg`Could not log in with this code`;
const wrongCode = msg`This code is not right, or it has expired. Try the newest code in your app.`;

/** The server's answer to a code step it no longer knows (PocketBase's MFA wording). */
const mfaExpired = "Invalid or expired MFA session.";

const base = (collection: string) => `/api/collections/${encodeURIComponent(collection)}`;

/** The code step's id when a password sign-in still needs a code (PocketBase's MFA answer). */
export function mfaIdOf(error: unknown): string | undefined {
  if (!isClientResponseError(error) || error.status !== 401) return undefined;
  const mfaId = (error.response as Partial<MfaRequired> | undefined)?.mfaId;
  return typeof mfaId === "string" && mfaId !== "" ? mfaId : undefined;
}

/** A code as people type it: spaces and dashes of a six-digit code go, a recovery code is lowercased. */
export function normalizeCode(code: string): string {
  const trimmed = code.trim().toLowerCase();
  const digits = trimmed.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : trimmed.replace(/\s/g, "");
}

export function loadTwoFactor(pb: PocketBase, collection: string): Promise<ActionResult<TotpStatus>> {
  return attempt(() => pb.send<TotpStatus>(`${base(collection)}/totp`, { method: "GET" }), loadFailed);
}

/** A new secret to scan; two-factor stays off until a code from it is confirmed. */
export function startTwoFactorSetup(pb: PocketBase, collection: string): Promise<ActionResult<TotpSetup>> {
  return attempt(() => pb.send<TotpSetup>(`${base(collection)}/totp/setup`, { method: "POST" }), setupFailed);
}

/**
 * Turns two-factor on with a code from the scanned secret; resolves the recovery codes. A setup
 * the server no longer knows (it expired) is said as such: the visitor starts again.
 */
export async function confirmTwoFactor(
  pb: PocketBase,
  collection: string,
  setupId: string,
  code: string,
): Promise<ActionResult<string[]>> {
  try {
    const answer = await pb.send<TotpRecoveryCodes>(`${base(collection)}/totp`, {
      method: "POST",
      body: { setupId, code: normalizeCode(code) },
    });
    return ok(answer.recoveryCodes);
  } catch (error) {
    const data = isClientResponseError(error)
      ? (error.response as { data?: Record<string, unknown> }).data
      : {};
    if (data?.setupId) {
      // Said in the form's banner: the code field itself was not wrong.
      const refused = toActionError(error, setupExpired);
      return { success: false, error: { ...refused, message: setupExpired, fieldErrors: {} } };
    }
    return failure(error, confirmFailed);
  }
}

/** Turns two-factor off; `code` is a current code or a recovery code. */
export function turnOffTwoFactor(
  pb: PocketBase,
  collection: string,
  code: string,
): Promise<ActionResult<unknown>> {
  return attempt(
    () => pb.send(`${base(collection)}/totp`, { method: "DELETE", body: { code: normalizeCode(code) } }),
    turnOffFailed,
  );
}

/** New recovery codes (the old ones stop working); `code` is a current code or a recovery code. */
export function newRecoveryCodes(
  pb: PocketBase,
  collection: string,
  code: string,
): Promise<ActionResult<string[]>> {
  return attempt(async () => {
    const answer = await pb.send<TotpRecoveryCodes>(`${base(collection)}/totp/recovery-codes`, {
      method: "POST",
      body: { code: normalizeCode(code) },
    });
    return answer.recoveryCodes;
  }, codesFailed);
}

/**
 * The code step of a sign-in: `mfaId` from the password step, `code` from the app or a recovery
 * code. Saves the session as a password sign-in does; resolves the signed-in record.
 */
export async function signInWithCode<T extends RecordModel>(
  pb: PocketBase,
  collection: string,
  mfaId: string,
  code: string,
  query: Record<string, string> = {},
): Promise<ActionResult<T>> {
  try {
    const auth = await pb.send<{ token: string; record: T }>(`${base(collection)}/auth-with-totp`, {
      method: "POST",
      body: { mfaId, code: normalizeCode(code) },
      query,
      requestKey: null,
    });
    pb.authStore.save(auth.token, auth.record);
    return ok(auth.record);
  } catch (error) {
    if (isClientResponseError(error) && error.status === 400) {
      const expired = (error.response as { message?: string } | undefined)?.message === mfaExpired;
      return failure(error, expired ? codeStepExpired : wrongCode, true);
    }
    return failure(error, signInFailed);
  }
}
