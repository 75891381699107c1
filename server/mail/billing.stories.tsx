import type { Meta, StoryObj } from "@storybook/react-vite";
import enInstructions from "#content/en/payment-instructions.md?raw";
import frInstructions from "#content/fr/payment-instructions.md?raw";
import { formatPrice } from "#shared/format.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { MailContent } from "./layout.ts";
import { type BillingMail, billingEmail } from "./billing-templates.ts";
import { EmailPreview, emailLoader, storySeller, storySite } from "./email-preview.tsx";

// The billing emails (billing-templates.ts), each leading to the account page. The payment
// instructions are the operator's (content/{locale}/payment-instructions.md), filled in as the
// server fills them.

const instructions = { en: enInstructions, fr: frInstructions };
// Filled in by the loader from the file, as the server fills them.
const instructionArgs = {
  paragraphs: [],
  account: { holder: "", iban: "", bic: "" },
  reference: "zoe@example.com",
};
const { monthly, yearly } = siteConfig.plans.paid;

const meta = {
  title: "Emails/Billing",
  args: { kind: "paymentFailed", accessUntil: "2026-10-19" },
  loaders: [
    emailLoader<BillingMail>((i18n, args, locale) =>
      billingEmail(i18n, {
        ...storySite,
        ...(args.kind === "paymentInstructions"
          ? {
              ...args,
              ...paymentInstructions(instructions[locale], {
                amount: formatPrice(args.amount, locale),
                period: paymentPeriod(args.interval, locale),
                reference: args.reference,
                support: storySeller.supportEmail,
              }),
            }
          : args),
        locale,
      }),
    ),
  ],
  render: (_args, { loaded }) => <EmailPreview mail={loaded.mail as MailContent} />,
} satisfies Meta<BillingMail>;

export default meta;
type Story = StoryObj<BillingMail>;

/** Manual mode: how to pay, in the operator's words. */
export const PaymentInstructions: Story = {
  args: { kind: "paymentInstructions", amount: yearly, interval: "year", ...instructionArgs },
};

/** The receipt of a card payment, yearly: the next payment's date. */
export const PaymentReceivedYearly: Story = {
  args: { kind: "paymentReceived", amount: yearly, interval: "year", nextDate: "2027-10-05", manual: false },
};

/** The receipt of a card payment, monthly. */
export const PaymentReceivedMonthly: Story = {
  args: {
    kind: "paymentReceived",
    amount: monthly,
    interval: "month",
    nextDate: "2026-11-05",
    manual: false,
  },
};

/** Manual mode: the operator recorded a yearly payment; it is paid until a date, nothing renews by itself. */
export const PaymentReceivedManualYearly: Story = {
  args: {
    kind: "paymentReceived",
    amount: yearly,
    interval: "year",
    nextDate: "2027-10-05",
    manual: true,
    receipt: 27,
  },
};

/** Manual mode: the operator recorded a monthly payment. */
export const PaymentReceivedManualMonthly: Story = {
  args: {
    kind: "paymentReceived",
    amount: monthly,
    interval: "month",
    nextDate: "2026-11-05",
    manual: true,
    receipt: 12,
  },
};

/** A monthly subscription taken during the trial: it starts, and is first charged, when the trial ends. */
export const SubscriptionScheduledMonthly: Story = {
  args: { kind: "subscriptionScheduled", amount: monthly, interval: "month", startsAt: "2026-10-12" },
};

/** A yearly subscription taken during the trial. */
export const SubscriptionScheduledYearly: Story = {
  args: { kind: "subscriptionScheduled", amount: yearly, interval: "year", startsAt: "2026-10-12" },
};

/** Canceled: access until the end of the paid period, nothing more charged. */
export const SubscriptionCanceling: Story = { args: { kind: "subscriptionCanceling", endsAt: "2026-11-05" } };

/** A monthly subscription's cancellation undone before its end. */
export const SubscriptionResumedMonthly: Story = {
  args: { kind: "subscriptionResumed", amount: monthly, interval: "month", nextDate: "2026-11-05" },
};

/** A yearly subscription's cancellation undone before its end. */
export const SubscriptionResumedYearly: Story = {
  args: { kind: "subscriptionResumed", amount: yearly, interval: "year", nextDate: "2027-10-05" },
};

/** Switched from monthly to yearly: the yearly price from the next payment. */
export const PlanSwitchedToYearly: Story = {
  args: { kind: "planSwitched", amount: yearly, interval: "year", nextDate: "2026-11-05" },
};

