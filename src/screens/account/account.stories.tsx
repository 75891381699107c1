import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "../../auth/action-result.ts";
import type { AuthStateName } from "../../auth/auth-states.ts";
import { AccountScreen, type AccountActions } from "./account.tsx";

const actions: AccountActions = {
  updateName: fn(async () => ok(undefined)),
  requestEmailChange: fn(async () => ok(undefined)),
  changePassword: fn(async () => ok(undefined)),
  generateCredentials: fn(async () => ok(undefined)),
  resendVerification: fn(async () => ok(undefined)),
};

/** The account page in every account state (src/auth/auth-states.ts), as the shell shows them. */
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
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Chargement de votre compte" : "Loading your account",
    );
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
    await expect(canvas.getByText(fr ? "Actif" : "Active")).toBeVisible();
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
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: fr ? /Renvoyer dans/ : /Resend in/ })).toBeDisabled(),
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
