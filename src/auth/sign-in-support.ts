import { msg } from "@lingui/core/macro";

// What sign-in pages need while rendering or as they start, apart from the actions
// (src/auth/passkeys.ts, two-factor.ts), which load on demand when one runs.

/** The WebAuthn client (`@simplewebauthn/browser`), downloaded the first time a page needs it. */
export const loadWebAuthnClient = () => import("@simplewebauthn/browser");

/** The browser can create and use passkeys (WebAuthn over a secure page). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === "function"
  );
}

/**
 * The browser can offer passkeys in the email field's suggestions (conditional mediation). A
 * failed download of the WebAuthn client means no: the passkey button is still there.
 */
export function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return Promise.resolve(false);
  return loadWebAuthnClient().then(
    (client) => client.browserSupportsWebAuthnAutofill(),
    () => false,
  );
}

/** The code step waited too long (the server forgot it): the visitor starts again with the password. */
export const codeStepExpired = msg`Too much time has passed since you entered your password. Log in again.`;
