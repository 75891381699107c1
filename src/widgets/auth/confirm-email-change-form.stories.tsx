import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ConfirmEmailChangeForm } from "./confirm-email-change-form.tsx";

const meta = {
  title: "Auth/ConfirmEmailChangeForm",
  component: ConfirmEmailChangeForm,
  args: { onSubmit: fn(), status: "idle" },
  parameters: { path: "/confirm-email-change" },
  decorators: [
    (Story) => (
      <div className="flex justify-center p-6">
        <Story />
      </div>
    ),
  ],
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

export const WrongPassword: Story = {
  args: {
    status: "error",
    message: "An error occurred while validating the submitted data.",
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
  },
};

export const InvalidToken: Story = {
  args: {
    status: "error",
    errors: { token: { code: "validation_invalid_token", message: "Invalid or expired token." } },
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

export const Confirmed: Story = { args: { status: "success" } };
