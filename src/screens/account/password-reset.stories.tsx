import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import { ConfirmEmailChangeScreen, ForgotPasswordScreen, ResetPasswordScreen } from "./password-reset.tsx";
import { refused, typeRefusedThenThrottledEmail } from "#src/auth/story-actions.ts";

const invalidData = "An error occurred while validating the submitted data.";

/** An answer the play function gives when it chooses, to see the request running first. */
function later<T = undefined>() {
  return Promise.withResolvers<ActionResult<T>>();
}

// Each story's play function queues the answers it needs (mockResolvedValueOnce, mockReturnValueOnce).
const request = fn(async (_email: string) => ok(undefined));
const reset = fn(async (_token: string, _password: string, _passwordConfirm: string) => ok(undefined));
const newAddress = { email: "camille.new@example.com", signedIn: true };
const confirm = fn(async (_token: string, _password: string) => ok(newAddress));

/** The token of the emailed link, which the routes read from `?token=`. */
const token = "7Fq2mXc9LzR4";
const email = "camille.martin@example.com";

/**
 * The pages of the emailed account links: asking for a password reset link (/forgot-password),
 * choosing the new password (/reset-password) and confirming a new email address
 * (/confirm-email-change). Each goes from the empty form through its request to the outcome, or
 * meets PocketBase's refusals.
 */
const meta = {
  title: "Screens/Account/PasswordReset",
  component: ForgotPasswordScreen,
  args: { request },
  parameters: { path: "/forgot-password" },
} satisfies Meta<typeof ForgotPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form, the request running, then the same answer whether or not the account exists. */
export const ForgotPassword: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    // toHaveTextContent reads the narrow no-break space before "?" as a plain space.
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Mot de passe oublié ?" : "Forgot your password?",
    );
    await expect(canvas.queryByRole("alert")).toBeNull();
    const answer = later();
    request.mockReturnValueOnce(answer.promise);
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), `${email}{Enter}`);
    const button = canvas.getByRole("button", {
      name: fr ? "Envoyer le lien de réinitialisation" : "Send the reset link",
    });
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    await expect(request).toHaveBeenCalledWith(email);
    answer.resolve(ok(undefined));
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr
        ? `Si un compte existe pour ${email}, un lien de réinitialisation est en route. Consultez votre boîte de réception.`
        : `If an account exists for ${email}, a reset link is on its way. Check your inbox.`,
    );
    await expect(button).not.toHaveAttribute("aria-busy");
  },
};

/**
 * PocketBase rejects an address the form let through (a field error on the email field), then,
 * corrected, answers that there were too many requests (a message for the whole form).
 */
export const ForgotPasswordRefused: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    request
      .mockResolvedValueOnce(
        refused(400, {
          message: invalidData,
          data: { email: { code: "validation_is_email", message: "Must be a valid email address." } },
        }),
      )
      .mockResolvedValueOnce(refused(429, { message: "Too Many Requests." }));
    await typeRefusedThenThrottledEmail(canvas, fr, email);
    await expect(request).toHaveBeenLastCalledWith(email);
    await expect(canvas.queryByRole("status")).toBeNull();
  },
};

const fillNewPassword = async (canvasElement: HTMLElement, fr: boolean) => {
  const canvas = within(canvasElement);
  await userEvent.type(
    canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"),
    "brand new secret",
  );
  await userEvent.type(
    canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
    "brand new secret{Enter}",
  );
};

/** The empty form, saving the new password with the link's token, then the way to log in. */
export const ResetPassword: Story = {
  parameters: { path: "/reset-password" },
  render: () => <ResetPasswordScreen token={token} reset={reset} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Choisissez un nouveau mot de passe" : "Choose a new password",
    );
    await expect(canvas.queryByRole("alert")).toBeNull();
    const answer = later();
    reset.mockReturnValueOnce(answer.promise);
    await fillNewPassword(canvasElement, fr);
    await waitFor(() =>
      expect(
        canvas.getByRole("button", {
          name: fr ? "Enregistrer le nouveau mot de passe" : "Save the new password",
        }),
      ).toHaveAttribute("aria-busy", "true"),
    );
    await expect(reset).toHaveBeenCalledWith(token, "brand new secret", "brand new secret");
    answer.resolve(ok(undefined));
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr
        ? "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter avec."
        : "Your password has been changed. You can now log in with it.",
    );
    await expect(canvas.getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      fr ? "/fr/login" : "/login",
    );
  },
};

/**
 * The service fails (a message for the whole form); sent again, the link turns out expired: the
 * token's field error becomes the message, with a way to ask for a new link.
 */
