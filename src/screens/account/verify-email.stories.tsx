import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { useEffect, useState } from "react";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import { authStates, unverifiedUser } from "#src/auth/auth-fixtures.ts";
import { StaticAuthProvider, type AuthState } from "#src/auth/auth-state.tsx";
import { VerifyEmailScreen } from "./verify-email.tsx";
import { refused, typeRefusedThenThrottledEmail } from "#src/auth/story-actions.ts";

const confirm = fn(async (_token: string) => ok(undefined));
const resend = fn(async (_email: string) => ok(undefined));

/** The token of the emailed link, which the route reads from `?token=`. */
const token = "Vk3pQ8sLw2Zt";

/**
 * The email verification page: right after sign-up (waiting for the link, with a resend button),
 * or opened from the link, whose token it checks at once.
 */
const meta = {
  title: "Screens/Account/VerifyEmail",
  component: VerifyEmailScreen,
  args: { token: null, confirm, resend },
  parameters: { path: "/verify-email", auth: "Unverified" },
} satisfies Meta<typeof VerifyEmailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the link: its token is being checked. */
export const Confirming: Story = {
  args: { token },
  beforeEach: () => {
    confirm.mockReturnValueOnce(new Promise(() => {}));
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Confirmation de votre adresse e-mail" : "Confirming your email address",
    );
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr ? "Vérification du lien…" : "Checking the link…",
    );
    await expect(confirm).toHaveBeenCalledTimes(1);
    await expect(confirm).toHaveBeenCalledWith(token);
  },
};

/** The token is accepted: the way on is the account page. */
export const Verified: Story = {
  args: { token },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Votre adresse e-mail est vérifiée" : "Your email address is verified",
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("link", { name: fr ? "Accéder à mon compte" : "Continue to my account" }),
    ).toHaveAttribute("href", fr ? "/fr/account" : "/account");
    await expect(confirm).toHaveBeenCalledTimes(1);
    await expect(confirm).toHaveBeenCalledWith(token);
  },
};

/**
 * The server cannot be reached: not "invalid link" (it may still be good) but the reason and a
 * retry, which checks the same token again.
 */
export const Unreachable: Story = {
  args: { token },
  beforeEach: () => {
    confirm.mockResolvedValueOnce(refused(0));
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Nous n’avons pas pu vérifier votre lien" : "We couldn't check your link",
      }),
    ).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr
        ? "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez."
        : "Cannot reach the server. Check your connection and try again.",
    );
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Réessayer" : "Try again" }));
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Votre adresse e-mail est vérifiée" : "Your email address is verified",
      }),
    ).toBeVisible();
    await expect(confirm).toHaveBeenCalledTimes(2);
    await expect(confirm).toHaveBeenLastCalledWith(token);
  },
};

/**
 * A rejected link, signed out: the visitor types an address for a new link. PocketBase rejects
 * it (a field error); corrected, it answers that there were too many requests (a message for the
 * whole form, and the button waits).
 */
export const InvalidLink: Story = {
  args: { token },
  // Refused as too many, the button counts down every second: a screenshot can never be stable.
  parameters: { auth: "SignedOut", screenshot: { disable: true } },
  beforeEach: () => {
    confirm.mockResolvedValueOnce(
      refused(400, { message: "Invalid or expired verification token.", data: {} }),
    );
    resend
      .mockResolvedValueOnce(
        refused(400, {
          message: "An error occurred while validating the submitted data.",
          data: { email: { code: "validation_is_email", message: "Must be a valid email address." } },
        }),
      )
      .mockResolvedValueOnce(refused(429, { message: "Too Many Requests." }));
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Ce lien ne fonctionne pas" : "This link doesn't work",
      }),
    ).toBeVisible();
    await typeRefusedThenThrottledEmail(canvas, fr, unverifiedUser.email);
    await expect(resend).toHaveBeenLastCalledWith(unverifiedUser.email);
  },
};

/**
 * Right after sign-up (`linkSent`, which the history entry keeps across a reload), waiting for the
 * link: resending shows the request running, then says a new link is on its way and waits out
 * PocketBase's cooldown.
 */
