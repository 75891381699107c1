import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import {
  activeSubscription,
  awaitingPaymentUser,
  noTrialUser,
  paidUser,
  pastDueSubscription,
  scheduledUser,
  trialingSubscription,
  trialUser,
  unverifiedUser,
  invoices,
  withdrawalClosed,
  withdrawalOpen,
  withdrawalOpenStartedAtOnce,
} from "#src/auth/auth-fixtures.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { Subscription } from "#shared/billing.ts";
import { refused } from "#src/auth/story-actions.ts";
import { subscriptionOf } from "#src/auth/plan-status.ts";
import type { ReceiptItem } from "#src/auth/billing.ts";
import { BillingCard, type BillingActions, type BillingCardProps } from "./billing-card.tsx";
import docs from "./billing-card.docs.md?raw";

// Every state of the account page's plan card (src/auth/plan-status.ts), on the fixtures' clock
// (2026-10-05, src/auth/auth-fixtures.ts), with the API's answers faked.

const checkoutUrl = "https://checkout.stripe.com/c/pay/cs_test_a1b2c3";
const portalUrl = "https://billing.stripe.com/p/session/test_YWNjdF8x";

const actions = (fields: Partial<BillingActions> = {}): BillingActions => ({
  loadMode: fn(async () => ok({ mode: "stripe" as const, graceDays: 7, supportEmail: "help@lumen.example" })),
  checkout: fn(async () => ok(checkoutUrl)),
  portal: fn(async () => ok(portalUrl)),
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
  ...fields,
});

/** Manual mode: the receipts of two payments the operator recorded. */
const receipts: ReceiptItem[] = [
  {
    number: 27,
    interval: "month",
    amount: 4.99,
    currency: "EUR",
    periodStart: "2026-10-01 23:59:59.999Z",
    periodEnd: "2027-10-01 23:59:59.999Z",
    issued: "2026-09-30 10:12:00.000Z",
  },
  {
    number: 12,
    interval: "month",
    amount: 4.99,
    currency: "EUR",
    periodStart: "2026-09-01 08:30:00.000Z",
    periodEnd: "2026-10-01 23:59:59.999Z",
    issued: "2026-09-01 08:30:00.000Z",
  },
];

const withSubscription = (fields: Partial<Subscription>, user: AuthUser = paidUser): AuthUser => ({
  ...user,
  expand: { subscriptions_via_user: { ...activeSubscription, ...fields } },
});

/** A trial that ended before the fixtures' day, with nothing paid since. */
const trialOverUser: AuthUser = { ...trialUser, trial_ends: "2026-09-28 09:14:00.000Z" };

const manual = () =>
  fn(async () => ok({ mode: "manual" as const, graceDays: 7, supportEmail: "help@lumen.example" }));

/** Manual mode: the paid plan chosen monthly, nothing paid yet. */
const monthlyRequestUser: AuthUser = {
  ...awaitingPaymentUser,
  is_monthly: true,
  price: 4.99,
  expand: {
    ...awaitingPaymentUser.expand,
    subscriptions_via_user: { ...subscriptionOf(awaitingPaymentUser)!, interval: "month" },
  },
};

/** Manual mode: a payment the operator recorded, until October 1, 2027. */
const paidUntilUser = withSubscription({
  customer: "",
  subscription: "",
  current_period_end: "2027-10-01 23:59:59.999Z",
});

/**
 * The card as the page holds it: after a change, `refreshAccount` (still the story's spy) brings
 * the account as the server then has it, `after`.
 */
const refreshingTo = (after: AuthUser) =>
  function Render(args: BillingCardProps) {
    const [user, setUser] = React.useState(args.user);
    const actions = React.useMemo<BillingActions>(
      () => ({
        ...args.actions,
        refreshAccount: async () => {
          const result = await args.actions.refreshAccount();
          setUser(after);
          return result;
        },
      }),
      [args.actions],
    );
    return <BillingCard {...args} user={user} actions={actions} />;
  };

