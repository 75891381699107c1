import { Hono } from "hono";
import { carriedClaims, newRecordToken } from "../core/auth.ts";
import { totpOf } from "../core/totp.ts";
import { fieldErrors } from "../forms/validation.ts";
import type { FailureBackoff } from "../tools/rate-limit.ts";
import { type ApiEnv, authOf, bindStrings } from "./context.ts";
import {
  allowSecondFactorEnrolment,
  collectionGuard,
  limitBody,
  requireSameCollectionAuth,
} from "./middlewares.ts";
import { authResponse, checkPassword, throwIfInvalid } from "./record-auth-helpers.ts";
import { invalidCode, spendCode } from "./totp.ts";

// `POST /api/collections/{collection}/confirm-identity`: this server's addition to PocketBase's
// API (docs/api.md, "Confirming it is you"). The signed-in record proves it is still its owner,
// with the current password or a code of its authenticator app, and gets a token carrying that
// proof (`confirmed`, unix seconds): adding or removing a second factor asks for one less than
// `recentProofSeconds` old (`requireVerifiedAndConfirmed`, api/middlewares.ts). Wrong passwords
// and codes count as every other check of them does. A superuser whom SUPERUSER_SECOND_FACTOR
// holds to a password sign-in may confirm while they have no second factor, to add their first.

/** The route; `backoff`: the wrong codes' lock two-factor sign-in keeps (`totpApi`). */
export function confirmIdentityApi(backoff: FailureBackoff) {
  return new Hono<ApiEnv>().post(
    "/collections/:collection/confirm-identity",
    limitBody,
    collectionGuard(["confirmIdentity"], { auth: true }),
    allowSecondFactorEnrolment,
    requireSameCollectionAuth,
    async (c) => {
      const { store } = c.get("ctx");
      const auth = authOf(c)!;
      const { password, code } = await bindStrings(c, ["password", "code"] as const);
      if (password !== "") {
        if (!(await checkPassword(c, auth.collection, auth.record, password))) {
          throwIfInvalid({ password: fieldErrors.invalidPassword() });
        }
      } else if (code.trim() !== "") {
        const totp = totpOf(store, { collectionId: auth.collection.id, recordId: String(auth.record.id) });
        if (!totp || !spendCode(c, backoff, auth, totp, code)) throwIfInvalid(invalidCode);
      } else throwIfInvalid({ password: fieldErrors.required() });
      const confirmed = Math.floor(Date.now() / 1000);
      const claims = { ...carriedClaims(auth), confirmed };
      return authResponse(c, auth, newRecordToken(store, auth.collection, auth.record, "auth", claims));
    },
  );
}
