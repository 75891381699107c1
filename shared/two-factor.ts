/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): this server's addition to
 * PocketBase's API, under `/api/collections/{collection}/…` of the auth collections that have it
 * (`users` and `_superusers`). The shapes both the server and the site use; the endpoints are in
 * docs/api.md ("Two-factor sign-in").
 *
 * - `GET    …/totp`                 signed in: `TotpStatus`
 * - `POST   …/totp/setup`           signed in, two-factor off: `TotpSetup` (a secret to scan, not yet on)
 * - `POST   …/totp`                 signed in: `TotpConfirm` → `TotpRecoveryCodes` (two-factor is now on)
 * - `DELETE …/totp`                 signed in: `TotpCode` (a current code or a recovery code) → 204
 * - `POST   …/totp/recovery-codes`  signed in: `TotpCode` → new `TotpRecoveryCodes` (the old ones stop working)
 * - `POST   …/auth-with-password`   with two-factor on, a right password answers 401 `MfaRequired`,
 *                                   PocketBase's own MFA answer, instead of a token
 * - `POST   …/auth-with-totp`       `TotpSignIn` → `{ token, record }`, as auth-with-password
 * - `POST   …/confirm-identity`     signed in: `IdentityProof` → `{ token, record }`, a token whose
 *                                   `confirmed` claim lets it add or remove a second factor for
 *                                   `recentProofSeconds` (passkeys too: shared/passkeys.ts)
 *
 * A passkey sign-in needs no code: the passkey is already something the person has, unlocked by
 * something they know or are.
 */

/**
 * The 403 of changing a record's second factors (adding or removing a passkey, turning two-factor
 * on) while its address is not verified: whoever signed up with someone else's address must not
 * keep a way in once its owner takes the account back. Superusers, who have no address to verify,
 * are exempt.
 */
export const verifyEmailFirstMessage = "Verify your email address before changing how you sign in.";

/**
 * The 403 of the same routes when the request's token carries no recent proof (`confirmed`, from
 * `POST …/confirm-identity` less than `recentProofSeconds` ago): a stolen session alone adds no
 * way in and removes none.
 */
export const confirmIdentityFirstMessage = "Confirm it is you first.";

/** How recent a proof (the current password or a code, `…/confirm-identity`) must be, in seconds. */
export const recentProofSeconds = 300;

/** `POST …/confirm-identity`: the current password, or a current code (or a recovery code). */
export type IdentityProof = { password: string } | { code: string };

/** Collections whose records may turn two-factor sign-in on. */
export const twoFactorCollections = ["users", "_superusers"] as const;

/** Digits of a code, and the seconds each code lasts (what every authenticator app uses). */
export const totpDigits = 6;
export const totpPeriodSeconds = 30;

/** How many recovery codes a person gets at once; each signs in once, in place of a code. */
export const recoveryCodeCount = 10;

/** How long a scanned secret may be confirmed, and how long the code step after a password may wait. */
export const totpSetupSeconds = 600;
export const mfaSeconds = 300;

/** The `code` of the field error a wrong or expired code gets when it is not a sign-in. */
export const invalidTotpCode = "validation_invalid_totp_code";

/** The `code` of the field error on `setupId` when the setup is unknown, expired or another account's. */
export const invalidTotpSetup = "validation_invalid_totp_setup";

export type TotpStatus = {
  enabled: boolean;
  /** When two-factor was turned on (PocketBase's date format), empty when off. */
  created: string;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
};

export type TotpSetup = {
  setupId: string;
  /** The secret in base32, for people who type it into their app rather than scan it. */
  secret: string;
  /** `otpauth://totp/…`: what the QR code holds. */
  uri: string;
};

export type TotpConfirm = { setupId: string; code: string };

export type TotpCode = { code: string };

export type TotpRecoveryCodes = { recoveryCodes: string[] };

/** PocketBase's answer (401, no error envelope) when a right password still needs a second step. */
export type MfaRequired = { mfaId: string };

/** `code` is a current code from the app or one of the recovery codes. */
export type TotpSignIn = { mfaId: string; code: string };