/** The confirmation dialog, open (it renders outside the card). */
const openDialog = async (canvasElement: HTMLElement, trigger: HTMLElement, name: string | RegExp) => {
  await userEvent.click(trigger);
  return within(canvasElement.ownerDocument.body).findByRole("alertdialog", { name });
};

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
        name: fr ? /^Passer au mensuel \(4,99\s€ TTC\/mois\)$/ : "Upgrade monthly (€4.99 incl. VAT/month)",
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", {
        name: fr ? /^Passer à l’annuel \(49,99\s€ TTC\/an\)$/ : "Upgrade yearly (€49.99 incl. VAT/year)",
      }),
    ).toBeVisible();
  },
};

/** The trial, the address not verified yet: streaming waits for it, the days still count. */
export const TrialUnverified: Story = {
  args: { user: unverifiedUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Essai" : "Trial")).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Vérifiez votre adresse e-mail pour commencer à regarder. Votre essai gratuit se termine le 9 octobre 2026."
          : "Verify your email address to start streaming. Your free trial ends on October 9, 2026.",
      ),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? "Plus que 4 jours." : "4 days left.")).toBeVisible();
    await expect(await canvas.findAllByRole("button", { name: /Upgrade|Passer/ })).toHaveLength(2);
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

/**
 * Upgrading: the order step first (plan, price with VAT, renewal, first payment on the trial's
 * last day, the right of withdrawal, the unticked "start at once" box, the terms of sale), then
 * "Subscribe and pay" asks for Checkout's URL and the browser goes there, the button busy meanwhile.
 */
export const LeavingForCheckout: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? /^Passer à l’annuel/ : /^Upgrade yearly/ }),
    );
    const order = within(await canvas.findByRole("region", { name: fr ? "Votre commande" : "Your order" }));
    await expect(order.getByText(fr ? /^49,99\s€ TTC par an$/ : "€49.99 incl. VAT per year")).toBeVisible();
    await expect(
      order.getByText(
        fr
          ? /^Le 9 octobre 2026, à la fin de votre essai gratuit\. Rien n’est prélevé avant\.$/
          : "On October 9, 2026, when your free trial ends. Nothing is charged before.",
      ),
    ).toBeVisible();
    const startNow = order.getByRole("checkbox", { name: fr ? /^Démarrer tout de suite/ : /^Start at once/ });
    await expect(startNow).not.toBeChecked();
    await expect(
      order.getByRole("link", { name: fr ? "conditions générales de vente" : "terms of sale" }),
    ).toHaveAttribute("href", fr ? "/fr/cgv" : "/cgv");
    await expect(args.actions.checkout).not.toHaveBeenCalled();
    const pay = canvas.getByRole("button", {
      name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
    });
    await userEvent.click(pay);
    await expect(args.actions.checkout).toHaveBeenCalledWith("year", false);
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledWith(checkoutUrl));
    // The browser is on its way to Checkout: the button says so, and "Back" waits.
    await expect(pay).toHaveAttribute("aria-busy", "true");
    await expect(canvas.getByRole("button", { name: fr ? "Retour" : "Back" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  },
};

/** The order step with "start at once" ticked: the choice goes with the order. */
export const OrderStartingAtOnce: Story = {
  args: { user: { ...trialUser, trial_ends: "2026-10-06 09:14:00.000Z" } },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? /^Passer au mensuel/ : /^Upgrade monthly/ }),
    );
    const order = within(await canvas.findByRole("region", { name: fr ? "Votre commande" : "Your order" }));
    // Less than two days of trial left: the first payment is at once.
    await expect(order.getByText(fr ? "Aujourd’hui." : "Today.")).toBeVisible();
    await userEvent.click(
      order.getByRole("checkbox", { name: fr ? /^Démarrer tout de suite/ : /^Start at once/ }),
    );
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
      }),
    );
    await expect(args.actions.checkout).toHaveBeenCalledWith("month", true);
  },
};

