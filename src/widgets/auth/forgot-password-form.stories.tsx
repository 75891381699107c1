import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./forgot-password-form.docs.md?raw";

const meta = {
  title: "Auth/ForgotPasswordForm",
  component: ForgotPasswordForm,
  tags: ["autodocs"],
  args: { onSubmit: fn(), status: "idle" },
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: { docs: { description: { component: docs } }, path: "/forgot-password" },
  decorators: [centredCard],
} satisfies Meta<typeof ForgotPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const email = within(canvasElement).getByLabelText(globals.locale === "fr" ? "E-mail" : "Email");
    await userEvent.type(email, "camille.martin@example.com{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: "camille.martin@example.com" });
  },
};

export const Invalid: Story = {
  args: { defaultValues: { email: "camille" } },
  play: async ({ args, canvasElement, globals }) => {
    const email = within(canvasElement).getByLabelText(globals.locale === "fr" ? "E-mail" : "Email");
    await userEvent.type(email, "{Enter}");
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    await expect(email).toHaveFocus();
  },
};

export const Submitting: Story = {
  args: { status: "submitting", defaultValues: { email: "camille.martin@example.com" } },
};

/** The same answer whether or not an account exists (PocketBase never says). */
export const Sent: Story = {
  args: { status: "success", defaultValues: { email: "camille.martin@example.com" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("camille.martin@example.com");
  },
};

export const RateLimited: Story = {
  args: {
    status: "error",
    message: "Too Many Requests.",
    defaultValues: { email: "camille.martin@example.com" },
  },
};

/** From sign-up's "account already exists": the address comes filled in from the link. */
export const EmailFromLink: Story = {
  parameters: { path: "/forgot-password?email=camille.martin%40example.com" },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText(globals.locale === "fr" ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveValue("camille.martin@example.com"));
    await userEvent.type(email, "{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: "camille.martin@example.com" });
  },
};