/** Switched from yearly to monthly. */
export const PlanSwitchedToMonthly: Story = {
  args: { kind: "planSwitched", amount: monthly, interval: "month", nextDate: "2027-10-05" },
};

/** The subscription ended after a cancellation: access paused. */
export const AccessEndedCanceled: Story = {
  args: { kind: "accessEnded", endedAt: "2026-11-05", reason: "canceled" },
};

/** The payment never came: access stopped at the grace's end. */
export const AccessEndedUnpaid: Story = {
  args: { kind: "accessEnded", endedAt: "2026-11-19", reason: "unpaid" },
};

export const TrialEndingSoon: Story = { args: { kind: "trialEndingSoon", endsAt: "2026-10-12" } };

export const TrialEnded: Story = { args: { kind: "trialEnded", endedAt: "2026-10-05" } };

/** A renewal failed: access goes on until the grace's end while the payment is retried. */
export const PaymentFailed: Story = {};

/** Dunning's last notice, about two days before the grace ends. */
export const LastNotice: Story = { args: { kind: "lastNotice", accessUntil: "2026-10-19" } };

/** The operator refunded the last payment: the amount and the day. */
export const RefundIssued: Story = {
  args: { kind: "refundIssued", amount: monthly, refundedAt: "2026-11-29" },
};

/** Manual mode: the order's confirmation, the customer having asked for the service to start at once. */
export const PaymentInstructionsStartedAtOnce: Story = {
  args: {
    kind: "paymentInstructions",
    amount: monthly,
    interval: "month",
    ...instructionArgs,
    order: { startNow: true, at: "2026-10-05 14:03:12.000Z" },
  },
};

/** The first card payment of an order: its confirmation, with the 14 days to withdraw for a full refund. */
export const PaymentReceivedOrderConfirmed: Story = {
  args: {
    kind: "paymentReceived",
    amount: monthly,
    interval: "month",
    nextDate: "2026-11-05",
    manual: false,
    order: { startNow: false, at: "" },
  },
};

/** The first card payment of an order started at once: the days used are kept if the customer withdraws. */
export const PaymentReceivedStartedAtOnce: Story = {
  args: {
    kind: "paymentReceived",
    amount: yearly,
    interval: "year",
    nextDate: "2027-10-05",
    manual: false,
    order: { startNow: true, at: "2026-10-05 14:03:12.000Z" },
  },
};

/** A subscription taken during the trial, started at once: the order's confirmation. */
export const SubscriptionScheduledStartedAtOnce: Story = {
  args: {
    kind: "subscriptionScheduled",
    amount: yearly,
    interval: "year",
    startsAt: "2026-10-12",
    order: { startNow: true, at: "2026-10-05 14:03:12.000Z" },
  },
};

/** A withdrawal within 14 days, refunded to the card at once. */
export const WithdrawalConfirmedRefunded: Story = {
  args: {
    kind: "withdrawalConfirmed",
    withdrawnAt: "2026-10-09 08:41:27.000Z",
    interval: "month",
    amount: monthly,
    startedAt: "2026-10-05 14:03:12.000Z",
    refund: monthly,
    refundState: "refunded",
  },
};

/** Manual mode: a withdrawal whose refund the operator makes by hand within 14 days. */
export const WithdrawalConfirmedOwed: Story = {
  args: {
    kind: "withdrawalConfirmed",
    withdrawnAt: "2026-10-09 08:41:27.000Z",
    interval: "year",
    amount: yearly,
    startedAt: "2026-10-05 14:03:12.000Z",
    refund: 49.31,
    refundState: "owed",
  },
};

/** A withdrawal from a subscription taken during the trial: nothing was charged. */
export const WithdrawalConfirmedNothingCharged: Story = {
  args: {
    kind: "withdrawalConfirmed",
    withdrawnAt: "2026-10-09 08:41:27.000Z",
    interval: "month",
    amount: monthly,
    startedAt: "2026-10-05 14:03:12.000Z",
    refund: 0,
    refundState: "none",
  },
};

/** Two months before a yearly subscription renews: the date, the price, and how to stop it. */
export const RenewalNotice: Story = {
  args: { kind: "renewalNotice", renewsAt: "2027-10-05", amount: yearly, manual: false },
};

/** Manual mode: a yearly subscription paid by hand comes up for renewal. */
export const RenewalNoticeManual: Story = {
  args: { kind: "renewalNotice", renewsAt: "2027-10-05", amount: yearly, manual: true },
};

/** Manual mode: the operator recorded the refund of a withdrawal, made by hand. */
export const RefundIssuedManual: Story = {
  args: { kind: "refundIssued", amount: 49.31, refundedAt: "2026-10-20", manual: true },
};
