import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import { activeSubscription, awaitingPaymentUser, paidUser, trialUser } from "#src/auth/auth-fixtures.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { Subscription } from "#shared/billing.ts";
import { refused } from "#src/auth/story-actions.ts";
import { BillingCard, type BillingActions } from "./billing-card.tsx";
import docs from "./billing-card.docs.md?raw";

// Every state of the account page's plan card (src/auth/plan-status.ts), on the fixtures' clock
// (2026-10-05, src/auth/auth-fixtures.ts), with the API's answers faked.

const checkoutUrl = "https://checkout.stripe.com/c/pay/cs_test_a1b2c3";
const portalUrl = "https://billing.stripe.com/p/session/test_YWNjdF8x";

const actions = (fields: Partial<BillingActions> = {}): BillingActions => ({
  loadMode: fn(async () => ok("stripe" as const)),
  checkout: fn(async () => ok(checkoutUrl)),
  portal: fn(async () => ok(portalUrl)),
  resendInstructions: fn(async () => ok(undefined)),
  loadSubscription: fn(async () => ok(activeSubscription)),
  refreshAccount: fn(async () => ok(undefined)),
  ...fields,
});

const withSubscription = (fields: Partial<Subscription>, user: AuthUser = paidUser): AuthUser => ({
  ...user,
  expand: { subscriptions_via_user: { ...activeSubscription, ...fields } },
});

/** A trial that ended before the fixtures' day, with nothing paid since. */
const trialOverUser: AuthUser = { ...trialUser, trial_ends: "2026-09-28 09:14:00.000Z" };

const manual = () => fn(async () => ok("manual" as const));

const meta = {
  title: "Billing/BillingCard",
  component: BillingCard,
  tags: ["autodocs"],
  args: { user: trialUser, actions: actions(), onLeave: fn() },
  argTypes: {
    checkoutReturn: { control: "select", options: ["success", "canceled", "manual", "failed"] },
  },
  parameters: {
    docs: { description: { component: docs } },
    path: "/account",
    auth: "SignedInTrial",
    viewport: {
      options: { phone: { name: "Phone", styles: { width: "390px", height: "760px" }, type: "mobile" } },
    },
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BillingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>("[data-slot=billing-card]")!);

/** The billing mode has arrived: the placeholder of the buttons has gone. */
const modeLoaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector("[data-slot=skeleton]")).toBeNull());

/** The trial: its end and the days left; upgrading goes to Checkout, monthly or yearly. */
export const Trial: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent(fr ? "Offre" : "Plan");
    await expect(canvas.getByText(fr ? "Essai" : "Trial")).toBeVisible();
    await expect(
      canvas.getByText(
        fr ? "Votre essai gratuit se termine le 9 octobre 2026." : "Your free trial ends on October 9, 2026.",
      ),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? "Plus que 4 jours." : "4 days left.")).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Passer au mensuel \(4,99\s€\/mois\)$/ : "Upgrade monthly (€4.99/month)",
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", {
        name: fr ? /^Passer à l’annuel \(49,99\s€\/an\)$/ : "Upgrade yearly (€49.99/year)",
      }),
    ).toBeVisible();
  },
};

/** An account an operator made, without the sign-up form's affiliate code: the card says nothing of it. */
export const WithoutAffiliateCode: Story = {
  args: { user: { ...trialUser, affiliate_code: "" } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Essai" : "Trial")).toBeVisible();
    const affiliate = fr ? /Code d’affiliation|programme de parrainage/ : /Affiliate code|referral programme/;
    await expect(canvas.queryAllByText(affiliate)).toHaveLength(0);
  },
};

/** Upgrading: Checkout's URL is asked for, then the browser goes there, the button busy meanwhile. */
export const LeavingForCheckout: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const yearly = await canvas.findByRole("button", { name: fr ? /^Passer à l’annuel/ : /^Upgrade yearly/ });
    await userEvent.click(yearly);
    await expect(args.actions.checkout).toHaveBeenCalledWith("year");
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledWith(checkoutUrl));
    // The browser is on its way to Checkout: the button says so, and the other one waits.
    await expect(yearly).toHaveAttribute("aria-busy", "true");
    await expect(
      canvas.getByRole("button", { name: fr ? /^Passer au mensuel/ : /^Upgrade monthly/ }),
    ).toHaveAttribute("aria-disabled", "true");
  },
};