export const Resend: Story = {
  args: { linkSent: true },
  // The cooldown ticks every second: a screenshot can never be stable.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Consultez votre boîte de réception" : "Check your inbox",
    );
    await expect(canvas.getByText(unverifiedUser.email)).toBeVisible();
    await expect(confirm).not.toHaveBeenCalled();
    const answer = Promise.withResolvers<ActionResult>();
    resend.mockReturnValueOnce(answer.promise);
    const button = canvas.getByRole("button", { name: fr ? "Renvoyer le lien" : "Send the link again" });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    await expect(resend).toHaveBeenCalledTimes(1);
    await expect(resend).toHaveBeenCalledWith(unverifiedUser.email);
    answer.resolve(ok(undefined));
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr ? "Un nouveau lien est en route." : "A new link is on its way.",
    );
    // aria-disabled, not disabled: the button keeps keyboard focus while it waits.
    await expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/);
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toHaveFocus();
  },
};

/**
 * After a reload: the page is first drawn before the session is checked (no address yet), then
 * with it; "Send the link again" sends to the address the session names.
 */
export const AfterReload: Story = {
  args: { linkSent: true },
  // The cooldown ticks every second: a screenshot can never be stable.
  parameters: { screenshot: { disable: true } },
  render: function Render(args) {
    const [auth, setAuth] = useState<AuthState>(authStates.Loading);
    useEffect(() => setAuth(authStates.Unverified), []);
    return (
      <StaticAuthProvider state={auth}>
        <VerifyEmailScreen {...args} />
      </StaticAuthProvider>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Consultez votre boîte de réception" : "Check your inbox",
      }),
    ).toBeVisible();
    const button = canvas.getByRole("button", { name: fr ? "Renvoyer le lien" : "Send the link again" });
    await userEvent.click(button);
    await expect(resend).toHaveBeenCalledWith(unverifiedUser.email);
    await waitFor(() =>
      expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/),
    );
  },
};

/**
 * Signed in, opened from the menu or a bookmark: no link is known to be on its way (an account the
 * operator made was never sent one), so the page offers to send it, and the server's answer decides.
 */
export const NoLinkKnown: Story = {
  // The cooldown ticks every second: a screenshot can never be stable.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Vérifiez votre adresse e-mail" : "Verify your email address",
    );
    await expect(canvas.getByText(unverifiedUser.email)).toBeVisible();
    await expect(canvas.queryByText(fr ? /Nous (vous )?avons envoyé/ : /We sent/)).toBeNull();
    const button = canvas.getByRole("button", {
      name: fr ? "Envoyer le lien de vérification" : "Send the verification link",
    });
    await userEvent.click(button);
    await expect(resend).toHaveBeenCalledWith(unverifiedUser.email);
    await waitFor(() =>
      expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/),
    );
    await expect(button).toHaveAttribute("aria-disabled", "true");
  },
};

/** The server refuses one request too many (429): the button waits as after a sent link, and says why. */
export const Throttled: Story = {
  args: { linkSent: true },
  // The cooldown ticks every second: a screenshot can never be stable.
  parameters: { screenshot: { disable: true } },
  beforeEach: () => {
    resend.mockResolvedValueOnce(refused(429, { message: "Too Many Requests." }));
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: fr ? "Renvoyer le lien" : "Send the link again" });
    await userEvent.click(button);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Trop de tentatives. Patientez un instant puis réessayez."
        : "Too many attempts. Please wait a moment and try again.",
    );
    await expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/);
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(
      canvas.queryByText(fr ? "Un nouveau lien est en route." : "A new link is on its way."),
    ).toBeNull();
  },
};

/**
 * Signed out, with or without sign-up's history entry: the page asks for the address and answers
 * the same for every one, so it never tells whether an address has an account.
 */
export const SignedOut: Story = {
  args: { linkSent: true },
  parameters: { auth: "SignedOut" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Vérifiez votre adresse e-mail" : "Verify your email address",
    );
    await expect(canvas.queryByText(fr ? /Nous (vous )?avons envoyé/ : /We sent/)).toBeNull();
    await expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).toBeVisible();
  },
};
