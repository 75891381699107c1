import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ConfirmEmailChangeForm } from "./confirm-email-change-form.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./confirm-email-change-form.docs.md?raw";

const meta = {
  title: "Auth/ConfirmEmailChangeForm",
  component: ConfirmEmailChangeForm,
  tags: ["autodocs"],
  args: { onSubmit: fn(), status: "idle" },
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: { docs: { description: { component: docs } }, path: "/confirm-email-change" },
  decorators: [centredCard],
} satisfies Meta<typeof ConfirmEmailChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const password = within(canvasElement).getByLabelText(
      globals.locale === "fr" ? "Mot de passe" : "Password",
    );
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await userEvent.type(password, "my secret pass{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ password: "my secret pass" });
  },
};

/** A wrong password: the field says so and the banner agrees (never "Invalid verification token"). */
export const WrongPassword: Story = {
  args: {
    status: "error",
    message: "Token de vérification invalide",
    errors: {
      password: { code: "validation_invalid_password", message: "Missing or invalid auth record password." },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const password = within(canvasElement).getByLabelText(
      globals.locale === "fr" ? "Mot de passe" : "Password",
    );
    await waitFor(() => expect(password).toHaveFocus());
    await expect(password).toHaveAccessibleDescription(
      globals.locale === "fr" ? "Votre mot de passe est incorrect." : "Your password is incorrect.",
    );
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      globals.locale === "fr"
        ? "Certains champs demandent votre attention."
        : "Some fields need your attention.",
    );
  },
};

/**
 * A rejected link: the banner says so. The server also marks the password wrong (it had nothing to
 * check it against); that would be untrue, so the field stays clean.
 */
export const InvalidToken: Story = {
  args: {
    status: "error",
    message: "Token de vérification invalide",
    errors: {
      token: { code: "validation_invalid_token", message: "Invalid or expired token." },
      password: { code: "validation_invalid_password", message: "Missing or invalid auth record password." },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Ce lien est invalide ou a expiré." : "This link is invalid or has expired.",
    );
    await expect(canvas.getByLabelText(fr ? "Mot de passe" : "Password")).not.toHaveAttribute("aria-invalid");
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

/** Confirmed, and signed in again with the new address. */
export const Confirmed: Story = {
  args: { status: "success", changed: { email: "camille.new@example.com", signedIn: true } },
};

/** Confirmed, but signing in again failed: why, and the login with the new address filled in. */
export const ConfirmedLogInAgain: Story = {
  args: { status: "success", changed: { email: "camille.new@example.com", signedIn: false } },
};