/** A Stripe subscription that renews; its billing is managed in Stripe's portal. */
export const ActiveRenewing: Story = {
  args: { user: paidUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Payant" : "Paid")).toBeVisible();
    await expect(
      canvas.getByText(fr ? /^Offre payante, 4,99\s€ par mois$/ : "Paid plan, €4.99 per month"),
    ).toBeVisible();
    await expect(
      canvas.getByText(fr ? "Renouvellement le 2 novembre 2026." : "Renews on November 2, 2026."),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
    await expect(canvas.getAllByRole("button")).toHaveLength(1);
  },
};

/** Cancelled at the period's end: it says when it ends; the portal can still renew it. */
export const ActiveCancelling: Story = {
  args: { user: withSubscription({ cancel_at_period_end: true, interval: "year" }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? /^Offre payante, 49,99\s€ par an$/ : "Paid plan, €49.99 per year"),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Se termine le 2 novembre 2026 : il ne sera pas renouvelé."
          : "Ends on November 2, 2026: it will not renew.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
  },
};

/** Manual mode: the operator recorded a payment; it lasts until its date, with no portal. */
export const PaidUntil: Story = {
  args: {
    user: withSubscription({
      customer: "",
      subscription: "",
      current_period_end: "2027-10-01 23:59:59.999Z",
    }),
    actions: actions({ loadMode: manual() }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? "Payé jusqu’au 1 octobre 2027." : "Paid until October 1, 2027."),
    ).toBeVisible();
    await expect(args.actions.loadMode).toHaveBeenCalled();
    await modeLoaded(canvasElement);
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** A renewal failed: a warning, and the way to a new card (access goes on while Stripe retries). */
export const PastDue: Story = {
  args: { user: withSubscription({ status: "past_due" }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Paiement échoué" : "Payment failed")).toBeVisible();
    await expect(
      canvas.getByText(fr ? /^Votre dernier paiement a échoué\./ : /^Your last payment failed\./),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? "Mettre à jour le moyen de paiement" : "Update payment method",
      }),
    ).toBeVisible();
  },
};

/** A new card is entered in Stripe's Billing Portal: its URL is asked for, then the browser goes. */
export const LeavingForPortal: Story = {
  args: { user: withSubscription({ status: "past_due" }) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const button = await card(canvasElement).findByRole("button", {
      name: fr ? "Mettre à jour le moyen de paiement" : "Update payment method",
    });
    await userEvent.click(button);
    await expect(args.actions.portal).toHaveBeenCalled();
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledWith(portalUrl));
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

/** The subscription ended (cancelled, its period over): subscribe again, monthly or yearly. */
export const Canceled: Story = {
  args: {
    user: withSubscription(
      { status: "canceled", current_period_end: "2026-10-02 09:20:00.000Z" },
      { ...paidUser, plan: "free", trial_ends: "2026-08-21 18:40:00.000Z" },
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Terminé" : "Ended")).toBeVisible();
    await expect(
      canvas.getByText(
        fr ? "Votre abonnement a pris fin le 2 octobre 2026." : "Your subscription ended on October 2, 2026.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Se réabonner au mois \(4,99\s€\/mois\)$/ : "Resubscribe monthly (€4.99/month)",
      }),
    ).toBeVisible();
  },
};

/** The trial ended with no subscription: the credentials are paused until one. */
export const TrialOver: Story = {
  args: { user: trialOverUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(
        fr
          ? "Votre essai gratuit a pris fin le 28 septembre 2026."
          : "Your free trial ended on September 28, 2026.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Se réabonner à l’année \(49,99\s€\/an\)$/ : "Resubscribe yearly (€49.99/year)",
      }),
    ).toBeVisible();
  },
};

/** Manual mode, the paid plan chosen: the payment instructions, as the email words them. */
export const AwaitingPayment: Story = {
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? "Payant (en attente de paiement)" : "Paid (awaiting payment)"),
    ).toBeVisible();
    const instructions = await within(canvasElement).findByRole("heading", {
      level: 3,
      name: fr ? "Comment payer" : "How to pay",
    });
    const section = instructions.closest("section")!;
    await expect(section).toHaveTextContent(
      fr
        ? /Réglez 49,99\s€ pour un an par virement .* avec la référence camille\.martin@example\.com/
        : /Pay €49\.99 for one year by bank transfer .* with the reference camille\.martin@example\.com/,
    );
    await expect(
      canvas.getByText(
        fr
          ? "Votre essai gratuit continue jusqu’au 9 octobre 2026 en attendant."
          : "Your free trial goes on until October 9, 2026 meanwhile.",
      ),
    ).toBeVisible();
    await modeLoaded(canvasElement);
    // Paying goes by the instructions: the one button emails them again.
    await expect(canvas.getByRole("button")).toHaveAccessibleName(
      fr ? "Renvoyer les instructions par e-mail" : "Email the instructions again",
    );
  },
};

/**
 * Manual mode: the instructions emailed again, then a wait before the next request (the server
 * sends them once every 2 minutes at most).
 */