/** Manual mode's order step: the first payment is the one the emailed instructions ask for. */
export const OrderManual: Story = {
  args: { actions: actions({ loadMode: manual() }) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? /^Passer au mensuel/ : /^Upgrade monthly/ }),
    );
    const order = within(await canvas.findByRole("region", { name: fr ? "Votre commande" : "Your order" }));
    await expect(
      order.getByText(fr ? /^Lorsque vous payez/ : /^When you pay as the emailed instructions say/),
    ).toBeVisible();
    // "Back" leaves the order step with nothing asked.
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Retour" : "Back" }));
    await expect(canvas.queryByRole("region", { name: fr ? "Votre commande" : "Your order" })).toBeNull();
    await expect(args.actions.checkout).not.toHaveBeenCalled();
  },
};

/**
 * Within 14 days of a paid start: "Withdraw from contract here", then the confirmation step (who,
 * which contract, where the acknowledgement goes), then "Confirm withdrawal" and the acknowledgement
 * on screen with its date and time.
 */
export const WithdrawalOpen: Story = {
  args: { user: paidUser, actions: actions({ loadWithdrawal: fn(async () => ok(withdrawalOpen)) }) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const section = within(
      await canvas.findByRole("region", { name: fr ? "Droit de rétractation" : "Right of withdrawal" }),
    );
    await expect(section.getByText(fr ? /jusqu’au 17 octobre 2026/ : /until October 17, 2026/)).toBeVisible();
    await userEvent.click(
      section.getByRole("button", {
        name: fr ? "Se rétracter du contrat ici" : "Withdraw from contract here",
      }),
    );
    await expect(section.getByText("Camille Martin")).toBeVisible();
    await expect(
      section.getByText(
        fr
          ? /^Offre payante, mensuelle, commencée le 3 octobre 2026$/
          : "Paid plan, monthly, started on October 3, 2026",
      ),
    ).toBeVisible();
    await userEvent.click(
      section.getByRole("button", { name: fr ? "Confirmer la rétractation" : "Confirm withdrawal" }),
    );
    await expect(args.actions.withdraw).toHaveBeenCalledOnce();
    await expect(
      await canvas.findByText(
        fr
          ? /^Votre rétractation a été reçue le 5 octobre 2026 à 12:00 UTC\./
          : /^Your withdrawal was received on October 5, 2026 at 12:00 PM UTC\./,
      ),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
  },
};

/** Started at once: withdrawing would keep the days used; the confirmation step can be left. */
export const WithdrawalStartedAtOnce: Story = {
  args: {
    user: paidUser,
    actions: actions({ loadWithdrawal: fn(async () => ok(withdrawalOpenStartedAtOnce)) }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(await canvas.findByText(fr ? /4,66\s€/ : /€4\.66/)).toBeVisible();
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Se rétracter du contrat ici" : "Withdraw from contract here",
      }),
    );
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Garder mon abonnement" : "Keep my subscription" }),
    );
    await expect(
      canvas.queryByRole("button", { name: fr ? "Confirmer la rétractation" : "Confirm withdrawal" }),
    ).toBeNull();
    await expect(args.actions.withdraw).not.toHaveBeenCalled();
  },
};

