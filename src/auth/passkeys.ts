import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";
import type { PasskeyInfo, PasskeyRegistrationOptions, PasskeySignInOptions } from "#shared/passkeys.ts";
import { passkeyNameMaxLength } from "#shared/passkeys.ts";
import { ok, type ActionResult } from "../forms/action-result.ts";
import { attempt, failure, toActionError } from "./action-error.ts";
import type { AuthUser } from "./auth-state.tsx";
import { pocketBaseUrl } from "./api-url.ts";
import { isClientResponseError } from "./sdk-error.ts";
import { loadWebAuthnClient } from "./sign-in-support.ts";
import { accountExpand } from "./session.ts";

// Passkeys (WebAuthn) of the signed-in record of `collection` (the site's users by default, the
// dashboard's superusers), and sign-in with one: the server's endpoints are in shared/passkeys.ts.
// The browser's part (@simplewebauthn/browser) loads when a ceremony starts.

const listFailed = msg`Could not load your passkeys`;
const addFailed = msg`Could not add the passkey`;
const removeFailed = msg`Could not remove the passkey`;
const signInFailed = msg`Could not sign in with a passkey`;
const passkeyRefused = msg`This passkey was not accepted. Log in with your password, or try another passkey.`;
const cancelled = msg`The passkey request was cancelled or timed out. Try again when you are ready.`;
const alreadyOnDevice = msg`This device already has a passkey for your account.`;

const base = (collection: string) => `/api/collections/${encodeURIComponent(collection)}`;

/**
 * A name for a passkey made on this device, from its user agent: "Chrome on Android", "Safari on
 * iPhone", in the page's language. The owner reads it in the list, beside the dates.
 */
export function deviceName(userAgent: string, i18n: I18n): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : undefined;
  const system = /iPhone/.test(userAgent)
    ? "iPhone"
    : /iPad/.test(userAgent)
      ? "iPad"
      : /Android/.test(userAgent)
        ? "Android"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Windows/.test(userAgent)
            ? "Windows"
            : /CrOS/.test(userAgent)
              ? "ChromeOS"
              : /Linux/.test(userAgent)
                ? "Linux"
                : undefined;
  const name =
    browser && system
      ? i18n._(msg`${browser} on ${system}`)
      : (browser ?? system ?? i18n._(msg`This device`));
  return name.slice(0, passkeyNameMaxLength);
}

/**
 * What a failed browser ceremony means to the visitor: cancelled (or timed out, which browsers
 * report alike), a passkey this device already holds, or `fallback`.
 */
export function ceremonyFailure(error: unknown, fallback: MessageDescriptor): ActionResult<never> {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  if (name === "NotAllowedError" || cause === "NotAllowedError" || name === "AbortError") {
    return {
      success: false,
      error: { message: cancelled, fieldErrors: {}, status: 0, aborted: name === "AbortError" },
    };
  }
  if (name === "InvalidStateError" || cause === "InvalidStateError") {
    return {
      success: false,
      error: { message: alreadyOnDevice, fieldErrors: {}, status: 0, aborted: false },
    };
  }
  return failure(error, fallback);
}

export function listPasskeys(pb: PocketBase, collection = "users"): Promise<ActionResult<PasskeyInfo[]>> {
  return attempt(
    async () =>
      (await pb.send<{ items: PasskeyInfo[] }>(`${base(collection)}/passkeys`, { method: "GET" })).items,
    listFailed,
  );
}

/** Creates a passkey on this device (the browser asks for the screen lock) and registers it. */
export async function addPasskey(
  pb: PocketBase,
  name: string,
  collection = "users",
): Promise<ActionResult<PasskeyInfo>> {
  let registration: PasskeyRegistrationOptions;
  try {
    registration = await pb.send<PasskeyRegistrationOptions>(
      `${base(collection)}/passkeys/registration-options`,
      {
        method: "POST",
      },
    );
  } catch (error) {
    return failure(error, addFailed);
  }
  let response;
  try {
    const { startRegistration } = await loadWebAuthnClient();
    response = await startRegistration({ optionsJSON: registration.options });
  } catch (error) {
    return ceremonyFailure(error, addFailed);
  }
  return attempt(
    () =>
      pb.send<PasskeyInfo>(`${base(collection)}/passkeys`, {
        method: "POST",
        body: { challengeId: registration.challengeId, name, response },
      }),
    addFailed,
  );
}

