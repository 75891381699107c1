import type { I18n } from "@lingui/core";
import { formatDate, formatPrice } from "#shared/format.ts";
import { type Interval } from "#shared/billing.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { EmailProps, Words } from "./layout.ts";
import { greetingAndSignature, type MailLocale, siteLink } from "./templates.ts";

// The billing emails, in the user's language, each leading to the account page (its plan card says
// what to do next). None holds a secret or a link that signs in.

export type BillingMail =
  /** Manual mode: how to pay, the operator's words from content/{locale}/payment-instructions.md. */
  | { kind: "paymentInstructions"; amount: number; interval: Interval; instructions: string[] }
  /** A payment arrived (or the operator recorded one): the receipt. */
  | {
      kind: "subscriptionActive";
      amount: number;
      interval: Interval;
      nextDate: string;
      trialEnds?: string;
      manual: boolean;
    }
  | { kind: "trialEndingSoon"; endsAt: string }
  | { kind: "trialEnded"; endedAt: string }
  | { kind: "paymentFailed" }
  | { kind: "subscriptionCanceled"; endsAt: string };

export type BillingMailInput = BillingMail & {
  locale: MailLocale;
  appName: string;
  appUrl: string;
  name: string;
};

/** One billing email: its words and the account page, for `Email` (layout.ts). */
export function billingEmail(i18n: I18n, input: BillingMailInput): EmailProps {
  return {
    words: billingWords(i18n, input),
    link: siteLink(input.appUrl, "/account", input.locale),
    locale: input.locale,
  };
}

function billingWords(i18n: I18n, input: BillingMailInput): Words {
  const { appName, locale } = input;
  const common = greetingAndSignature(i18n, input);
  const date = (value: string) => formatDate(value, locale);
  const price = (amount: number) => formatPrice(amount, locale);
  const seeAccount = i18n._("See my account");
  switch (input.kind) {
    case "paymentInstructions":
      return {
        ...common,
        subject: i18n._("How to pay for your {appName} subscription", { appName }),
        lines: [
          input.interval === "year"
            ? i18n._("You chose the paid plan: {price} per year.", { price: price(input.amount) })
            : i18n._("You chose the paid plan: {price} per month.", { price: price(input.amount) }),
          ...input.instructions,
        ],
        action: seeAccount,
        after: [
          i18n._("Your trial goes on meanwhile. As soon as your payment arrives, your account shows it."),
        ],
      };
    case "subscriptionActive": {
      const yearly = input.interval === "year";
      const trialEnds = { date: date(input.trialEnds ?? input.nextDate) };
      return {
        ...common,
        subject: i18n._("Your {appName} subscription is active", { appName }),
        lines: [
          input.manual
            ? i18n._("Thank you! Your payment is recorded: your subscription is paid until {date}.", {
                date: date(input.nextDate),
              })
            : input.amount > 0
              ? yearly
                ? i18n._("Thank you! We received {price} for your yearly subscription.", {
                    price: price(input.amount),
                  })
                : i18n._("Thank you! We received {price} for your monthly subscription.", {
                    price: price(input.amount),
                  })
              : yearly
                ? i18n._(
                    "Your yearly subscription is set up. Your trial goes on until {date}: nothing is charged before then.",
                    trialEnds,
                  )
                : i18n._(
                    "Your monthly subscription is set up. Your trial goes on until {date}: nothing is charged before then.",
                    trialEnds,
                  ),
          ...(input.manual ? [] : [i18n._("Next payment: {date}.", { date: date(input.nextDate) })]),
        ],
        action: seeAccount,
        after: [i18n._("You can manage your subscription from your account at any time.")],
      };
    }
    case "trialEndingSoon":
      return {
        ...common,
        subject: i18n._("Your {appName} trial ends on {date}", { appName, date: date(input.endsAt) }),
        lines: [
          i18n._(
            "Your free trial ends on {date}. To keep streaming, choose the paid plan: {monthly} per month or {yearly} per year.",
            {
              date: date(input.endsAt),
              monthly: price(siteConfig.plans.paid.monthly),
              yearly: price(siteConfig.plans.paid.yearly),
            },
          ),
        ],
        action: i18n._("Choose my plan"),
        after: [i18n._("Without a subscription, your Stremio access pauses when the trial ends.")],
      };
    case "trialEnded":
      return {
        ...common,
        subject: i18n._("Your {appName} trial has ended", { appName }),
        lines: [
          i18n._(
            "Your free trial ended on {date}, and your Stremio access is paused. Choose the paid plan to get it back at once.",
            { date: date(input.endedAt) },
          ),
        ],
        action: i18n._("Choose my plan"),
        after: [i18n._("Your Stremio credentials stay the same.")],
      };
    case "paymentFailed":
      return {
        ...common,
        subject: i18n._("Your {appName} payment didn't go through", { appName }),
        lines: [
          i18n._(
            "We couldn't take the payment for your subscription. Your access goes on while we try again: please update your payment method from your account.",
          ),
        ],
        action: i18n._("Update my payment method"),
        after: [i18n._("If you already updated your card, you can ignore this email.")],
      };
    case "subscriptionCanceled":
      return {
        ...common,
        subject: i18n._("Your {appName} subscription is canceled", { appName }),
        lines: [
          i18n._(
            "Your subscription is canceled. You keep your access until {date}; nothing more will be charged.",
            {
              date: date(input.endsAt),
            },
          ),
        ],
        action: seeAccount,
        after: [i18n._("You can subscribe again from your account at any time.")],
      };
  }
}
