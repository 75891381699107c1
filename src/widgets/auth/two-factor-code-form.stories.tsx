import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { codeStepExpired } from "#src/auth/sign-in-support.ts";
import { TwoFactorCodeForm } from "./two-factor-code-form.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./two-factor-code-form.docs.md?raw";

const meta = {
  title: "Auth/TwoFactorCodeForm",
  component: TwoFactorCodeForm,
  args: { onSubmit: fn(), onCancel: fn() },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
    headingLevel: { control: "inline-radio", options: [1, 2, 3] },
  },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof TwoFactorCodeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code from the app, on the phone's number pad. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText("Code");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await userEvent.type(field, "123456{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ code: "123456" });
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Se connecter avec un autre compte" : "Log in with another account",
      }),
    );
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** A lost phone: a recovery code instead. */
export const RecoveryCode: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Utiliser un code de secours" : "Use a recovery code" }),
    );
    const field = canvas.getByLabelText(fr ? "Code de secours" : "Recovery code");
    await expect(field).toHaveAttribute("inputmode", "text");
    await expect(
      canvas.getByRole("button", {
        name: fr ? "Utiliser un code de l’application" : "Use a code from the app",
      }),
    ).toBeVisible();
  },
};

/** Checking the code. */
export const Submitting: Story = { args: { status: "submitting" } };

/** A wrong code. */
export const WrongCode: Story = {
  args: {
    status: "error",
    message: {
      id: "story.wrong-code",
      message: "This code is not right, or it has expired. Try the newest code in your app.",
    },
  },
};

/** Too long since the password: the visitor starts again. */
export const Expired: Story = { args: { status: "error", message: codeStepExpired } };
