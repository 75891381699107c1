import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { trialUser } from "#src/auth/auth-fixtures.ts";
import { EmailChangeForm } from "./email-change-form.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./email-change-form.docs.md?raw";

const meta = {
  title: "Auth/EmailChangeForm",
  component: EmailChangeForm,
  args: { onSubmit: fn(), status: "idle", currentEmail: trialUser.email },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
    headingLevel: { control: "inline-radio", options: [1, 2, 3] },
  },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof EmailChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Explains the confirmation link, sends the new address, then says where to look. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(fr ? "Nouvelle adresse e-mail" : "New email address");
    await expect(input).toHaveAttribute("autocomplete", "email");
    await userEvent.type(input, "camille@example.org{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ newEmail: "camille@example.org" });
  },
};

export const Invalid: Story = {
  args: {
    status: "error",
    message: "An error occurred while validating the submitted data.",
    errors: { newEmail: { code: "validation_invalid_new_email", message: "Invalid new email address." } },
  },
  play: async ({ canvasElement, globals }) => {
    const input = within(canvasElement).getByLabelText(
      globals.locale === "fr" ? "Nouvelle adresse e-mail" : "New email address",
    );
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveAttribute("aria-invalid", "true");
  },
};

/** The current address again: PocketBase's "Must not be in list." never shows, a translated text does. */
export const SameAddress: Story = {
  args: {
    status: "error",
    message: "An error occurred while validating the submitted data.",
    errors: { newEmail: { code: "validation_not_in_invalid", message: "Must not be in list." } },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(fr ? "Nouvelle adresse e-mail" : "New email address");
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveAccessibleDescription(
      fr
        ? "C’est déjà votre adresse e-mail. Saisissez-en une autre."
        : "This is already your email address. Enter a different one.",
    );
    await expect(canvas.queryByText("Must not be in list.")).toBeNull();
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

export const LinkSent: Story = {
  args: { status: "success" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox"), "camille@example.org");
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr"
        ? "Consultez la boîte de réception de camille@example.org"
        : "Check your inbox at camille@example.org",
    );
  },
};
