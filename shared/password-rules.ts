// The password limits of an auth collection, in one place: the site's forms, the server's forms and
// the server's schema all read these numbers, so a password the site accepts is one the server stores.

/** Limits of a new password, counted in characters (code points), as PocketBase counts them. */
export const passwordLength = {
  /** The `min` of an auth collection's `password` field. */
  min: 8,
  /** The most a password field allows when its own `max` is unset: bcrypt's 72 bytes, less one. */
  max: 71,
} as const;

/** bcrypt reads 72 bytes at most: a longer password (in UTF-8) is refused, never silently truncated. */
export const maxPasswordBytes = 72;

/**
 * The length check of the auth endpoints' small forms (auth-with-password's identity and password,
 * confirm-password-reset's password, the request-* emails): 1 to 255 characters. The password
 * field's own limits above still apply when a new password is stored.
 */
export const maxAuthFormLength = 255;