/** Stripe mode: the customer's invoices, each with Stripe's page and its PDF. */
export const WithInvoices: Story = {
  args: { user: paidUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const list = within(await canvas.findByRole("region", { name: fr ? "Factures" : "Invoices" }));
    await expect(await list.findAllByRole("listitem")).toHaveLength(2);
    await expect(
      list.getByRole("link", {
        name: fr
          ? /^Télécharger la facture n°\s4F2C1A0B-0002 \(PDF\)$/
          : "Download invoice No. 4F2C1A0B-0002 (PDF)",
      }),
    ).toHaveAttribute("href", "https://pay.stripe.com/invoice/acct_1/test_in_1Q9z8Y7x/pdf");
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
      canvas.getByText(fr ? /^Offre payante, 4,99\s€ TTC par mois$/ : "Paid plan, €4.99 incl. VAT per month"),
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

/**
 * A Stripe subscription taken during the trial: it starts, and is first charged, when the trial
 * ends; managed in the portal meanwhile.
 */
export const Scheduled: Story = {
  args: { user: scheduledUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Payant après l’essai" : "Paid after the trial")).toBeVisible();
    await expect(
      canvas.getByText(fr ? /^Offre payante, 49,99\s€ TTC par an$/ : "Paid plan, €49.99 incl. VAT per year"),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Votre abonnement commence le 9 octobre 2026, à la fin de votre essai ; rien n’est débité d’ici là."
          : "Your subscription starts on October 9, 2026, when your trial ends; nothing is charged until then.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
    await expect(canvas.getAllByRole("button")).toHaveLength(1);
  },
};

/** Cancelled at the period's end: it says when it ends; the portal can still renew it. */
export const Canceling: Story = {
  args: { user: withSubscription({ cancel_at_period_end: true, interval: "year" }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Fin prévue" : "Ending")).toBeVisible();
    await expect(
      canvas.getByText(fr ? /^Offre payante, 49,99\s€ TTC par an$/ : "Paid plan, €49.99 incl. VAT per year"),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Se termine le 2 novembre 2026 : il ne sera pas renouvelé. Vous gardez votre accès jusque-là."
          : "Ends on November 2, 2026: it will not renew. You keep your access until then.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
  },
};

/**
 * Ending: "Keep my subscription" undoes the cancellation at once (nothing to confirm: it is what
 * the subscription did before), beside the portal.
 */
export const CancelingKeep: Story = {
  args: { user: withSubscription({ cancel_at_period_end: true, interval: "year" }) },
  render: refreshingTo(withSubscription({ interval: "year" })),
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const keep = await canvas.findByRole("button", {
      name: fr ? "Garder mon abonnement" : "Keep my subscription",
    });
    await expect(
      canvas.getByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
    await userEvent.click(keep);
    await expect(args.actions.setRenewal).toHaveBeenCalledOnce();
    await expect(args.actions.setRenewal).toHaveBeenCalledWith(true);
    await expect(
      await canvas.findByText(
        fr ? "C’est fait : votre abonnement continue." : "Done: your subscription goes on.",
      ),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
    await expect(
      canvas.getByText(fr ? "Renouvellement le 2 novembre 2026." : "Renews on November 2, 2026."),
    ).toBeVisible();
    await expect(
      canvas.queryByRole("button", { name: fr ? "Garder mon abonnement" : "Keep my subscription" }),
    ).toBeNull();
  },
};

/** Cancelled outright (not at the period's end): it can no longer be kept, only looked at in the portal. */
export const CanceledEarly: Story = {
  args: { user: withSubscription({ status: "canceled", interval: "year" }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Fin prévue" : "Ending")).toBeVisible();
    await expect(
      await canvas.findByRole("button", { name: fr ? "Gérer l’abonnement" : "Manage billing" }),
    ).toBeVisible();
    await expect(canvas.getAllByRole("button")).toHaveLength(1);
  },
};

/**
 * Manual mode: the operator recorded a payment; it lasts until its date, with no portal, and
 * renews unless the user stops it.
 */
export const PaidUntil: Story = {
  args: {
    user: paidUntilUser,
    actions: actions({ loadMode: manual(), loadReceipts: fn(async () => ok(receipts)) }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? "Payé jusqu’au 1 octobre 2027." : "Paid until October 1, 2027."),
    ).toBeVisible();
    await modeLoaded(canvasElement);
    await expect(args.actions.loadMode).toHaveBeenCalled();
    await expect(
      canvas.getByRole("button", { name: fr ? "Ne pas renouveler" : "Stop renewing" }),
    ).toBeVisible();
    // The receipts, the newest first, each downloadable.
    const list = within(await canvas.findByRole("region", { name: fr ? "Reçus" : "Receipts" }));
    const items = await list.findAllByRole("listitem");
    // Read with plain spaces (dates and prices hold no-break ones).
    const plain = (text: string | null) => text?.replace(/\s/g, " ");
    await expect(items.map((item) => plain(item.textContent))).toEqual(
      (fr
        ? [
            "N° 000027, 30 sept. 2026 : 4,99 € TTCTélécharger (PDF)",
            "N° 000012, 1 sept. 2026 : 4,99 € TTCTélécharger (PDF)",
          ]
        : [
            "No. 000027, Sep 30, 2026: €4.99 incl. VATDownload (PDF)",
            "No. 000012, Sep 1, 2026: €4.99 incl. VATDownload (PDF)",
          ]
      ).map(plain),
    );
    await userEvent.click(
      list.getByRole("button", {
        name: fr ? "Télécharger le reçu n° 000012 (PDF)" : "Download receipt No. 000012 (PDF)",
      }),
    );
    await expect(args.actions.downloadReceipt).toHaveBeenCalledOnce();
    await expect(args.actions.downloadReceipt).toHaveBeenCalledWith(12);
  },
};

/** Manual mode: the receipts could not be loaded; the rest of the card works. */
export const PaidUntilReceiptsFailed: Story = {
  args: {
    user: paidUntilUser,
    actions: actions({
      loadMode: manual(),
      loadReceipts: fn(async () => refused(0)),
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      await canvas.findByText(
        fr
          ? "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez."
          : "Cannot reach the server. Check your connection and try again.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Ne pas renouveler" : "Stop renewing" }),
    ).toBeVisible();
  },
};

/**
 * Manual mode: "Stop renewing" asks first, saying until when access lasts; confirmed, the period
 * ends at its end and the card says so.
 */
export const PaidUntilStopRenewing: Story = {
  args: { user: paidUntilUser, actions: actions({ loadMode: manual() }) },
  render: refreshingTo(withSubscription({ cancel_at_period_end: true }, paidUntilUser)),
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const stop = await canvas.findByRole("button", { name: fr ? "Ne pas renouveler" : "Stop renewing" });
    const dialog = await openDialog(
      canvasElement,
      stop,
      fr ? "Ne pas renouveler votre abonnement\u202f?" : "Stop renewing your subscription?",
    );
    await expect(dialog).toHaveAccessibleDescription(
      fr
        ? "Vous gardez votre accès jusqu’au 1\u00a0octobre\u00a02027\u202f; il ne vous sera plus demandé de payer."
        : "You keep your access until October\u00a01,\u00a02027; you will not be asked to pay again.",
    );
    await expect(args.actions.setRenewal).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole("button", { name: fr ? "Ne pas renouveler" : "Stop renewing" }),
    );
    await expect(args.actions.setRenewal).toHaveBeenCalledOnce();
    await expect(args.actions.setRenewal).toHaveBeenCalledWith(false);
    await expect(
      await canvas.findByText(
        fr
          ? "C’est fait : votre abonnement ne sera pas renouvelé."
          : "Done: your subscription will not renew.",
      ),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
    await expect(canvas.getByText(fr ? "Fin prévue" : "Ending")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Garder mon abonnement" : "Keep my subscription" }),
    ).toBeVisible();
  },
};

/**
 * A renewal failed on October 2: a warning, the day access ends unless the payment goes through
 * (the server's grace, 7 days), and the way to a new card.
 */
export const PastDue: Story = {
  args: { user: withSubscription(pastDueSubscription) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Paiement échoué" : "Payment failed")).toBeVisible();
    await expect(
      await canvas.findByText(
        fr
          ? "Votre dernier paiement a échoué. Votre accès continue jusqu’au 9 octobre 2026, à moins que le paiement n’aboutisse : mettez à jour votre moyen de paiement."
          : "Your last payment failed. Your access goes on until October 9, 2026 unless the payment goes through: update your payment method.",
      ),
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
  args: { user: withSubscription(pastDueSubscription) },
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
        name: fr
          ? /^Se réabonner au mois \(4,99\s€ TTC\/mois\)$/
          : "Resubscribe monthly (€4.99 incl. VAT/month)",
      }),
    ).toBeVisible();
  },
};

/** The trial ended with no subscription: the first one, monthly or yearly, and the credentials work. */
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
      canvas.getByText(
        fr
          ? "Vos identifiants Stremio fonctionnent dès que vous vous abonnez."
          : "Your Stremio credentials work as soon as you subscribe.",
      ),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^S’abonner au mois \(4,99\s€ TTC\/mois\)$/ : "Subscribe monthly (€4.99 incl. VAT/month)",
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", {
        name: fr ? /^S’abonner à l’année \(49,99\s€ TTC\/an\)$/ : "Subscribe yearly (€49.99 incl. VAT/year)",
      }),
    ).toBeVisible();
    await expect(canvas.queryAllByRole("button", { name: /Resubscribe|réabonner/ })).toHaveLength(0);
  },
};

