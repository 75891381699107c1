import type { Meta, StoryObj } from "@storybook/react-vite";
import enInstructions from "#content/en/payment-instructions.md?raw";
import frInstructions from "#content/fr/payment-instructions.md?raw";
import { formatPrice } from "#shared/format.ts";
import { paymentInstructions, paymentPeriod, splitInstructions } from "#shared/payment-instructions.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { MailContent } from "./layout.ts";
import { type BillingMail, billingEmail } from "./billing-templates.ts";
import { EmailPreview, emailLoader, storySite } from "./email-preview.tsx";

// The billing emails (billing-templates.ts), each leading to the account page. The payment
// instructions are the operator's (content/{locale}/payment-instructions.md), filled in as the
// server fills them.

const instructions = { en: enInstructions, fr: frInstructions };
const yearly = siteConfig.plans.paid.yearly;

const meta = {
  title: "Emails/Billing",
  args: { kind: "paymentFailed" },
  loaders: [
    emailLoader<BillingMail>((i18n, args, locale) =>
      billingEmail(i18n, {
        ...storySite,
        ...(args.kind === "paymentInstructions"
          ? {
              ...args,
              instructions: paymentInstructions(splitInstructions(instructions[locale]).text, {
                amount: formatPrice(args.amount, locale),
                period: paymentPeriod(args.interval, locale),
                reference: "zoe@example.com",
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
  args: { kind: "paymentInstructions", amount: yearly, interval: "year", instructions: [] },
};

/** The receipt of a card payment. */
export const SubscriptionActive: Story = {
  args: {
    kind: "subscriptionActive",
    amount: yearly,
    interval: "year",
    nextDate: "2027-10-05",
    manual: false,
  },
};

/** A subscription taken during the trial: nothing is charged before it ends. */
export const SubscriptionActiveInTrial: Story = {
  args: {
    kind: "subscriptionActive",
    amount: 0,
    interval: "month",
    nextDate: "2026-10-12",
    trialEnds: "2026-10-12",
    manual: false,
  },
};

/** Manual mode: the operator recorded a payment. */
export const SubscriptionActiveManual: Story = {
  args: {
    kind: "subscriptionActive",
    amount: yearly,
    interval: "year",
    nextDate: "2027-10-05",
    manual: true,
  },
};

export const TrialEndingSoon: Story = { args: { kind: "trialEndingSoon", endsAt: "2026-10-12" } };

export const TrialEnded: Story = { args: { kind: "trialEnded", endedAt: "2026-10-05" } };

export const PaymentFailed: Story = {};

export const SubscriptionCanceled: Story = { args: { kind: "subscriptionCanceled", endsAt: "2026-11-05" } };
