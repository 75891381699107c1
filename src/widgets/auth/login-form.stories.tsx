import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import * as React from "react";
import { leaveLoginNotice } from "#src/auth/route-middleware.ts";
import { LoginForm } from "./login-form.tsx";
import type { FormStatus } from "#src/forms/use-form.ts";
import { centredCard } from "./story-decorators.tsx";
import docs from "./login-form.docs.md?raw";

type LoginFormProps = React.ComponentProps<typeof LoginForm>;

const meta = {
  title: "Auth/LoginForm",
  component: LoginForm,
  tags: ["autodocs"],
  args: { onSubmit: fn(), status: "idle" },
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: { docs: { description: { component: docs } }, path: "/login" },
  decorators: [centredCard],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const fr = (globals: Record<string, unknown>) => globals.locale === "fr";

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText(fr(globals) ? "E-mail" : "Email");
    const password = canvas.getByLabelText(fr(globals) ? "Mot de passe" : "Password");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await expect(
      canvas.getByRole("link", {
        name: fr(globals) ? "Mot de passe oublié\u202f?" : "Forgot your password?",
      }),
    ).toHaveAttribute("href", fr(globals) ? "/fr/forgot-password" : "/forgot-password");
    await userEvent.type(email, "camille.martin@example.com");
    await userEvent.type(password, "correct horse battery{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: "camille.martin@example.com",
      password: "correct horse battery",
    });
  },
};

/** Empty fields are caught before any request, with translated messages, and focus goes to the first. */
export const Required: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: fr(globals) ? "Se connecter" : "Log in" }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const email = canvas.getByLabelText(fr(globals) ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(
      fr(globals) ? "Ce champ est obligatoire." : "This field is required.",
    );
  },
};

export const Invalid: Story = {
  args: {
    status: "error",
    message: "An error occurred while validating the submitted data.",
    errors: {
      identity: { code: "validation_is_email", message: "Must be a valid email address." },
      password: { code: "validation_required", message: "Cannot be blank." },
    },
    defaultValues: { email: "camille@example" },
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText(fr(globals) ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription(
      fr(globals) ? "Saisissez une adresse e-mail valide." : "Enter a valid email address.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr(globals) ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
  },
};

export const Submitting: Story = {
  args: {
    status: "submitting",
    defaultValues: { email: "camille.martin@example.com", password: "secret-password" },
  },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: fr(globals) ? "Se connecter" : "Log in" });
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.type(canvas.getByLabelText(fr(globals) ? "Mot de passe" : "Password"), "{Enter}");
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * Sending from the keyboard, wired as the login page is: while the request runs, focus stays on
 * the submit button (a disabled button would drop it to the top of the page), then the answer's
 * error takes it.
 */
export const KeepsFocusWhileSending: Story = {
  render: function Render(args: LoginFormProps) {
    const [status, setStatus] = React.useState<FormStatus>("idle");
    return (
      <LoginForm
        {...args}
        status={status}
        message="Failed to authenticate."
        onSubmit={(values) => {
          args.onSubmit(values);
          setStatus("submitting");
          setTimeout(() => setStatus("error"), 400);
        }}
      />
    );
  },
  args: { defaultValues: { email: "camille.martin@example.com", password: "secret-password" } },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: fr(globals) ? "Se connecter" : "Log in" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent(
        fr(globals) ? "E-mail ou mot de passe incorrect." : "Incorrect email or password.",
      ),
    );
    await expect(button).toHaveFocus();
  },
};

export const Failed: Story = {
  args: { status: "error", message: "Login failed", defaultValues: { email: "camille.martin@example.com" } },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      fr(globals) ? "Échec de la connexion." : "Login failed.",
    );
  },
};

export const WrongPassword: Story = {
  args: {
    status: "error",
    message: "Failed to authenticate.",
    defaultValues: { email: "camille.martin@example.com" },
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile2", isRotated: false } },
  args: { status: "error", message: "Login failed" },
};

/** Right after "Log out" (anywhere), the login page says so, once, until a login fails. */
export const LoggedOut: Story = {
  beforeEach: () => leaveLoginNotice("logged-out"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr(globals) ? "Vous êtes déconnecté." : "You are logged out.",
    );
    // Said once: the notice is gone for the next visit of the page.
    await expect(sessionStorage.getItem("lumen:login-notice")).toBeNull();
  },
};

/** From sign-up's "account already exists": the address comes filled in from the link. */
export const EmailFromLink: Story = {
  parameters: { path: "/login?email=camille.martin%40example.com" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByLabelText(fr(globals) ? "E-mail" : "Email")).toHaveValue(
        "camille.martin@example.com",
      ),
    );
    await expect(canvas.getByLabelText(fr(globals) ? "Mot de passe" : "Password")).toHaveValue("");
    // Nothing left from a logout: no notice.
    await expect(canvasElement.querySelector('[data-slot="form-success"]')).toBeEmptyDOMElement();
  },
};