/** A person who already had a trial on another account: this one starts without, on the paid plan. */
export const NoTrial: Story = {
  args: { user: noTrialUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Terminé" : "Ended")).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Vous avez déjà bénéficié d’un essai gratuit avec cette adresse : ce compte démarre donc sans essai. Choisissez l’offre payante pour commencer à regarder."
          : "You already had a free trial with this address, so this account starts without one. Choose the paid plan to start streaming.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Vos identifiants Stremio fonctionnent dès que vous vous abonnez."
          : "Your Stremio credentials work as soon as you subscribe.",
      ),
    ).toBeVisible();
    await expect(await canvas.findAllByRole("button", { name: /^(Subscribe|S’abonner)/ })).toHaveLength(2);
  },
};

/** Manual mode, the paid plan chosen: the payment instructions, as the email words them. */
export const AwaitingPayment: Story = {
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(canvas.getByText(fr ? "Paiement attendu" : "Awaiting payment")).toBeVisible();
    const instructions = await within(canvasElement).findByRole("heading", {
      level: 3,
      name: fr ? "Comment payer" : "How to pay",
    });
    const section = instructions.closest("section")!;
    await expect(section).toHaveTextContent(
      fr
        ? /Réglez 49,99\s€ pour un an par virement sur le compte ci-dessous, avec votre référence/
        : /Pay €49\.99 for one year by bank transfer to the account below, with your reference/,
    );
    // The support address is the configured one.
    await expect(section).toHaveTextContent(
      fr ? /Une question\s: help@lumen\.example\./ : "Questions: help@lumen.example.",
    );
    // The account and the reference, each on a line of its own; the IBAN and the reference copy.
    const account = within(section.querySelector<HTMLElement>("[data-slot=bank-account]")!);
    await expect(account.getByText("FR76 3000 6000 0112 3456 7890 189")).toBeVisible();
    await expect(account.getByText("AGRIFRPP")).toBeVisible();
    await expect(account.getByText("camille.martin@example.com")).toBeVisible();
    await expect(account.getByRole("button", { name: fr ? "Copier l’IBAN" : "Copy the IBAN" })).toBeVisible();
    await expect(
      account.getByRole("button", { name: fr ? "Copier la référence" : "Copy the reference" }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Votre essai gratuit continue jusqu’au 9 octobre 2026 en attendant."
          : "Your free trial goes on until October 9, 2026 meanwhile.",
      ),
    ).toBeVisible();
    await modeLoaded(canvasElement);
    // Paying goes by the instructions: emailed again, switched to the other interval, or withdrawn.
    const buttons = canvas.getAllByRole("button").filter((button) => button.dataset.slot !== "copy-button");
    await expect(buttons).toHaveLength(3);
    await expect(buttons[0]).toHaveAccessibleName(
      fr ? "Renvoyer les instructions par e-mail" : "Email the instructions again",
    );
    await expect(buttons[1]).toHaveAccessibleName(
      fr ? /^Passer au mensuel \(4,99\s€ TTC\/mois\)$/ : "Switch to monthly (€4.99 incl. VAT/month)",
    );
    await expect(buttons[2]).toHaveAccessibleName(fr ? "Retirer ma demande" : "Withdraw my request");
  },
};

