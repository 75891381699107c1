import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { trialUser } from "#src/auth/auth-fixtures.ts";
import { PasswordChangeForm } from "./password-change-form.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./password-change-form.docs.md?raw";

const meta = {
  title: "Auth/PasswordChangeForm",
  component: PasswordChangeForm,
  args: { onSubmit: fn(), status: "idle", email: trialUser.email },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
    headingLevel: { control: "inline-radio", options: [1, 2, 3] },
  },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof PasswordChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types a current password, then `next` and its confirmation, and sends the form with Enter. */
async function sendPasswords(canvasElement: HTMLElement, fr: boolean, next: string, confirm: string) {
  const canvas = within(canvasElement);
  await userEvent.type(
    canvas.getByLabelText(fr ? "Mot de passe actuel" : "Current password"),
    "old secret pass",
  );
  await userEvent.type(canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"), next);
  await userEvent.type(
    canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
    `${confirm}{Enter}`,
  );
}

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const current = canvas.getByLabelText(fr ? "Mot de passe actuel" : "Current password");
    const next = canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password");
    const confirm = canvas.getByLabelText(
      fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password",
    );
    await expect(current).toHaveAttribute("autocomplete", "current-password");
    await expect(next).toHaveAttribute("autocomplete", "new-password");
    await expect(confirm).toHaveAttribute("autocomplete", "new-password");
    await userEvent.type(current, "old secret pass");
    await userEvent.type(next, "new secret pass");
    await userEvent.type(confirm, "new secret pass{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({
      oldPassword: "old secret pass",
      password: "new secret pass",
      passwordConfirm: "new secret pass",
    });
  },
};

/**
 * The hint says the rule people need; the upper limit shows only once exceeded. Each show/hide
 * button is named after its field, so none sounds like another.
 */
export const PasswordHintAndToggles: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"),
    ).toHaveAccessibleDescription(fr ? "Au moins 8\u00a0caractères." : "At least 8 characters.");
    const names = canvas
      .getAllByRole("button", { name: fr ? /^Afficher/ : /^Show/ })
      .map((button) => button.getAttribute("aria-label"));
    await expect(names).toEqual(
      fr
        ? [
            "Afficher le mot de passe actuel",
            "Afficher le nouveau mot de passe",
            "Afficher la confirmation du nouveau mot de passe",
          ]
        : ["Show current password", "Show new password", "Show new password confirmation"],
    );
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Afficher le nouveau mot de passe" : "Show new password" }),
    );
    await expect(canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password")).toHaveAttribute(
      "type",
      "text",
    );
    await expect(
      canvas.getByRole("button", { name: fr ? "Masquer le nouveau mot de passe" : "Hide new password" }),
    ).toBeVisible();
  },
};

/** Confirmation mismatch and a password over 71 characters are caught before sending. */
export const Mismatch: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await sendPasswords(canvasElement, fr, "x".repeat(72), "y");
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const next = canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password");
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveAccessibleDescription(
      fr
        ? "Au moins 8\u00a0caractères. Doit contenir au plus 71\u00a0caractères."
        : "At least 8 characters. Must be at most 71 characters.",
    );
    await expect(
      canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
    ).toHaveAttribute("aria-invalid", "true");
  },
};

export const WrongCurrentPassword: Story = {
  args: {
    status: "error",
    message: "Failed to update record.",
    errors: {
      oldPassword: { code: "validation_invalid_old_password", message: "Missing or invalid old password." },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const current = within(canvasElement).getByLabelText(fr ? "Mot de passe actuel" : "Current password");
    await waitFor(() => expect(current).toHaveFocus());
    await expect(current).toHaveAccessibleDescription(
      fr ? "Votre mot de passe actuel est incorrect." : "Your current password is incorrect.",
    );
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

export const Changed: Story = {
  args: { status: "success" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Votre mot de passe a été modifié." : "Your password has been changed.",
    );
    await expect(
      canvas.getByLabelText(globals.locale === "fr" ? "Mot de passe actuel" : "Current password"),
    ).toHaveValue("");
  },
};

/**
 * A password within 71 characters but over bcrypt's 72 bytes (accented letters and emoji take
 * two to four): the limit shows as the field's error, in words a visitor can act on.
 */
export const TooManyBytes: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const tooLong = "é".repeat(40);
    await sendPasswords(canvasElement, fr, tooLong, tooLong);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const next = within(canvasElement).getByLabelText(fr ? "Nouveau mot de passe" : "New password");
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveAccessibleDescription(
      fr
        ? "Au moins 8\u00a0caractères. Ce mot de passe est trop long (les lettres accentuées et les emoji prennent plus de place). Choisissez-en un plus court."
        : "At least 8 characters. This password is too long (accented letters and emoji take more room). Choose a shorter one.",
    );
  },
};
