import { Hono } from "hono";
import { subscriptionsCollection } from "../core/billing/state.ts";
import { recordsOwnedBy } from "../core/records.ts";
import type { RecordData } from "../core/store.ts";
import { type Billing } from "../core/billing/lifecycle.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, authOf, bindStrings, sendJson } from "./context.ts";
import { limitBody, rateLimit, requireAuth } from "./middlewares.ts";
import { checkPassword, queueSecurityMail, throwIfInvalid } from "./record-auth-helpers.ts";

// This server's account endpoints (not PocketBase's: docs/api.md, "Account"), in PocketBase's
// style and error envelope: what a user may do with their own account and nobody else's.

const usersCollectionName = "users";

/** What a data export never holds: the password hash, the token key, the Stremio password (`password` on the stremio record). */
const secretFields = new Set(["password", "tokenKey"]);

function withoutSecrets(record: RecordData): RecordData {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !secretFields.has(name)));
}

/** The signed-in user of the `users` collection (a superuser has no such account). */
function signedInUser(c: ApiContext): RecordData {
  const auth = authOf(c);
  if (!auth || auth.collection.name !== usersCollectionName) {
    throw new ApiError(403, "The authorized record is not allowed to perform this action.");
  }
  return auth.record;
}

/** `/api/account/*`: download my data, delete my account. */
export function accountApi(billing: Billing) {
  return (
    new Hono<ApiEnv>()
      // Everything stored about the signed-in user, as a JSON file to keep.
      .get("/account/export", rateLimit, requireAuth, (c) => {
        const user = signedInUser(c);
        const { store } = c.get("ctx");
        const owned = (name: string) => {
          const collection = store.findCollection(name);
          return collection ? recordsOwnedBy(store, collection, String(user.id)) : [];
        };
        const day = new Date().toISOString().slice(0, 10);
        c.header("Content-Disposition", `attachment; filename="lumen-data-${day}.json"`);
        return sendJson(c, 200, {
          exported: new Date().toISOString(),
          account: withoutSecrets(user),
          subscription: owned(subscriptionsCollection).map(withoutSecrets)[0] ?? null,
          stremio: owned("stremio").map(withoutSecrets),
          receipts: billing.receipts(String(user.id)),
        });
      })
      // The current password again, then the subscription (if any), the account, its Stremio
      // record and its sessions go; a goodbye email confirms it.
      .post("/account/delete", rateLimit, limitBody, requireAuth, async (c) => {
        const user = signedInUser(c);
        const { store, log } = c.get("ctx");
        const users = store.findCollection(usersCollectionName)!;
        const { password } = await bindStrings(c, ["password"] as const);
        if (password === "") throwIfInvalid({ password: fieldErrors.required() });
        if (!(await checkPassword(c, users, user, password))) {
          throwIfInvalid({ password: fieldErrors.invalidPassword() });
        }
        let subscriptionCanceled: boolean;
        try {
          subscriptionCanceled = await billing.cancelForDeletion(String(user.id));
        } catch (error) {
          log.error(`Could not cancel the subscription of a deleted account: ${(error as Error).message}`);
          throw new ApiError(400, "Your subscription could not be canceled, so your account was kept.");
        }
        // Its Stremio and subscription records go with it (their relation cascades); its tokens
        // stop working, their record being gone.
        store.transaction(() => {
          store.delete(users, String(user.id));
          billing.forget(String(user.id));
        });
        queueSecurityMail(c, user, { kind: "accountDeleted", subscriptionCanceled });
        return c.body(null, 204);
      })
  );
}
