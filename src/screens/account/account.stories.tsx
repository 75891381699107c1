import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import {
  activeSubscription,
  invoices,
  trialUser,
  withdrawalClosed,
  type AuthStateName,
} from "#src/auth/auth-fixtures.ts";
import { leaveAccountNotice } from "#src/auth/route-middleware.ts";
import { awaitingPayment } from "#src/widgets/auth/story-decorators.tsx";
import { refused } from "#src/auth/story-actions.ts";
import { AccountScreen } from "./account.tsx";
import type { AccountActions } from "./signed-in.tsx";
import docs from "./account.docs.md?raw";
import {
  laptopPasskey,
  phonePasskey,
  recoveryCodes,
  twoFactorOff,
  twoFactorSetup,
} from "#src/auth/auth-fixtures.ts";

const actions: AccountActions = {
  updateName: fn(async () => ok(undefined)),
  requestEmailChange: fn(async () => ok(undefined)),
  changePassword: fn(async () => ok(trialUser)),
  generateCredentials: fn(async () => ok(undefined)),
  resendVerification: fn(async () => ok(undefined)),
  billing: {
    loadMode: fn(async () =>
      ok({ mode: "stripe" as const, graceDays: 7, supportEmail: "help@lumen.example" }),
    ),
    checkout: fn(async () => ok("https://checkout.stripe.com/c/pay/cs_test_a1b2c3")),
    portal: fn(async () => ok("https://billing.stripe.com/p/session/test_YWNjdF8x")),
    resendInstructions: fn(async () => ok(undefined)),
    withdrawRequest: fn(async () => ok(undefined)),
    setRenewal: fn(async () => ok(undefined)),
    loadSubscription: fn(async () => ok(activeSubscription)),
    refreshAccount: fn(async () => ok(undefined)),
    loadReceipts: fn(async () => ok([])),
    downloadReceipt: fn(async () => ok(undefined)),
    loadInvoices: fn(async () => ok(invoices)),
    loadWithdrawal: fn(async () => ok(withdrawalClosed)),
    withdraw: fn(async () =>
      ok({ withdrawnAt: "2026-10-05 12:00:00.000Z", refund: 4.99, refundState: "refunded" as const }),
    ),
  },
  data: {
    setNewsletter: fn(async () => ok(undefined)),
    exportData: fn(async () => ok('{\n  "account": {}\n}\n')),
  },
  passkeys: {
    supported: true,
    list: fn(async () => ok([phonePasskey])),
    add: fn(async () => ok(laptopPasskey)),
    remove: fn(async () => ok(undefined)),
  },
  twoFactor: {
    load: fn(async () => ok(twoFactorOff)),
    setup: fn(async () => ok(twoFactorSetup)),
    confirm: fn(async () => ok(recoveryCodes)),
    turnOff: fn(async () => ok(undefined)),
    newRecoveryCodes: fn(async () => ok(recoveryCodes)),
  },
  identity: { confirm: fn(async () => ok(undefined)), twoFactorOn: fn(async () => false) },
  deleteAccount: fn(async () => ok(undefined)),
};

