import { msg } from "@lingui/core/macro";

// What sign-in pages need while rendering, apart from the actions (src/auth/passkeys.ts,
// two-factor.ts), which load on demand when one runs.

/** The browser can create and use passkeys (WebAuthn over a secure page). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === "function"
  );
}

/** The code step waited too long (the server forgot it): the visitor starts again with the password. */
export const codeStepExpired = msg`Too much time has passed since you entered your password. Log in again.`;