export const InstructionsSentAgain: Story = {
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  // The countdown ticks every second: a screenshot can never be stable.
  parameters: { screenshot: { disable: true } },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const button = await canvas.findByRole("button", {
      name: fr ? "Renvoyer les instructions par e-mail" : "Email the instructions again",
    });
    await userEvent.click(button);
    await expect(args.actions.resendInstructions).toHaveBeenCalledOnce();
    await expect(
      await canvas.findByText(
        fr
          ? "Les instructions sont en route vers votre boîte de réception."
          : "The instructions are on their way to your inbox.",
      ),
    ).toBeVisible();
    // aria-disabled, not disabled: the button keeps keyboard focus while it waits.
    await expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d+\ss$/ : /^Resend in \d+\ss$/);
    await expect(button).toHaveAttribute("aria-disabled", "true");
  },
};

/** Stripe mode, the paid plan chosen but Checkout left unfinished: pay again, either way. */
export const AwaitingPaymentCheckout: Story = {
  args: { user: awaitingPaymentUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      await canvas.findByText(
        fr ? "Votre paiement n’est pas encore terminé." : "Your payment is not complete yet.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Payer à l’année \(49,99\s€\/an\)$/ : "Pay yearly (€49.99/year)",
      }),
    ).toBeVisible();
    await expect(canvas.getByRole("button", { name: fr ? /^Payer au mois/ : /^Pay monthly/ })).toBeVisible();
  },
};

/** Back from Checkout, the webhook not in yet: the page waits for it, offering nothing to pay. */
export const ConfirmingPayment: Story = {
  args: {
    checkoutReturn: "success",
    actions: actions({ loadSubscription: fn(() => new Promise<never>(() => {})) }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? "Confirmation de votre paiement…" : "Confirming your payment…"),
    ).toBeVisible();
    await expect(args.actions.loadSubscription).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Back from Checkout, the subscription lands: the card turns active, and the session follows. */
export const PaymentConfirmed: Story = {
  args: { checkoutReturn: "success" },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
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
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
  },
};

/** Back from Checkout, the subscription never lands while the page asks: it says what comes next. */
export const PaymentStillConfirming: Story = {
  args: {
    checkoutReturn: "success",
    actions: actions({ loadSubscription: fn(async () => ok(null)) }),
    confirmPolling: { intervalMs: 1, attempts: 3 },
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      await canvas.findByText(
        fr
          ? "Votre paiement est en cours de confirmation. Cela peut prendre quelques minutes : nous vous écrirons dès que ce sera fait."
          : "Your payment is being confirmed. This can take a few minutes: we will email you as soon as it is done.",
      ),
    ).toBeVisible();
    await expect(args.actions.loadSubscription).toHaveBeenCalledTimes(3);
    await expect(args.actions.refreshAccount).not.toHaveBeenCalled();
  },
};

/** Back from a cancelled Checkout: nothing was charged, and the trial's buttons are there again. */
export const CheckoutCanceled: Story = {
  args: { checkoutReturn: "canceled" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(
        fr ? "Paiement annulé : rien n’a été débité." : "Payment canceled: nothing was charged.",
      ),
    ).toBeVisible();
    await expect(await canvas.findAllByRole("button", { name: /Upgrade|Passer/ })).toHaveLength(2);
  },
};

/** Manual mode, the paid plan just chosen: the instructions were emailed, and are shown below. */
export const InstructionsEmailed: Story = {
  args: { user: awaitingPaymentUser, checkoutReturn: "manual", actions: actions({ loadMode: manual() }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(
        fr
          ? "Nous vous avons envoyé les instructions de paiement par e-mail. Vous les retrouvez aussi ci-dessous."
          : "We have emailed you the payment instructions. You will find them below too.",
      ),
    ).toBeVisible();
    await expect(await canvas.findByRole("heading", { level: 3 })).toBeVisible();
  },
};

/** The server could not start Checkout: the card says so and the buttons work again. */
export const CheckoutFailed: Story = {
  args: { actions: actions({ checkout: fn(async () => refused(503, { message: "Service Unavailable." })) }) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const monthly = await canvas.findByRole("button", {
      name: fr ? /^Passer au mensuel/ : /^Upgrade monthly/,
    });
    await userEvent.click(monthly);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Le service rencontre un problème. Réessayez dans quelques minutes."
        : "The service is having trouble. Please try again in a few minutes.",
    );
    await expect(args.onLeave).not.toHaveBeenCalled();
    await expect(monthly).not.toHaveAttribute("aria-busy");
  },
};

/** On a phone: the buttons stack at full width, their French words whole. */
export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const buttons = await card(canvasElement).findAllByRole("button");
    await expect(buttons).toHaveLength(2);
    const width = canvasElement.ownerDocument.documentElement.clientWidth;
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(width);
      await expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
    }
  },
};