export function removePasskey(
  pb: PocketBase,
  id: string,
  collection = "users",
): Promise<ActionResult<unknown>> {
  return attempt(
    () => pb.send(`${base(collection)}/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    removeFailed,
  );
}

/**
 * The sign-in's challenge: a plain request, so that the login page's suggestions request needs no
 * SDK until a passkey is picked. Fails as the SDK would (`isClientResponseError`). `autofill`: the
 * page's own request, which the server counts apart from sign-ins (`?autofill=true`), so that
 * loading the page never spends what the button needs.
 */
async function signInOptions(collection: string, autofill: boolean): Promise<PasskeySignInOptions> {
  const refused = (status: number, response: unknown, cause?: unknown) =>
    Object.assign(new Error(`ClientResponseError ${status}`, { cause }), {
      name: `ClientResponseError ${status}`,
      status,
      response,
      isAbort: false,
    });
  let answer: Response;
  try {
    const query = autofill ? "?autofill=true" : "";
    answer = await fetch(`${pocketBaseUrl()}${base(collection)}/auth-with-passkey/options${query}`, {
      method: "POST",
    });
  } catch (error) {
    throw refused(0, {}, error);
  }
  const body: unknown = await answer.json().catch(() => ({}));
  if (!answer.ok) throw refused(answer.status, body);
  return body as PasskeySignInOptions;
}

/**
 * Signs in with a passkey: the browser offers the visitor's passkeys for this site, the server
 * checks the one chosen and answers as a password sign-in does, so the session is the same.
 * `autofill`: the request waits in the email field's suggestions (conditional mediation) until
 * the visitor picks a passkey there, or another request replaces it. The SDK (`loadPb`) loads once
 * a passkey is picked. `collection`: whose passkey (the site's users by default).
 */
export async function loginWithPasskey<T extends RecordModel = AuthUser>(
  loadPb: () => Promise<PocketBase>,
  { autofill = false, collection = "users" }: { autofill?: boolean; collection?: string } = {},
): Promise<ActionResult<T>> {
  let challenge: PasskeySignInOptions;
  try {
    challenge = await signInOptions(collection, autofill);
  } catch (error) {
    // The suggestions' request is the page's own idea: when it cannot start (the server has no
    // passkeys for this address, a rate limit), the visitor asked nothing and is told nothing.
    if (autofill) return { success: false, error: { ...toActionError(error, signInFailed), aborted: true } };
    return failure(error, signInFailed);
  }
  let response;
  try {
    const { startAuthentication } = await loadWebAuthnClient();
    response = await startAuthentication({ optionsJSON: challenge.options, useBrowserAutofill: autofill });
  } catch (error) {
    return ceremonyFailure(error, signInFailed);
  }
  try {
    const pb = await loadPb();
    const auth = await pb.send<{ token: string; record: T }>(`${base(collection)}/auth-with-passkey`, {
      method: "POST",
      body: { challengeId: challenge.challengeId, response },
      // The site's session holds the user's subscription, as a password login's does.
      query: collection === "users" ? { expand: accountExpand } : {},
      requestKey: null,
    });
    pb.authStore.save(auth.token, auth.record);
    return ok(auth.record);
  } catch (error) {
    return signInFailure(error);
  }
}

/**
 * The server refused the passkey sign-in. Its refusal reads as a password sign-in's ("Failed to
 * authenticate."), which the site words "Wrong email or password": say what it means here.
 */
export function signInFailure(error: unknown): ActionResult<never> {
  if (isClientResponseError(error) && error.status === 400) return failure(error, passkeyRefused, true);
  return failure(error, signInFailed);
}
