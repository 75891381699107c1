import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ClientResponseError } from "pocketbase";
import { ok, type ActionError, type ActionResult } from "../forms/action-result.ts";
import type { FieldErrors } from "../forms/field-error-message.ts";
import { passkeyLimitMessage, passkeysPerRecord } from "#shared/passkeys.ts";
import { confirmIdentityFirstMessage, verifyEmailFirstMessage } from "#shared/two-factor.ts";
import { isClientResponseError } from "./sdk-error.ts";

/** A failed action (an account's, the dashboard's), worded for the visitor from what the SDK threw. */

const confirmIdentityFirst = msg`Confirm it’s you first.`;

/** Server messages a visitor may see, translated; anything else falls back to the action's default. */
const knownMessages: Record<string, MessageDescriptor> = {
  "Failed to authenticate.": msg`Wrong email or password.`,
  "The request doesn't satisfy the collection requirements to authenticate.": msg`This account cannot sign in yet.`,
  "The request requires valid record authorization token.": msg`Your session has expired. Please log in again.`,
  "Invalid or expired verification token.": msg`This link is invalid or has expired.`,
  // The billing endpoints' refusals (server/api/billing.ts).
  "You already have a subscription.": msg`You already have a subscription.`,
  "There is no billing account to manage yet.": msg`There is no billing account to manage yet.`,
  "Your subscription's last payment is still due: update your payment method.": msg`Your subscription’s last payment is still due: update your payment method.`,
  "There is no request for the paid plan to withdraw.": msg`There is no request for the paid plan to withdraw.`,
  "There is no subscription to change.": msg`There is no subscription to change.`,
  "This subscription has ended: it can no longer be changed.": msg`This subscription has ended: it can no longer be changed.`,
  "The withdrawal period has ended.": msg`The withdrawal period has ended.`,
  "There is no subscription to withdraw from.": msg`There is no subscription to withdraw from.`,
  // The passkeys' limit (shared/passkeys.ts).
  [passkeyLimitMessage]: msg`You have as many passkeys as an account may hold (${passkeysPerRecord}): remove one first.`,
  // Adding or removing a passkey, or turning on two-factor, before the address is confirmed, or
  // without a recent "confirm it's you" (shared/two-factor.ts).
  [verifyEmailFirstMessage]: msg`First confirm your email address with the link we sent you.`,
  [confirmIdentityFirstMessage]: confirmIdentityFirst,
};

/**
 * Whether the server refused an action for want of a recent "confirm it's you": the page asks for
 * the password (or a code), then runs the action again.
 */
export function needsIdentityConfirmation(error: ActionError): boolean {
  return error.status === 403 && error.message === confirmIdentityFirst;
}

function messageFor(
  error: ClientResponseError,
  serverMessage: string | undefined,
  fallback: MessageDescriptor,
) {
  if (error.isAbort) return fallback; // replaced by a newer request: callers ignore it
  if (error.status === 0) return msg`Cannot reach the server. Check your connection and try again.`;
  if (error.status === 429) return msg`Too many attempts. Please wait a moment and try again.`;
  if (error.status >= 500) return msg`The service is having trouble. Please try again in a few minutes.`;
  return (serverMessage && knownMessages[serverMessage]) || fallback;
}

/**
 * Turns anything an SDK call threw into an ActionError, with the action's default message
 * ("Login failed", "Erreur inconnue", ...: docs/product.md, Account defaults) when nothing more
 * specific applies.
 */
export function toActionError(error: unknown, fallback: MessageDescriptor): ActionError {
  if (!isClientResponseError(error)) {
    return { message: fallback, fieldErrors: {}, status: 0, aborted: false };
  }
  const body = (error.response ?? {}) as { message?: string; data?: FieldErrors };
  return {
    message: messageFor(error, body.message, fallback),
    fieldErrors: body.data && typeof body.data === "object" ? body.data : {},
    status: error.status,
    aborted: error.isAbort,
  };
}

/** A failed action, worded from `fallback` (always, when `override`: the action knows better). */
export function failure(error: unknown, fallback: MessageDescriptor, override = false): ActionResult<never> {
  const actionError = { ...toActionError(error, fallback), ...(override ? { message: fallback } : {}) };
  // Logged for whoever debugs, as a warning: the visitor is told, nothing is broken.
  if (!actionError.aborted) console.warn(error);
  return { success: false, error: actionError };
}

/** Runs an account action: its value, or the failure worded from `fallback` when it throws. */
export async function attempt<T>(
  action: () => Promise<T>,
  fallback: MessageDescriptor,
): Promise<ActionResult<T>> {
  try {
    return ok(await action());
  } catch (error) {
    return failure(error, fallback);
  }
}
