import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { unverifiedUser } from "#src/auth/auth-fixtures.ts";
import { useEffect, useState } from "react";
import type { FormStatus } from "#src/forms/use-form.ts";
import { useCountdown } from "./use-countdown.ts";
import { VerifyEmail, type VerifyEmailProps } from "./verify-email.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./verify-email.docs.md?raw";

const meta = {
  title: "Auth/VerifyEmail",
  component: VerifyEmail,
  tags: ["autodocs"],
  args: { onResend: fn(), state: "pending", email: unverifiedUser.email, linkSent: true },
  argTypes: {
    state: { control: "select", options: ["pending", "confirming", "verified", "invalid", "unreachable"] },
    resendStatus: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: { docs: { description: { component: docs } }, path: "/verify-email", auth: "Unverified" },
  decorators: [centredCard],
} satisfies Meta<typeof VerifyEmail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just signed up (`linkSent`): the link is on its way; resending asks for nothing more. */
export const Pending: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(unverifiedUser.email)).toBeVisible();
    await userEvent.click(
      canvas.getByRole("button", {
        name: globals.locale === "fr" ? "Renvoyer le lien" : "Send the link again",
      }),
    );
    await expect(args.onResend).toHaveBeenCalledWith({ email: unverifiedUser.email });
  },
};

export const Confirming: Story = {
  args: { state: "confirming" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
  },
};

export const Verified: Story = {
  args: { state: "verified" },
  parameters: { auth: "SignedInTrial" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      within(canvasElement).getByRole("link", {
        name: fr ? "Accéder à mon compte" : "Continue to my account",
      }),
    ).toHaveAttribute("href", fr ? "/fr/account" : "/account");
  },
};

/** A rejected link, signed out: the visitor types the address to get a new link. */
export const InvalidToken: Story = {
  args: { state: "invalid", email: undefined },
  parameters: { auth: "SignedOut" },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "camille.martin@example.com{Enter}");
    await expect(args.onResend).toHaveBeenCalledWith({ email: "camille.martin@example.com" });
  },
};

export const Resending: Story = { args: { resendStatus: "submitting" } };

/** After a resend: the button waits out PocketBase's two-minute guard, showing the time left. */
export const ResendCooldown: Story = {
  args: { resendStatus: "success", resendCooldown: 95 },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", {
      name: globals.locale === "fr" ? "Renvoyer dans 1:35" : "Send again in 1:35",
    });
    // aria-disabled, not disabled: the button keeps keyboard focus while it waits.
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Un nouveau lien est en route." : "A new link is on its way.",
    );
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onResend).not.toHaveBeenCalled();
  },
};

export const ResendFailed: Story = {
  args: { resendStatus: "error", resendMessage: "Erreur lors du renvoi de l'email" },
};

/** Wired as a page would: resend starts the countdown, which ticks down and frees the button again. */
export const ResendCountdown: Story = {
  args: { onResend: fn() },
  render: function Render(args: VerifyEmailProps) {
    const [cooldown, start] = useCountdown();
    return (
      <VerifyEmail
        {...args}
        resendStatus={cooldown > 0 ? "success" : "idle"}
        resendCooldown={cooldown}
        onResend={(values) => {
          args.onResend(values);
          start(2);
        }}
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Renvoyer le lien" : "Send the link again" }),
    );
    await expect(args.onResend).toHaveBeenCalledTimes(1);
    const waiting = canvas.getByRole("button", { name: fr ? "Renvoyer dans 0:02" : "Send again in 0:02" });
    await expect(waiting).toHaveAttribute("aria-disabled", "true");
    await expect(waiting).toHaveFocus();
    await waitFor(
      () =>
        expect(
          canvas.getByRole("button", { name: fr ? "Renvoyer le lien" : "Send the link again" }),
        ).not.toHaveAttribute("aria-disabled"),
      {
        timeout: 4000,
      },
    );
  },
};

/**
 * Signed in, no link known to be on its way (the page opened from the menu, or an account the
 * operator made): the page does not claim one was sent, it offers to send one.
 */
export const LinkNotSent: Story = {
  args: { linkSent: false },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Vérifiez votre adresse e-mail" : "Verify your email address",
    );
    await expect(canvas.getByText(unverifiedUser.email)).toBeVisible();
    await expect(canvas.queryByText(fr ? /Nous (vous )?avons envoyé/ : /We sent/)).toBeNull();
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Envoyer le lien de vérification" : "Send the verification link",
      }),
    );
    await expect(args.onResend).toHaveBeenCalledWith({ email: unverifiedUser.email });
  },
};

/** The service could not be reached: not "invalid link", a retry instead. */
export const Unreachable: Story = {
  args: {
    state: "unreachable",
    email: undefined,
    problem: "Failed to fetch",
    onRetry: fn(),
  },
  parameters: { auth: "SignedOut" },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Nous n’avons pas pu vérifier votre lien" : "We couldn't check your link",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr
        ? "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez."
        : "We couldn't reach the server. Check your connection and try again.",
    );
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Réessayer" : "Try again" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/**
 * Signed out (or the session not checked yet): no address is known, so the page asks for it and
 * says nothing of any account, even with `linkSent`. Its answer is the same for every address.
 */
export const SignedOut: Story = {
  args: { email: undefined },
  parameters: { auth: "SignedOut" },
  render: function Render(args: VerifyEmailProps) {
    const [status, setStatus] = useState<FormStatus>("idle");
    return (
      <VerifyEmail
        {...args}
        resendStatus={status}
        onResend={(values) => {
          args.onResend(values);
          setStatus("success");
        }}
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Vérifiez votre adresse e-mail" : "Verify your email address",
    );
    await expect(canvas.queryByText(fr ? /Nous (vous )?avons envoyé/ : /We sent/)).toBeNull();
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "someone@example.com");
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Envoyer le lien de vérification" : "Send the verification link",
      }),
    );
    await expect(args.onResend).toHaveBeenCalledWith({ email: "someone@example.com" });
    await expect(canvas.getByRole("status")).toHaveTextContent(
      fr
        ? "Si someone@example.com est l’adresse d’un compte en attente de vérification, un lien est en route. Consultez votre boîte de réception."
        : "If someone@example.com belongs to an account waiting for verification, a link is on its way. Check your inbox.",
    );
  },
};

/**
 * The address arrives after the panel is shown (a reload: the session is checked once the page
 * is up): the button sends the link to it, though the form began without it.
 */
export const AddressKnownLater: Story = {
  args: { email: undefined },
  render: function Render(args: VerifyEmailProps) {
    const [email, setEmail] = useState<string | undefined>(undefined);
    useEffect(() => setEmail(unverifiedUser.email), []);
    return <VerifyEmail {...args} email={email} />;
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const button = await canvas.findByRole("button", {
      name: fr ? "Renvoyer le lien" : "Send the link again",
    });
    await expect(canvas.queryByLabelText(fr ? "E-mail" : "Email")).toBeNull();
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledWith({ email: unverifiedUser.email });
  },
};