/** Manual mode, the paid plan chosen monthly: switching goes to yearly; the request can be withdrawn. */
export const AwaitingPaymentManual: Story = {
  args: { user: monthlyRequestUser, actions: actions({ loadMode: manual() }) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      canvas.getByText(fr ? /^Offre payante, 4,99\s€ TTC par mois$/ : "Paid plan, €4.99 incl. VAT per month"),
    ).toBeVisible();
    await expect(
      await canvas.findByRole("button", {
        name: fr ? /^Passer à l’annuel \(49,99\s€ TTC\/an\)$/ : "Switch to yearly (€49.99 incl. VAT/year)",
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Retirer ma demande" : "Withdraw my request" }),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", {
        name: fr ? "Renvoyer les instructions par e-mail" : "Email the instructions again",
      }),
    ).toBeVisible();
  },
};

/**
 * Manual mode: switching the request to yearly is a new order: the order step first (its own
 * start-at-once choice), then "Subscribe and pay" asks the server (which emails the new
 * instructions), and the card shows the yearly amount, stays on the page and says so.
 */
export const RequestSwitched: Story = {
  args: { user: monthlyRequestUser, actions: actions({ loadMode: manual() }) },
  render: refreshingTo(awaitingPaymentUser),
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? /^Passer à l’annuel/ : /^Switch to yearly/ }),
    );
    const order = within(await canvas.findByRole("region", { name: fr ? "Votre commande" : "Your order" }));
    await expect(order.getByText(fr ? /^49,99\s€ TTC par an$/ : "€49.99 incl. VAT per year")).toBeVisible();
    await expect(args.actions.checkout).not.toHaveBeenCalled();
    await userEvent.click(
      order.getByRole("checkbox", { name: fr ? /^Démarrer tout de suite/ : /^Start at once/ }),
    );
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
      }),
    );
    await expect(args.actions.checkout).toHaveBeenCalledOnce();
    await expect(args.actions.checkout).toHaveBeenCalledWith("year", true);
    await expect(
      await canvas.findByText(
        fr
          ? "C’est fait : les nouvelles instructions sont en route vers votre boîte de réception."
          : "Done: the new instructions are on their way to your inbox.",
      ),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
    await expect(args.onLeave).not.toHaveBeenCalled();
    await expect(
      canvas.getByText(fr ? /^Offre payante, 49,99\s€ TTC par an$/ : "Paid plan, €49.99 incl. VAT per year"),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? /^Passer au mensuel/ : /^Switch to monthly/ }),
    ).toBeVisible();
  },
};

