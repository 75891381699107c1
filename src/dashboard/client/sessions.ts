import { msg } from "@lingui/core/macro";
import PocketBase, { LocalAuthStore, type RecordModel } from "pocketbase";
import { failure } from "#src/auth/action-error.ts";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import { pocketBaseUrl } from "#src/auth/api-url.ts";
import { isClientResponseError } from "#src/auth/sdk-error.ts";
import { confirmIdentity } from "#src/auth/confirm-identity.ts";
import { addPasskey, listPasskeys, loginWithPasskey, removePasskey } from "#src/auth/passkeys.ts";
import {
  confirmTwoFactor,
  loadTwoFactor,
  mfaIdOf,
  newRecoveryCodes,
  signInWithCode,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "#src/auth/two-factor.ts";
import { secondFactorRequiredMessage } from "#shared/superuser-second-factor.ts";
import type { PasskeyActions } from "#src/widgets/auth/passkeys-card.tsx";
import type { TwoFactorActions } from "#src/widgets/auth/two-factor-card.tsx";
import type { IdentityActions } from "#src/widgets/auth/use-identity-confirmation.tsx";
import { loadFailed, superusers, superusersCollection } from "./common.ts";
import type { Superuser } from "./superusers.ts";

/**
 * The superuser's session with the dashboard (`/_/`). The dashboard holds no privilege of its own:
 * every call goes through the API as the signed-in superuser, whose session lives in its own store
 * (`__pb_superuser_auth__` in localStorage), apart from a visitor's `pb_auth` cookie.
 */
const superuserStoreKey = "__pb_superuser_auth__";

const signInFailed = msg`Login failed`;

/**
 * The server's refusal of a superuser session opened without a second factor, on a server that
 * requires one (`SUPERUSER_SECOND_FACTOR=required`): the one place the dashboard recognises it.
 */
export function refusedForSecondFactor(status: number, body: unknown): boolean {
  return status === 403 && (body as { message?: unknown } | null)?.message === secondFactorRequiredMessage;
}

const refusedError = (error: unknown) =>
  isClientResponseError(error) && refusedForSecondFactor(error.status, error.response);

/**
 * A client whose session is the superuser's; a 401 answer forgets it, and a refusal for want of a
 * second factor calls `onSecondFactorRequired` (the session then shows what to do).
 */
export function createSuperuserClient(
  url = pocketBaseUrl(),
  onSecondFactorRequired: () => void = () => {},
): PocketBase {
  const pb = new PocketBase(url, new LocalAuthStore(superuserStoreKey));
  pb.afterSend = (response, data) => {
    if (response.status === 401) pb.authStore.clear();
    else if (refusedForSecondFactor(response.status, data)) onSecondFactorRequired();
    return data;
  };
  return pb;
}

/** Where a stored superuser session stands with the server. */
export type SuperuserCheck =
  | { status: "signed-out" }
  | { status: "signed-in"; superuser: Superuser }
  /** Opened with a password alone, on a server that requires a second factor: it opens nothing. */
  | { status: "second-factor-required"; superuser: Superuser };

/** Whether the client holds a superuser session that the server still accepts (an auth refresh). */
export async function checkSuperuser(pb: PocketBase): Promise<ActionResult<SuperuserCheck>> {
  if (!pb.authStore.isValid || pb.authStore.record?.collectionName !== superusersCollection) {
    if (pb.authStore.token) pb.authStore.clear();
    return ok({ status: "signed-out" });
  }
  try {
    const { record } = await superusers(pb).authRefresh<Superuser>({ requestKey: null });
    return ok({ status: "signed-in", superuser: record });
  } catch (error) {
    if (isClientResponseError(error) && error.status === 0 && !error.isAbort)
      return failure(error, loadFailed);
    // Kept: it may still add the superuser's first second factor.
    if (refusedError(error)) {
      return ok({ status: "second-factor-required", superuser: pb.authStore.record as unknown as Superuser });
    }
    pb.authStore.clear();
    return ok({ status: "signed-out" });
  }
}

/** A password sign-in: signed in, or the code step's id when the superuser has two-factor sign-in on. */
export type SuperuserSignIn =
  { superuser: Superuser; mfaId?: undefined } | { superuser?: undefined; mfaId: string };

export async function signInSuperuser(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<ActionResult<SuperuserSignIn>> {
  try {
    const { record } = await superusers(pb).authWithPassword<Superuser>(email.trim(), password);
    return ok({ superuser: record });
  } catch (error) {
    const mfaId = mfaIdOf(error);
    return mfaId ? ok({ mfaId }) : failure(error, signInFailed);
  }
}

/** The code step after the password (`mfaId` from `signInSuperuser`). */
export function signInSuperuserWithCode(
  pb: PocketBase,
  mfaId: string,
  code: string,
): Promise<ActionResult<Superuser>> {
  return signInWithCode<RecordModel & Superuser>(pb, superusersCollection, mfaId, code);
}

/** Signs in with one of the superuser's passkeys, which the browser offers. */
export function signInSuperuserWithPasskey(pb: PocketBase): Promise<ActionResult<Superuser>> {
  return loginWithPasskey<RecordModel & Superuser>(async () => pb, { collection: superusersCollection });
}

// The signed-in superuser's own second factors (the site's account widgets, on `_superusers`).

/** Their passkeys; `name` names a new one (after the device). */
export function ownPasskeyActions(pb: PocketBase, name: () => string): PasskeyActions {
  return {
    list: () => listPasskeys(pb, superusersCollection),
    add: () => addPasskey(pb, name(), superusersCollection),
    remove: (id) => removePasskey(pb, id, superusersCollection),
  };
}

/** Their two-factor sign-in with an authenticator app. */
export function ownTwoFactorActions(pb: PocketBase): TwoFactorActions {
  return {
    load: () => loadTwoFactor(pb, superusersCollection),
    setup: () => startTwoFactorSetup(pb, superusersCollection),
    confirm: (setupId, code) => confirmTwoFactor(pb, superusersCollection, setupId, code),
    turnOff: (code) => turnOffTwoFactor(pb, superusersCollection, code),
    newRecoveryCodes: (code) => newRecoveryCodes(pb, superusersCollection, code),
  };
}

/** "Confirm it's you" before they change those: their password, or a code when two-factor is on. */
export function ownIdentityActions(pb: PocketBase): IdentityActions {
  return {
    confirm: (proof) => confirmIdentity(pb, superusersCollection, proof),
    twoFactorOn: async () => {
      const status = await loadTwoFactor(pb, superusersCollection);
      return status.success && status.data.enabled;
    },
  };
}

/**
 * Whether a superuser whose session was refused for want of a second factor already holds one:
 * the server then refuses their own passkeys and authenticator app routes too (they sign in with
 * it), where it otherwise lets that session add the first.
 */
export async function holdsSecondFactor(pb: PocketBase): Promise<ActionResult<boolean>> {
  try {
    await pb.send(`/api/collections/${superusersCollection}/passkeys`, { method: "GET", requestKey: null });
    return ok(false);
  } catch (error) {
    return refusedError(error) ? ok(true) : failure(error, loadFailed);
  }
}
