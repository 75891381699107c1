import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { trialUser } from "../../auth/auth-fixtures.ts";
import { PasswordChangeForm } from "./password-change-form.tsx";
import { accountFormStory } from "./story-decorators.tsx";

const meta = {
  title: "Auth/PasswordChangeForm",
  component: PasswordChangeForm,
  args: { onSubmit: fn(), status: "idle", email: trialUser.email },
  ...accountFormStory,
} satisfies Meta<typeof PasswordChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

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

/** Confirmation mismatch and a password over 71 characters are caught before sending. */
export const Mismatch: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByLabelText(fr ? "Mot de passe actuel" : "Current password"),
      "old secret pass",
    );
    await userEvent.type(canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"), "x".repeat(72));
    await userEvent.type(
      canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
      "y{Enter}",
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const next = canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password");
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveAccessibleDescription(/71/);
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
