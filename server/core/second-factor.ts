import { passkeysOf } from "./passkeys.ts";
import type { Store } from "./store.ts";
import { totpOf } from "./totp.ts";

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