export const ResetPasswordRefused: Story = {
  parameters: { path: "/reset-password" },
  render: () => <ResetPasswordScreen token={token} reset={reset} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    reset.mockResolvedValueOnce(refused(503)).mockResolvedValueOnce(
      refused(400, {
        message: invalidData,
        data: { token: { code: "validation_invalid_token", message: "Invalid or expired token." } },
      }),
    );
    await fillNewPassword(canvasElement, fr);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Le service rencontre un problème. Réessayez dans quelques minutes."
        : "The service is having trouble. Please try again in a few minutes.",
    );
    await expect(
      canvas.queryByRole("link", { name: fr ? "Demander un nouveau lien" : "Ask for a new link" }),
    ).toBeNull();
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Enregistrer le nouveau mot de passe" : "Save the new password",
      }),
    );
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent(
        fr ? "Ce lien est invalide ou a expiré." : "This link is invalid or has expired.",
      ),
    );
    await expect(
      canvas.getByRole("link", { name: fr ? "Demander un nouveau lien" : "Ask for a new link" }),
    ).toHaveAttribute("href", fr ? "/fr/forgot-password" : "/forgot-password");
    await expect(reset).toHaveBeenCalledTimes(2);
  },
};

/** The empty form, confirming with the current password, then the way to log in again. */
export const ConfirmEmailChange: Story = {
  parameters: { path: "/confirm-email-change" },
  render: () => <ConfirmEmailChangeScreen token={token} confirm={confirm} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Confirmez votre nouvelle adresse e-mail" : "Confirm your new email address",
    );
    await expect(canvas.queryByRole("alert")).toBeNull();
    const answer = later<typeof newAddress>();
    confirm.mockReturnValueOnce(answer.promise);
    await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "my secret pass{Enter}");
    await waitFor(() =>
      expect(
        canvas.getByRole("button", { name: fr ? "Confirmer le changement" : "Confirm the change" }),
      ).toHaveAttribute("aria-busy", "true"),
    );
    await expect(confirm).toHaveBeenCalledWith(token, "my secret pass");
    answer.resolve(ok(newAddress));
    // Signed in again with the new address: the visitor goes on to their account.
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr
        ? "Votre adresse e-mail est désormais camille.new@example.com. Vous êtes toujours connecté."
        : "Your email address is now camille.new@example.com. You are still logged in.",
    );
    await expect(
      canvas.getByRole("link", { name: fr ? "Accéder à mon compte" : "Continue to my account" }),
    ).toHaveAttribute("href", fr ? "/fr/account" : "/account");
  },
};

/** The change went through but signing in again did not: why, and the login with the address filled in. */
export const ConfirmEmailChangeThenLogIn: Story = {
  parameters: { path: "/confirm-email-change" },
  render: () => <ConfirmEmailChangeScreen token={token} confirm={confirm} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    confirm.mockResolvedValueOnce(ok({ ...newAddress, signedIn: false }));
    await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "my secret pass{Enter}");
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr ? /met fin à toutes les sessions/ : /this ends every session/,
    );
    await expect(canvas.getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      `${fr ? "/fr" : ""}/login?email=camille.new%40example.com`,
    );
  },
};

/**
 * A wrong password (a field error: the field says so and takes focus); typed again, the server
 * cannot be reached (a message for the whole form).
 */
export const ConfirmEmailChangeRefused: Story = {
  parameters: { path: "/confirm-email-change" },
  render: () => <ConfirmEmailChangeScreen token={token} confirm={confirm} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    confirm
      .mockResolvedValueOnce(
        refused(400, {
          message: invalidData,
          data: {
            password: {
              code: "validation_invalid_password",
              message: "Missing or invalid auth record password.",
            },
          },
        }),
      )
      .mockResolvedValueOnce(refused(0));
    const field = canvas.getByLabelText(fr ? "Mot de passe" : "Password");
    await userEvent.type(field, "my old pass{Enter}");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    await expect(field).toHaveFocus();
    await expect(field).toHaveAccessibleDescription(
      fr ? "Votre mot de passe est incorrect." : "Your password is incorrect.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
    await userEvent.clear(field);
    await userEvent.type(field, "my secret pass{Enter}");
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent(
        fr
          ? "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez."
          : "Cannot reach the server. Check your connection and try again.",
      ),
    );
    await expect(field).not.toHaveAttribute("aria-invalid");
    await expect(confirm).toHaveBeenLastCalledWith(token, "my secret pass");
  },
};
