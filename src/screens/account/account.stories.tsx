import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "../../auth/action-result.ts";
import { activeSubscription, type AuthStateName } from "../../auth/auth-fixtures.ts";
import { leaveAccountNotice } from "../../auth/route-middleware.ts";
import { awaitingPayment } from "../../widgets/auth/story-decorators.tsx";
import { AccountScreen, type AccountActions } from "./account.tsx";

const actions: AccountActions = {
  updateName: fn(async () => ok(undefined)),
  requestEmailChange: fn(async () => ok(undefined)),
  changePassword: fn(async () => ok(undefined)),
  generateCredentials: fn(async () => ok(undefined)),
  resendVerification: fn(async () => ok(undefined)),
  billing: {
    loadMode: fn(async () => ok("stripe" as const)),
    checkout: fn(async () => ok("https://checkout.stripe.com/c/pay/cs_test_a1b2c3")),
    portal: fn(async () => ok("https://billing.stripe.com/p/session/test_YWNjdF8x")),
    loadSubscription: fn(async () => ok(activeSubscription)),
    refreshAccount: fn(async () => ok(undefined)),
  },
};

/** The account page in every account state (src/auth/auth-fixtures.ts), as the shell shows them. */
const meta = {
  title: "Screens/Account",
  component: AccountScreen,
  args: { actionsFor: () => actions, onLoggedOut: fn(), onLeave: fn() },
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
      await canvas.findByText(
        fr ? "Votre paiement n’est pas encore terminé." : "Your payment is not complete yet.",
      ),
    ).toBeVisible();
    await expect(await canvas.findAllByRole("button", { name: fr ? /^Payer/ : /^Pay / })).toHaveLength(2);
  },
};

/**
 * Signed up on the paid plan, but the payment could not start: the account exists, the page says
 * so and offers to pay again.
 */
export const CheckoutFailedAfterSignup: Story = {
  parameters: auth("SignedInPaid"),
  decorators: [awaitingPayment],
  beforeEach: () => {
    leaveAccountNotice("checkout-failed");
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const notice = canvas.getByText(
      fr
        ? "Votre compte est prêt, mais le paiement n’a pas pu démarrer. Réessayez ci-dessous."
        : "Your account is ready, but the payment could not start. Please try again below.",
    );
    await expect(notice).toBeVisible();
    // Announced at once, like a form's error.
    await expect(notice).toHaveAttribute("role", "alert");
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Payer au mois \(4,99\s€\/mois\)$/ : "Pay monthly (€4.99/month)",
      }),
    ).toBeVisible();
  },
};

/**
 * Back from Checkout (`/account?checkout=success&session_id=…`): the payment is confirmed once the
 * subscription has landed, and the page's address drops the query.
 */
export const BackFromCheckout: Story = {
  parameters: { ...auth("SignedInTrial"), path: "/account?checkout=success&session_id=cs_test_a1b2c3" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      await canvas.findByText(
        fr
          ? "Paiement confirmé : votre abonnement est actif."
          : "Payment confirmed: your subscription is active.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(fr ? "Renouvellement le 2 novembre 2026." : "Renews on November 2, 2026."),
    ).toBeVisible();
    await expect(actions.billing.refreshAccount).toHaveBeenCalled();
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
