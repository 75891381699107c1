import type { MessageDescriptor } from "@lingui/core";
import { ClientResponseError } from "pocketbase";
import { expect, fn, userEvent, waitFor, type within } from "storybook/test";
import { confirmIdentityFirstMessage } from "#shared/two-factor.ts";
import { ok, type ActionResult } from "../forms/action-result.ts";
import { toActionError } from "./action-error.ts";
import type { FieldErrors } from "../forms/field-error-message.ts";

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

/**
 * The email field of a form whose action PocketBase refused twice: first the address (a field
 * error, focused, described), then, corrected to `email`, too many requests (the form's banner,
 * the field no longer invalid). The story mocks both answers.
 */
export async function typeRefusedThenThrottledEmail(
  canvas: ReturnType<typeof within>,
  fr: boolean,
  email: string,
) {
  const field = canvas.getByLabelText(fr ? "E-mail" : "Email");
  await userEvent.type(field, "camille.martin@example..com{Enter}");
  await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
  await expect(field).toHaveFocus();
  await expect(field).toHaveAccessibleDescription(
    fr ? "Saisissez une adresse e-mail valide." : "Enter a valid email address.",
  );
  await expect(canvas.getByRole("alert")).toHaveTextContent(
    fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
  );
  await userEvent.clear(field);
  await userEvent.type(field, `${email}{Enter}`);
  await waitFor(() =>
    expect(canvas.getByRole("alert")).toHaveTextContent(
      fr
        ? "Trop de tentatives. Patientez un instant puis réessayez."
        : "Too many attempts. Please wait a moment and try again.",
    ),
  );
  await expect(field).not.toHaveAttribute("aria-invalid");
}

/**
 * "Confirm it's you" as the stories fake it: `identity` for a card, and `untilConfirmed(value)`, an
 * action the server refuses for want of a recent proof (403 "Confirm it is you first.") until
 * `identity.confirm` was called, then answers `value`. `reset` (a story's `beforeEach`) forgets
 * the confirmation, so that each run asks again. `confirmAnswer`: what the confirmation answers.
 */
export function identityStep({
  twoFactorOn = false,
  confirmAnswer = ok(undefined) as ActionResult<unknown>,
} = {}) {
  let confirmed = false;
  return {
    identity: {
      confirm: fn(async () => {
        if (confirmAnswer.success) confirmed = true;
        return confirmAnswer;
      }),
      twoFactorOn: fn(async () => twoFactorOn),
    },
    untilConfirmed: <T>(value: T) =>
      fn(async (..._args: unknown[]) =>
        confirmed ? ok(value) : refused(403, { message: confirmIdentityFirstMessage }),
      ),
    reset: () => {
      confirmed = false;
    },
  };
}
