import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import {
  activeSubscription,
  awaitingPaymentUser,
  paidUser,
  scheduledUser,
  trialUser,
  withdrawalClosed,
  withdrawalOpen,
} from "#src/auth/auth-fixtures.ts";
import { type AuthUser, StaticAuthProvider } from "#src/auth/auth-state.tsx";
import { refused } from "#src/auth/story-actions.ts";
import type { Subscription } from "#shared/billing.ts";
import { ok } from "#src/forms/action-result.ts";
import { CancelSubscriptionScreen, type CancelActions } from "./cancel-subscription.tsx";

// The cancellation page ("Cancel my subscription" in every footer) in each state of a customer's
// plan, on the fixtures' clock (2026-10-05), with the API's answers faked. A change runs the
// action, then the page shows the account as the server then has it.

const actions = (fields: Partial<CancelActions> = {}): CancelActions => ({
  loadMode: fn(async () => ok({ mode: "stripe" as const, graceDays: 7, supportEmail: "help@lumen.example" })),
  setRenewal: fn(async () => ok(undefined)),
  withdrawRequest: fn(async () => ok(undefined)),
  refreshAccount: fn(async () => ok(undefined)),
  loadWithdrawal: fn(async () => ok(withdrawalClosed)),
  withdraw: fn(async () =>
    ok({ withdrawnAt: "2026-10-05 12:00:00.000Z", refund: 4.99, refundState: "refunded" as const }),
  ),
  ...fields,
});

const withSubscription = (fields: Partial<Subscription>, user: AuthUser = paidUser): AuthUser => ({
  ...user,
  expand: { ...user.expand, subscriptions_via_user: { ...activeSubscription, ...fields } },
});
const cancelingUser = withSubscription({ cancel_at_period_end: true });

type Args = { user: AuthUser; after?: AuthUser; actions: CancelActions };

/** The page signed in as `user`; `refreshAccount` (still the story's spy) then brings `after`. */
function CancelPage({ user, after, actions: given }: Args) {
  const [current, setCurrent] = React.useState(user);
  const bound = React.useMemo<CancelActions>(
    () => ({
      ...given,
      refreshAccount: async () => {
        const result = await given.refreshAccount();
        if (after) setCurrent(after);
        return result;
      },
    }),
    [given, after],
  );
  return (
    <StaticAuthProvider state={{ status: "authed", user: current }}>
      <CancelSubscriptionScreen actions={() => bound} />
    </StaticAuthProvider>
  );
}

const meta = {
  title: "Screens/Account/CancelSubscription",
  component: CancelPage,
  args: { user: paidUser, actions: actions() },
  parameters: {
    path: "/cancel-subscription",
    viewport: {
      options: { phone: { name: "Phone", styles: { width: "390px", height: "760px" }, type: "mobile" } },
    },
  },
} satisfies Meta<typeof CancelPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const confirmName = (fr: boolean) => (fr ? "Confirmer la résiliation" : "Confirm cancellation");

/** A monthly Stripe subscription that renews: what ends and when, and one button. */
export const Renewing: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", {
        level: 1,
        name: fr ? "Résilier votre abonnement" : "Cancel your subscription",
      }),
    ).toBeVisible();
    await expect(
      await canvas.findByText(fr ? /jusqu’au 2 novembre 2026/ : /until November 2, 2026/),
    ).toBeVisible();
    await expect(canvas.getByRole("button", { name: confirmName(fr) })).toBeVisible();
  },
};

/** One click: the renewal stops, and the page acknowledges it with the end date and the undo. */
export const Confirmed: Story = {
  args: { after: cancelingUser },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: confirmName(fr) }));
    await expect(args.actions.setRenewal).toHaveBeenCalledWith(false);
    await expect(
      await canvas.findByText(
        fr
          ? /^Votre abonnement est résilié\. Il prend fin le 2 novembre 2026\.$/
          : "Your subscription is cancelled. It ends on November 2, 2026.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? /^Nous avons envoyé une confirmation à camille\.martin@example\.com\.$/
          : "We have sent a confirmation to camille.martin@example.com.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Garder mon abonnement" : "Keep my subscription" }),
    ).toBeVisible();
  },
};

