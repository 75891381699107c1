import type { MessageDescriptor } from "@lingui/core";
import type { FieldErrors } from "./field-error-message.ts";

/**
 * What an action (an account's, the dashboard's) gives back: its value, or what to tell the
 * visitor. The form layer shows it (`useAction`); src/auth/action-error.ts words a failure.
 */

export type ActionError = {
  /** What to tell the visitor (translated at render with `i18n._`). */
  message: MessageDescriptor;
  /** Errors for individual fields, as the server sent them. */
  fieldErrors: FieldErrors;
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The request was cancelled (a newer one replaced it): never shown as an error. */
  aborted: boolean;
};

export type ActionResult<T = undefined> = { success: true; data: T } | { success: false; error: ActionError };

export const ok = <T>(data: T): ActionResult<T> => ({ success: true, data });