/** The account page in every account state (src/auth/auth-fixtures.ts), as the shell shows them. */
const meta = {
  title: "Screens/Account",
  component: AccountScreen,
  tags: ["autodocs"],
  args: { actionsFor: () => actions, onLoggedOut: fn(), onLeave: fn() },
  // The signed-in page's code loads on demand; here before each story, as the page loads it while
  // the session is checked.
  loaders: [() => import("./signed-in.tsx")],
  parameters: {
    docs: { description: { component: docs } },
    path: "/account",
    // Tall enough for the whole page: screenshots capture the viewport's height only.
    viewport: {
      options: {
        tall: { name: "Tall desktop", styles: { width: "1200px", height: "1700px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "tall", isRotated: false } },
} satisfies Meta<typeof AccountScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const auth = (name: AuthStateName) => ({ auth: name });

/**
 * The signed-in page, once it is there: its code loads on demand, and React shows it after the
 * placeholder has been up for a moment, even when the code is already loaded.
 */
async function signedInPage(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole("heading", { level: 1 }, { timeout: 5000 });
  return canvas;
}

export const Loading: Story = {
  parameters: auth("Loading"),
  play: async ({ canvasElement, globals }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent(
      globals.locale === "fr" ? "Chargement de votre compte" : "Loading your account",
    );
    // The placeholder has the blocks of the page that replaces it (a title, then nine cards in two
    // columns), so nothing under it moves when the account arrives.
    await expect(status.querySelectorAll(".grid > div > [data-slot=skeleton]")).toHaveLength(9);
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
    const canvas = await signedInPage(canvasElement);
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
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByText(fr ? "Offre payante, 4,99 € TTC par mois" : "Paid plan, €4.99 incl. VAT per month"),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? "Payant" : "Paid")).toBeVisible();
  },
};

/** A paid plan whose payment has not arrived: the same words as the header's badge. */
export const AwaitingPayment: Story = {
  parameters: auth("SignedInPaid"),
  decorators: [awaitingPayment],
  play: async ({ canvasElement, globals }) => {
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByText(fr ? "Paiement attendu" : "Awaiting payment")).toBeVisible();
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
    const canvas = await signedInPage(canvasElement);
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
        name: fr ? /^Payer au mois \(4,99\s€ TTC\/mois\)$/ : "Pay monthly (€4.99 incl. VAT/month)",
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
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      await canvas.findByText(
        fr ? "Paiement reçu : votre abonnement est actif." : "Payment received: your subscription is active.",
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
      (await signedInPage(canvasElement)).getByText(
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
    const canvas = await signedInPage(canvasElement);
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
    const canvas = await signedInPage(canvasElement);
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
      expect(
        canvas.getByRole("button", { name: fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/ }),
      ).toHaveAttribute("aria-disabled", "true"),
    );
  },
};

/** The server refuses one request too many (429): the banner's button waits all the same, and says why. */
export const ResendThrottled: Story = {
  // The countdown ticks every second: a screenshot can never be stable.
  parameters: { ...auth("Unverified"), screenshot: { disable: true } },
  beforeEach: () => {
    (actions.resendVerification as ReturnType<typeof fn>).mockResolvedValueOnce(
      refused(429, { message: "Too Many Requests." }),
    );
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Renvoyer l’e-mail" : "Resend the email" }),
    );
    await expect(
      await canvas.findByText(
        fr
          ? "Trop de tentatives. Patientez un instant puis réessayez."
          : "Too many attempts. Please wait a moment and try again.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/ }),
    ).toHaveAttribute("aria-disabled", "true");
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

/** The newsletter choice made at sign-up, changed in one click; the data download. */
export const YourData: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ canvasElement, globals }) => {
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    const box = canvas.getByRole("checkbox", {
      name: fr
        ? "Recevoir les nouveautés et astuces (au plus une fois par mois)"
        : "Send me product news and tips (at most once a month)",
    });
    // The fixture chose the newsletter at sign-up.
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(actions.data.setNewsletter).toHaveBeenCalledWith(false));
    await expect(box).not.toBeChecked();
    await expect(
      await canvas.findByText(
        fr
          ? /Enregistré.: vous ne recevrez pas la lettre d’information\./
          : "Saved: you will not receive the newsletter.",
      ),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Télécharger mes données" : "Download my data" }),
    );
    await waitFor(() => expect(actions.data.exportData).toHaveBeenCalled());
  },
};

/** Delete my account: the password and the tick, then the goodbye in place of the page. */
export const DeleteAccount: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ canvasElement, globals }) => {
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    const form = canvas.getByRole("form", { name: fr ? "Supprimer mon compte" : "Delete my account" });
    const submit = within(form).getByRole("button", {
      name: fr ? "Supprimer mon compte" : "Delete my account",
    });
    await userEvent.click(submit);
    // Nothing is sent without the password and the tick.
    await expect(actions.deleteAccount).not.toHaveBeenCalled();
    const tick = within(form).getByRole("checkbox", {
      name: fr
        ? "Je comprends que mon compte ne pourra pas être restauré"
        : "I understand that my account cannot be restored",
    });
    await expect(tick).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(
      within(form).getByLabelText(fr ? "Mot de passe actuel" : "Current password"),
      "correct horse 1",
    );
    await userEvent.click(tick);
    await userEvent.click(submit);
    await waitFor(() => expect(actions.deleteAccount).toHaveBeenCalledWith("correct horse 1"));
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Votre compte est supprimé" : "Your account is deleted",
      }),
    ).toBeVisible();
    await expect(canvas.getByText(/camille\.martin@example\.com/)).toBeVisible();
  },
};

/** A wrong password keeps the account, and says so at the field. */
export const DeleteAccountWrongPassword: Story = {
  parameters: auth("SignedInTrial"),
  args: {
    actionsFor: () => ({
      ...actions,
      deleteAccount: fn(async () =>
        refused(400, {
          message: "An error occurred while validating the submitted data.",
          data: { password: { code: "validation_invalid_password", message: "Invalid password." } },
        }),
      ),
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = await signedInPage(canvasElement);
    const fr = globals.locale === "fr";
    const form = canvas.getByRole("form", { name: fr ? "Supprimer mon compte" : "Delete my account" });
    const field = within(form).getByLabelText(fr ? "Mot de passe actuel" : "Current password");
    await userEvent.type(field, "not my password");
    await userEvent.click(within(form).getByRole("checkbox"));
    await userEvent.click(
      within(form).getByRole("button", { name: fr ? "Supprimer mon compte" : "Delete my account" }),
    );
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Votre compte" : "Your account",
    );
  },
};
