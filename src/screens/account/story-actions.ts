import type { MessageDescriptor } from "@lingui/core";
import { ClientResponseError } from "pocketbase";
import { toActionError, type ActionResult, type FieldErrors } from "../../auth/action-result.ts";

/** A default wording no story shows: every refusal below carries a message the site words itself. */
const actionDefault: MessageDescriptor = { id: "story.action-default" };

/**
 * What an account action returns when PocketBase refuses it: a real SDK error run through the
 * same mapping the actions use, so the screens show what a visitor would see. Status 0 is a
 * request that never reached the server.
 */
export function refused(
  status: number,
  response: { message: string; data?: FieldErrors } = { message: "" },
): ActionResult<never> {
  return {
    success: false,
    error: toActionError(new ClientResponseError({ status, response }), actionDefault),
  };
}
