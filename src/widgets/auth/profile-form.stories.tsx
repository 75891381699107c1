import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { trialUser } from "#src/auth/auth-fixtures.ts";
import { ProfileForm } from "./profile-form.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./profile-form.docs.md?raw";

const meta = {
  title: "Auth/ProfileForm",
  component: ProfileForm,
  args: { onSubmit: fn(), status: "idle", defaultValues: { name: trialUser.name } },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
    headingLevel: { control: "inline-radio", options: [1, 2, 3] },
  },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof ProfileForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const name = within(canvasElement).getByLabelText(globals.locale === "fr" ? "Nom" : "Name");
    await expect(name).toHaveAttribute("autocomplete", "name");
    await userEvent.clear(name);
    await userEvent.type(name, "Camille Durand{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: "Camille Durand" });
  },
};

export const Invalid: Story = {
  args: {
    status: "error",
    message: "Failed to update record.",
    errors: {
      name: {
        code: "validation_max_text_constraint",
        message: "Must be no more than 255 character(s).",
        params: { max: 255 },
      },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const name = within(canvasElement).getByLabelText(globals.locale === "fr" ? "Nom" : "Name");
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAccessibleDescription(
      globals.locale === "fr"
        ? "Doit contenir au plus 255\u00a0caractères."
        : "Must be at most 255 characters.",
    );
  },
};

export const Submitting: Story = { args: { status: "submitting" } };

export const Saved: Story = {
  args: { status: "success" },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Votre profil est enregistré." : "Your profile is saved.",
    );
  },
};

export const Offline: Story = { args: { status: "error", message: "Failed to fetch" } };
