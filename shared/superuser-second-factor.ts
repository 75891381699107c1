/**
 * `SUPERUSER_SECOND_FACTOR` (docs/configuration.md): `optional` (the default) or `required`. With
 * `required`, a superuser's powers need a sign-in with a second factor (a passkey, or a code from an
 * authenticator app, shared/two-factor.ts): a token from a password alone gets them nowhere, and
 * every route that needs a signed-in superuser answers it `403` with this message. The one
 * exception lets a superuser who holds no second factor yet add their first one with that token.
 */
export const superuserSecondFactorModes = ["optional", "required"] as const;

export type SuperuserSecondFactor = (typeof superuserSecondFactorModes)[number];

/** The 403 a superuser token without a second factor gets, and how the dashboard recognises it. */
export const secondFactorRequiredMessage =
  "This server requires superusers to sign in with a passkey or an authenticator app code.";
