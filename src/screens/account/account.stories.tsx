import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "../../auth/action-result.ts";
import type { AuthStateName } from "../../auth/auth-fixtures.ts";
import { leaveAccountNotice } from "../../auth/route-middleware.ts";
import { awaitingPayment } from "../../widgets/auth/story-decorators.tsx";
import { AccountScreen, type AccountActions } from "./account.tsx";

const actions: AccountActions = {
  updateName: fn(async () => ok(undefined)),
  requestEmailChange: fn(async () => ok(undefined)),
  changePassword: fn(async () => ok(undefined)),
  generateCredentials: fn(async () => ok(undefined)),
  resendVerification: fn(async () => ok(undefined)),
};

/** The account page in every account state (src/auth/auth-fixtures.ts), as the shell shows them. */
const meta = {
  title: "Screens/Account",
  component: AccountScreen,
  args: { actionsFor: () => actions, onLoggedOut: fn() },
  parameters: {
    path: "/account",
    // Tall enough for the whole page: screenshots capture the viewport's height only.
    viewport: {
      options: {
        tall: { name: "Tall desktop", styles: { width: "1200px", height: "1500px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "tall", isRotated: false } },
} satisfies Meta<typeof AccountScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const auth = (name: AuthStateName) => ({ auth: name });

export const Loading: Story = {
  parameters: auth("Loading"),
  play: async ({ canvasElement, globals }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent(
      globals.locale === "fr" ? "Chargement de votre compte" : "Loading your account",
    );
    // The placeholder has the blocks of the page that replaces it (a title, then five cards in two
    // columns), so nothing under it moves when the account arrives.
    await expect(status.querySelectorAll(".grid > div > [data-slot=skeleton]")).toHaveLength(5);
    await expect(status.getBoundingClientRect().height).toBeGreaterThan(1000);
  },
};

export const SignedOut: Story = {
  parameters: auth("SignedOut"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      within(canvasElement).getByRole("link", { name: fr ? "Se connecter" : "Log in" }),
    ).toHaveAttribute("href", fr ? "/fr/login" : "/login");
  },
};

export const SignedIn: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Votre compte" : "Your account",
    );
    await expect(canvas.getByText("AFF-7Q2K9D4M")).toBeVisible();
    await expect(
      canvas.getByText(
        (_, node) => node?.tagName === "CODE" && node.textContent === "camillemartin_x7k2@lumen.stream",
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se déconnecter" : "Log out" }));
    await expect(args.onLoggedOut).toHaveBeenCalled();
  },
};

export const SignedInPaid: Story = {
  parameters: auth("SignedInPaid"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByText(fr ? "Offre payante, 4,99 € par mois" : "Paid plan, €4.99 per month"),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? "Payant" : "Paid")).toBeVisible();
  },
};

/** A paid plan whose payment has not arrived: the same words as the header's badge. */
export const AwaitingPayment: Story = {
  parameters: auth("SignedInPaid"),
  decorators: [awaitingPayment],
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByText(fr ? "Payant (en attente de paiement)" : "Paid (awaiting payment)"),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Nous vous enverrons les instructions de paiement par e-mail."
          : "We will email you the payment instructions.",
      ),
    ).toBeVisible();
  },
};

/** A user who is not an administrator, sent here from /admin: the page says why. */
export const AdminOnlyNotice: Story = {
  parameters: auth("SignedInTrial"),
  beforeEach: () => {
    leaveAccountNotice("admin-only");
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      // getByText reads the no-break space before the colon as a plain space.
      within(canvasElement).getByText(
        fr
          ? "La page d’administration est réservée aux administrateurs : vous voici donc sur votre compte."
          : "The administration page is for administrators only, so you are on your account instead.",
      ),
    ).toBeVisible();
  },
};

export const Unverified: Story = {
  parameters: auth("Unverified"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByRole("button", { name: fr ? "Renvoyer l’e-mail" : "Resend the email" }),
    ).toBeEnabled();
    await expect(canvas.getByText(fr ? "Générer mes identifiants" : "Generate my credentials")).toBeVisible();
  },
};

export const ResendCooldown: Story = {
  // The countdown ticks every second: a screenshot can never be stable.
  parameters: { ...auth("Unverified"), screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Renvoyer l’e-mail" : "Resend the email" }),
    );
    await waitFor(() =>
      expect(actions.resendVerification).toHaveBeenCalledWith("camille.martin@example.com"),
    );
    // A cooldown stops a second request straight away.
    // aria-disabled, not disabled: the button keeps keyboard focus while it waits.
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: fr ? /Renvoyer dans/ : /Resend in/ })).toHaveAttribute(
        "aria-disabled",
        "true",
      ),
    );
  },
};

export const AuthError: Story = {
  parameters: auth("AuthError"),
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? "Votre compte est indisponible" : "Your account is unavailable",
    );
  },
};
