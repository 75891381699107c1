/**
 * Passkeys (WebAuthn): this server's addition to PocketBase's API, under
 * `/api/collections/{collection}/…` of an auth collection that has them on (`users`,
 * `_superusers`). The shapes
 * both the server and the site use; the endpoints are in docs/api.md ("Passkeys").
 *
 * - `GET    …/passkeys`                      the signed-in record's passkeys: `{ items: PasskeyInfo[] }`
 * - `POST   …/passkeys/registration-options` signed in: `{ challengeId, options }` for the browser
 * - `POST   …/passkeys`                      signed in: `PasskeyRegistration` → the new `PasskeyInfo`
 * - `DELETE …/passkeys/{id}`                 signed in, one's own only: 204
 * - `POST   …/auth-with-passkey/options`     `{ challengeId, options }`, no session needed
 *   (`?autofill=true`: a page's request as it loads, for the email field's suggestions, counted
 *   apart from sign-ins)
 * - `POST   …/auth-with-passkey`             `PasskeySignIn` → `{ token, record }`, as auth-with-password
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/** Collections whose records may add passkeys and sign in with them. */
export const passkeyCollections = ["users", "_superusers"] as const;

/** A passkey's name: trimmed, 1 to this many characters (the site names it after the device). */
export const passkeyNameMaxLength = 100;

/** How many passkeys one record may hold: a bound on what one account can store. */
export const passkeysPerRecord = 20;

/** The server's refusal of one more passkey (the site words it in the visitor's language). */
export const passkeyLimitMessage = `An account holds at most ${passkeysPerRecord} passkeys.`;

/** How long a challenge may be answered; each is used once, whatever the outcome. */
export const passkeyChallengeSeconds = 300;

/** A passkey as its owner sees it; dates in PocketBase's format ("2026-11-27 10:00:00.000Z"). */
export type PasskeyInfo = {
  id: string;
  name: string;
  created: string;
  /** Empty until the passkey is first used to sign in. */
  lastUsed: string;
};

export type PasskeyRegistrationOptions = {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
};

export type PasskeyRegistration = {
  challengeId: string;
  name: string;
  response: RegistrationResponseJSON;
};

export type PasskeySignInOptions = {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
};

export type PasskeySignIn = {
  challengeId: string;
  response: AuthenticationResponseJSON;
};
