import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { IdentityProof } from "#shared/two-factor.ts";
import type { ActionResult } from "../forms/action-result.ts";
import { attempt } from "./action-error.ts";
import { normalizeCode } from "./two-factor.ts";

// "Confirm it's you": the current password (or a code from the authenticator app) again, before
// adding or removing a way to sign in (shared/two-factor.ts, `…/confirm-identity`).

const confirmFailed = msg`Could not confirm it is you`;

/**
 * Proves it is the signed-in record of `collection` and keeps the session's new token, which may
 * add or remove a passkey or turn on two-factor sign-in for a few minutes. The session's record
 * (with what the site expanded on it) stays as it is.
 */
export function confirmIdentity(
  pb: PocketBase,
  collection: string,
  proof: IdentityProof,
): Promise<ActionResult<undefined>> {
  return attempt(async () => {
    const { token } = await pb.send<{ token: string }>(
      `/api/collections/${encodeURIComponent(collection)}/confirm-identity`,
      {
        method: "POST",
        body: "code" in proof ? { code: normalizeCode(proof.code) } : proof,
        requestKey: null,
      },
    );
    pb.authStore.save(token, pb.authStore.record);
    return undefined;
  }, confirmFailed);
}
