import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useId } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Label } from "./label.tsx";
import { PasswordInput } from "./password-input.tsx";
import docs from "./password-input.docs.md?raw";

const meta = {
  title: "UI/PasswordInput",
  component: PasswordInput,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { autoComplete: "current-password" },
  argTypes: { disabled: { control: "boolean" }, "aria-invalid": { control: "boolean" } },
  render: function Render(args) {
    const id = useId();
    return (
      <div className="grid max-w-sm gap-2 p-6">
        <Label htmlFor={id}>
          <Trans>Password</Trans>
        </Label>
        <PasswordInput id={id} {...args} />
      </div>
    );
  },
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  args: { defaultValue: "correct horse battery" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(fr ? "Mot de passe" : "Password");
    await expect(input).toHaveAttribute("type", "password");
    await expect(canvas.getByRole("button")).toHaveAccessibleName(
      fr ? "Afficher le mot de passe" : "Show password",
    );
  },
};

/** The toggle reveals the text and its accessible name says what the next press does. */
export const Revealed: Story = {
  args: { defaultValue: "correct horse battery" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(fr ? "Mot de passe" : "Password");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Afficher le mot de passe" : "Show password" }),
    );
    await expect(input).toHaveAttribute("type", "text");
    const toggle = canvas.getByRole("button", { name: fr ? "Masquer le mot de passe" : "Hide password" });
    await expect(toggle).toHaveAttribute("aria-controls", input.id);
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Afficher le mot de passe" : "Show password" }),
    );
  },
};

export const Invalid: Story = { args: { defaultValue: "short", "aria-invalid": true } };

export const Disabled: Story = { args: { defaultValue: "secret", disabled: true } };
