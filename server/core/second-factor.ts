import { deletePasskeysOf, passkeysOf } from "./passkeys.ts";
import type { Store } from "./store.ts";
import { disableTotp, totpOf } from "./totp.ts";

/**
 * Whether a record holds a second factor of its own: a passkey, or an authenticator app turned on.
 * While a superuser holds none, SUPERUSER_SECOND_FACTOR=required still lets their password token
 * add one (`allowSecondFactorEnrolment` in api/middlewares.ts).
 */
export function holdsSecondFactor(store: Store, collectionId: string, recordId: string): boolean {
  return (
    passkeysOf(store, collectionId, recordId).length > 0 || Boolean(totpOf(store, { collectionId, recordId }))
  );
}

/** What `removeSecondFactors` took away: the passkeys' names, and whether two-factor was on. */
export type RemovedSecondFactors = { passkeys: string[]; totp: boolean };

/**
 * Removes every second factor of a record: its passkeys, and its authenticator app with its
 * recovery codes. A password reset of an account whose address was not verified does it: whoever
 * made the account before its owner proved the address may have added them.
 */
export function removeSecondFactors(
  store: Store,
  collectionId: string,
  recordId: string,
): RemovedSecondFactors {
  return store.transaction(() => ({
    passkeys: deletePasskeysOf(store, collectionId, recordId).map((passkey) => passkey.name),
    totp: disableTotp(store, { collectionId, recordId }),
  }));
}
