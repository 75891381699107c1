import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./reset-password-form.docs.md?raw";

const meta = {
  title: "Auth/ResetPasswordForm",
  component: ResetPasswordForm,
  tags: ["autodocs"],
  args: { onSubmit: fn(), status: "idle" },
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: { docs: { description: { component: docs } }, path: "/reset-password" },
  decorators: [centredCard],
} satisfies Meta<typeof ResetPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"),
      "brand new secret",
    );
    await userEvent.type(
      canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
      "brand new secret{Enter}",
    );
    await expect(args.onSubmit).toHaveBeenCalledWith({
      password: "brand new secret",
      passwordConfirm: "brand new secret",
    });
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

/**
 * A used, expired or forged link: nothing typed could be saved, so the form gives way to the error
 * and the way to a new link.
 */
export const InvalidToken: Story = {
  args: {
    status: "error",
    message: "An error occurred while validating the submitted data.",
    errors: { token: { code: "validation_invalid_token", message: "Invalid or expired token." } },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Ce lien ne fonctionne pas" : "This link doesn't work",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Ce lien est invalide ou a expiré." : "This link is invalid or has expired.",
    );
    await expect(
      canvas.getByRole("link", { name: fr ? "Demander un nouveau lien" : "Ask for a new link" }),
    ).toHaveAttribute("href", fr ? "/fr/forgot-password" : "/forgot-password");
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(canvasElement.querySelector("input, form")).toBeNull();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const Done: Story = {
  args: { status: "success" },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByRole("link", { name: globals.locale === "fr" ? "Se connecter" : "Log in" }),
    ).toBeVisible();
  },
};