/** Manual mode: "Withdraw my request" asks first, saying nothing is owed. */
export const WithdrawConfirm: Story = {
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const withdraw = await canvas.findByRole("button", {
      name: fr ? "Retirer ma demande" : "Withdraw my request",
    });
    const dialog = await openDialog(
      canvasElement,
      withdraw,
      fr ? "Retirer votre demande d’offre payante\u202f?" : "Withdraw your request for the paid plan?",
    );
    await expect(dialog).toHaveAccessibleDescription(
      fr ? "Rien n’a été payé, donc rien n’est dû." : "Nothing has been paid, so nothing is owed.",
    );
    await expect(
      within(dialog).getByRole("button", { name: fr ? "Retirer ma demande" : "Withdraw my request" }),
    ).toBeVisible();
    await expect(within(dialog).getByRole("button", { name: fr ? "Annuler" : "Cancel" })).toHaveFocus();
    await expect(args.actions.withdrawRequest).not.toHaveBeenCalled();
  },
};

/** Manual mode: the request withdrawn, the card is back to the trial, and says so. */
export const Withdrawn: Story = {
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  render: refreshingTo(trialUser),
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    const withdraw = await canvas.findByRole("button", {
      name: fr ? "Retirer ma demande" : "Withdraw my request",
    });
    const dialog = await openDialog(
      canvasElement,
      withdraw,
      fr ? /^Retirer votre demande/ : /^Withdraw your request/,
    );
    await userEvent.click(
      within(dialog).getByRole("button", { name: fr ? "Retirer ma demande" : "Withdraw my request" }),
    );
    await expect(args.actions.withdrawRequest).toHaveBeenCalledOnce();
    await expect(
      await canvas.findByText(fr ? "Votre demande est retirée." : "Your request is withdrawn."),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
    await expect(canvas.getByText(fr ? "Essai" : "Trial")).toBeVisible();
    await expect(canvas.getAllByRole("button", { name: /Upgrade|Passer/ })).toHaveLength(2);
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
    await expect(button).toHaveAccessibleName(fr ? /^Renvoyer dans \d:\d\d$/ : /^Send again in \d:\d\d$/);
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
        name: fr ? /^Payer à l’année \(49,99\s€ TTC\/an\)$/ : "Pay yearly (€49.99 incl. VAT/year)",
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
    // The card asks for the subscription in an effect, after its first render.
    await waitFor(() => expect(args.actions.loadSubscription).toHaveBeenCalledTimes(1));
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Back from Checkout, the subscription lands, paid: the card turns active, and the session follows. */
export const PaymentConfirmed: Story = {
  args: { checkoutReturn: "success" },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      await canvas.findByText(
        fr ? "Paiement reçu : votre abonnement est actif." : "Payment received: your subscription is active.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(fr ? "Renouvellement le 2 novembre 2026." : "Renews on November 2, 2026."),
    ).toBeVisible();
    await expect(args.actions.refreshAccount).toHaveBeenCalled();
  },
};

/**
 * Back from Checkout during the trial, the subscription lands trialing: nothing is paid yet, so the
 * card says when it starts and is charged, not that a payment was received.
 */
export const SubscriptionScheduledConfirmed: Story = {
  args: {
    checkoutReturn: "success",
    actions: actions({ loadSubscription: fn(async () => ok(trialingSubscription)) }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = card(canvasElement);
    await expect(
      await canvas.findByText(fr ? "Votre abonnement est en place." : "Your subscription is set up."),
    ).toBeVisible();
    // The date once, in the card's line.
    await expect(
      canvas.getByText(
        fr
          ? /^Votre abonnement commence le 9 octobre 2026, à la fin de votre essai/
          : "Your subscription starts on October 9, 2026, when your trial ends; nothing is charged until then.",
      ),
    ).toBeVisible();
    await expect(canvas.getAllByText(/9 octobre 2026|October 9, 2026/)).toHaveLength(1);
    await expect(canvas.queryByText(/Payment|Paiement/)).toBeNull();
    await expect(canvas.getByText(fr ? "Payant après l’essai" : "Paid after the trial")).toBeVisible();
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
    const pay = canvas.getByRole("button", {
      name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
    });
    await userEvent.click(pay);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Le service rencontre un problème. Réessayez dans quelques minutes."
        : "The service is having trouble. Please try again in a few minutes.",
    );
    await expect(args.onLeave).not.toHaveBeenCalled();
    await expect(pay).not.toHaveAttribute("aria-busy");
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

/**
 * Manual mode on a phone: each bank detail fits whole on its line, nothing wraps inside the IBAN's
 * groups of four or the reference; the copy buttons stay in view.
 */
export const AwaitingPaymentPhone: Story = {
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  args: { user: awaitingPaymentUser, actions: actions({ loadMode: manual() }) },
  play: async ({ canvasElement }) => {
    const account = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>("[data-slot=bank-account]");
      if (!found) throw new Error("no bank account yet");
      return found;
    });
    const width = canvasElement.ownerDocument.documentElement.clientWidth;
    for (const value of account.querySelectorAll<HTMLElement>("dd")) {
      const lineHeight = Number.parseFloat(getComputedStyle(value).lineHeight);
      // One line: the value's box is a line high, and nothing scrolls.
      await expect(value.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
      await expect(value.scrollWidth).toBeLessThanOrEqual(value.clientWidth);
    }
    for (const button of account.querySelectorAll<HTMLElement>("button")) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(width);
    }
  },
};