/** Already cancelled: the end date, and "Keep my subscription" undoes it. */
export const Ending: Story = {
  args: { user: cancelingUser, after: paidUser },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? "Garder mon abonnement" : "Keep my subscription" }),
    );
    await expect(args.actions.setRenewal).toHaveBeenCalledWith(true);
    await expect(
      await canvas.findByText(
        fr
          ? "Votre abonnement continue : rien n’a changé."
          : "Your subscription goes on: nothing has changed.",
      ),
    ).toBeVisible();
  },
};

/** Taken during the trial: cancelling means nothing is ever charged. */
export const Scheduled: Story = {
  args: { user: scheduledUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      await within(canvasElement).findByText(fr ? /rien n’est prélevé/ : /nothing is charged/),
    ).toBeVisible();
  },
};

/** Manual mode, nothing paid yet: the request is withdrawn instead. */
export const AwaitingPayment: Story = {
  args: {
    user: awaitingPaymentUser,
    after: trialUser,
    actions: actions({
      loadMode: fn(async () =>
        ok({ mode: "manual" as const, graceDays: 7, supportEmail: "help@lumen.example" }),
      ),
    }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? "Retirer ma demande" : "Withdraw my request" }),
    );
    await expect(args.actions.withdrawRequest).toHaveBeenCalledOnce();
    await expect(
      await canvas.findByText(
        fr ? "Votre demande est retirée : rien n’est dû." : "Your request is withdrawn: nothing is owed.",
      ),
    ).toBeVisible();
  },
};

/** On the trial: nothing to cancel, and the page says so. */
export const NothingToCancel: Story = {
  args: { user: trialUser },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        fr ? /il n’y a pas d’abonnement à résilier/ : /there is no subscription to cancel/,
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole("button", { name: confirmName(fr) })).toBeNull();
  },
};

/**
 * Within 14 days of the start: the withdrawal function under the cancellation. Confirmed, the plan
 * ends (the page then has nothing to cancel) and the acknowledgement stays on screen.
 */
export const WithWithdrawal: Story = {
  args: {
    after: withSubscription(
      { status: "canceled", current_period_end: "2026-10-05 12:00:00.000Z" },
      { ...paidUser, trial_ends: "" },
    ),
    actions: actions({ loadWithdrawal: fn(async () => ok(withdrawalOpen)) }),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", {
        name: fr ? "Se rétracter du contrat ici" : "Withdraw from contract here",
      }),
    );
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Confirmer la rétractation" : "Confirm withdrawal" }),
    );
    await expect(args.actions.withdraw).toHaveBeenCalledOnce();
    await expect(
      await canvas.findByText(fr ? /il n’y a rien à résilier/ : /there is nothing to cancel/),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? /^Votre rétractation a été reçue le 5 octobre 2026 à 12:00 UTC\./
          : /^Your withdrawal was received on October 5, 2026 at 12:00 PM UTC\./,
      ),
    ).toBeVisible();
  },
};

/** The server refused (Stripe ended it meanwhile): the reason, in the page's language. */
export const Refused: Story = {
  args: {
    actions: actions({
      setRenewal: fn(async () =>
        refused(400, { message: "This subscription has ended: it can no longer be changed." }),
      ),
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: confirmName(fr) }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Cet abonnement a pris fin : il ne peut plus être modifié."
        : "This subscription has ended: it can no longer be changed.",
    );
  },
};

/** On a phone: the card fills the width, the button whole. */
export const Phone: Story = {
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(await within(canvasElement).findByRole("button", { name: confirmName(fr) })).toBeVisible();
  },
};
