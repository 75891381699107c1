import type { I18n } from "@lingui/core";
import { formatDate, formatPrice, formatReceiptNumber } from "#shared/format.ts";
import { type Interval } from "#shared/billing.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import type { BankAccount } from "#shared/payment-instructions.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { EmailProps, Words } from "./layout.ts";
import { greetingAndSignature, type MailLocale, siteLink } from "./templates.ts";

// The billing emails, in the user's language, each leading to the account page (its plan card says
// what to do next) or, for the renewal's notices, to the page that stops or resumes it. None holds
// a secret or a link that signs in. Every price the customer pays is said with VAT included.

/**
 * What the order said of the withdrawal period, repeated in its confirmation: whether the customer
 * asked for the service to start at once, and when (`at`, a PocketBase datetime).
 */
export type OrderTerms = { startNow: boolean; at: string };

/** Where the refund of a withdrawal stands: made to the card, to be made by hand, nothing charged. */
export type WithdrawalRefund = "refunded" | "owed" | "none";

export type BillingMail =
  /** Manual mode: how to pay, the operator's words from content/{locale}/payment-instructions.md. */
  | {
      kind: "paymentInstructions";
      amount: number;
      interval: Interval;
      /** The text's paragraphs, filled in. */
      paragraphs: string[];
      account: BankAccount;
      /** What the transfer says, so that the operator knows whose it is (the account's email). */
      reference: string;
      order?: OrderTerms;
    }
  /**
   * Money arrived: a paid invoice (Stripe), or a payment the operator recorded (`manual`). The
   * receipt: the amount, and the next payment's date (Stripe) or the date it is paid until (manual).
   */
  | {
      kind: "paymentReceived";
      amount: number;
      interval: Interval;
      nextDate: string;
      manual: boolean;
      /** Manual mode: the number of the receipt, downloadable from the account page. */
      receipt?: number;
      /** The first payment of an order: its confirmation. */
      order?: OrderTerms;
    }
  /** A Stripe subscription taken during the trial: it starts, and is first charged, on `startsAt`. */
  | {
      kind: "subscriptionScheduled";
      amount: number;
      interval: Interval;
      startsAt: string;
      order?: OrderTerms;
    }
  /** Cancelled (or, manual mode, asked not to renew): access until `endsAt`, nothing more charged. */
  | { kind: "subscriptionCanceling"; endsAt: string }
  /** A cancellation undone before its end: the subscription renews on `nextDate`. */
  | { kind: "subscriptionResumed"; amount: number; interval: Interval; nextDate: string }
  /** Switched between monthly and yearly: the new price applies from `nextDate`. */
  | { kind: "planSwitched"; amount: number; interval: Interval; nextDate: string }
  /** Access stopped on `endedAt`: the subscription ended (`canceled`) or its payment never came (`unpaid`). */
  | { kind: "accessEnded"; endedAt: string; reason: "canceled" | "unpaid" }
  | { kind: "trialEndingSoon"; endsAt: string }
  | { kind: "trialEnded"; endedAt: string }
  /** A renewal failed: access goes on until `accessUntil` (the grace's end) while it is retried. */
  | { kind: "paymentFailed"; accessUntil: string }
  /** Dunning's last notice, about two days before the grace ends. */
  | { kind: "lastNotice"; accessUntil: string }
  /**
   * The operator refunded the last payment: `amount` given back to the card on `refundedAt`; or
   * (`manual`) recorded the refund of a withdrawal made by hand.
   */
  | { kind: "refundIssued"; amount: number; refundedAt: string; manual?: boolean }
  /**
   * The acknowledgement of a withdrawal: when it was received (`withdrawnAt`, date and time), the
   * contract withdrawn from (its interval, price and start), and the refund and where it stands.
   */
  | {
      kind: "withdrawalConfirmed";
      withdrawnAt: string;
      interval: Interval;
      amount: number;
      startedAt: string;
      refund: number;
      refundState: WithdrawalRefund;
    }
  /**
   * A yearly subscription renews on `renewsAt` (Stripe charges then; `manual`: paid by hand, the
   * payment is due then): the price, and how to stop the renewal.
   */
  | { kind: "renewalNotice"; renewsAt: string; amount: number; manual: boolean };

export type BillingMailInput = BillingMail & {
  locale: MailLocale;
  appName: string;
  appUrl: string;
  name: string;
};

/** The page that stops a renewal or resumes it (the renewal's notices lead there). */
const renewalPage = "/cancel-subscription";

/** One billing email: its words and its page (the account's, or the renewal's), for `Email` (layout.ts). */
export function billingEmail(i18n: I18n, input: BillingMailInput): EmailProps {
  const page =
    input.kind === "renewalNotice" || input.kind === "subscriptionCanceling" ? renewalPage : "/account";
  return {
    words: billingWords(i18n, input),
    link: siteLink(input.appUrl, page, input.locale),
    locale: input.locale,
  };
}

/** A moment with its time, in UTC and saying so ("5 October 2026 at 14:03:12 UTC"). */
function formatMoment(value: string, locale: MailLocale): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    dateStyle: "long",
    timeStyle: "long",
    timeZone: "UTC",
  }).format(parseDateTime(value));
}

/** The confirmation's words on the withdrawal period: started at once (days used kept), or not. */
function orderLine(i18n: I18n, order: OrderTerms, locale: MailLocale): string {
  return order.startNow
    ? i18n._(
        "You asked for the service to start at once on {moment}: if you withdraw within 14 days, the days already used are not refunded.",
        { moment: formatMoment(order.at, locale) },
      )
    : i18n._("You may withdraw within 14 days of the start for a full refund.");
}

function billingWords(i18n: I18n, input: BillingMailInput): Words {
  const { appName, locale } = input;
  const common = greetingAndSignature(i18n, input);
  const date = (value: string) => formatDate(value, locale);
  const price = (amount: number) => i18n._("{price} incl. VAT", { price: formatPrice(amount, locale) });
  const orderLines = (order: OrderTerms | undefined) => (order ? [orderLine(i18n, order, locale)] : []);
  const seeAccount = i18n._("See my account");
  const manage = i18n._("You can manage your subscription from your account at any time.");
  const choosePlan = i18n._("Choose my plan");
  const updatePayment = i18n._("Update my payment method");
  switch (input.kind) {
    case "paymentInstructions":
      return {
        ...common,
        subject: i18n._("How to pay for your {appName} subscription", { appName }),
        lines: [
          input.interval === "year"
            ? i18n._("You chose the paid plan: {price} per year.", { price: price(input.amount) })
            : i18n._("You chose the paid plan: {price} per month.", { price: price(input.amount) }),
          // The first paragraph says how to pay, the account follows it (as on the account page).
          ...input.paragraphs.slice(0, 1),
          ...[
            input.account.holder ? i18n._("Account holder: {holder}", { holder: input.account.holder }) : "",
            i18n._("IBAN: {iban}", { iban: input.account.iban }),
            i18n._("BIC: {bic}", { bic: input.account.bic }),
            i18n._("Reference: {reference}", { reference: input.reference }),
          ].filter(Boolean),
          ...input.paragraphs.slice(1),
          ...orderLines(input.order),
        ],
        action: seeAccount,
        after: [
          i18n._("Your trial goes on meanwhile. As soon as your payment arrives, your account shows it."),
        ],
      };
    case "paymentReceived": {
      const yearly = input.interval === "year";
      const values = { price: price(input.amount), date: date(input.nextDate) };
      return {
        ...common,
        subject: i18n._("Payment received for your {appName} subscription", { appName }),
        // Manual mode: paid until a date, renewed only when the user pays again (nothing is charged).
        lines: input.manual
          ? [
              yearly
                ? i18n._(
                    "Thank you! We received {price} for your yearly subscription. It is paid until {date}.",
                    values,
                  )
                : i18n._(
                    "Thank you! We received {price} for your monthly subscription. It is paid until {date}.",
                    values,
                  ),
              ...(input.receipt === undefined
                ? []
                : [
                    i18n._("Your receipt No. {number} can be downloaded from your account.", {
                      number: formatReceiptNumber(input.receipt),
                    }),
                  ]),
            ]
          : [
              yearly
                ? i18n._("Thank you! We received {price} for your yearly subscription.", values)
                : i18n._("Thank you! We received {price} for your monthly subscription.", values),
              i18n._("Next payment: {date}.", values),
              ...orderLines(input.order),
            ],
        action: seeAccount,
        after: [
          input.manual
            ? i18n._(
                "Before {date}, your account tells you how to renew; nothing renews without you.",
                values,
              )
            : manage,
        ],
      };
    }
    case "subscriptionScheduled": {
      const values = { price: price(input.amount), date: date(input.startsAt) };
      return {
        ...common,
        subject: i18n._("Your {appName} subscription starts on {date}", { appName, date: values.date }),
        lines: [
          i18n._(
            "Your subscription starts on {date}, when your trial ends; nothing is charged until then.",
            values,
          ),
          input.interval === "year"
            ? i18n._("Then {price} per year.", values)
            : i18n._("Then {price} per month.", values),
          ...orderLines(input.order),
        ],
        action: seeAccount,
        after: [manage],
      };
    }
    case "subscriptionCanceling": {
      const values = { date: date(input.endsAt) };
      return {
        ...common,
        subject: i18n._("Your {appName} subscription ends on {date}", { appName, date: values.date }),
        lines: [
          i18n._(
            "Your subscription is canceled: it ends on {date}. You keep your access until then, and nothing more will be charged.",
            values,
          ),
        ],
        action: i18n._("Resume my subscription"),
        after: [
          i18n._(
            "Changed your mind? Until {date}, you can resume it from the page above or from your account.",
            values,
          ),
        ],
      };
    }
    case "subscriptionResumed": {
      const values = { price: price(input.amount), date: date(input.nextDate) };
      return {
        ...common,
        subject: i18n._("Your {appName} subscription goes on", { appName }),
        lines: [
          input.interval === "year"
            ? i18n._(
                "Your subscription is no longer canceled: it renews on {date} at {price} per year.",
                values,
              )
            : i18n._(
                "Your subscription is no longer canceled: it renews on {date} at {price} per month.",
                values,
              ),
        ],
        action: seeAccount,
        after: [manage],
      };
    }
    case "planSwitched": {
      const values = { price: price(input.amount), date: date(input.nextDate) };
      const yearly = input.interval === "year";
      return {
        ...common,
        subject: yearly
          ? i18n._("Your {appName} plan is now yearly", { appName })
          : i18n._("Your {appName} plan is now monthly", { appName }),
        lines: [
          yearly
            ? i18n._("You switched to the yearly plan: {price} per year from {date}.", values)
            : i18n._("You switched to the monthly plan: {price} per month from {date}.", values),
        ],
        action: seeAccount,
        after: [manage],
      };
    }
    case "accessEnded": {
      const values = { date: date(input.endedAt) };
      return {
        ...common,
        subject: i18n._("Your {appName} access has ended", { appName }),
        lines: [
          input.reason === "unpaid"
            ? i18n._(
                "We couldn't take the payment for your subscription, so your Stremio access stopped on {date}.",
                values,
              )
            : i18n._("Your subscription ended on {date}, and your Stremio access is paused.", values),
        ],
        action: choosePlan,
        after: [i18n._("Your Stremio credentials stay the same: subscribe again and they work at once.")],
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
        action: choosePlan,
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
        action: choosePlan,
        after: [i18n._("Your Stremio credentials stay the same.")],
      };
    case "paymentFailed":
      return {
        ...common,
        subject: i18n._("Your {appName} payment didn't go through", { appName }),
        lines: [
          i18n._(
            "We couldn't take the payment for your subscription. Your access goes on until {date} while we try again: please update your payment method from your account.",
            { date: date(input.accessUntil) },
          ),
        ],
        action: updatePayment,
        after: [i18n._("If you already updated your card, you can ignore this email.")],
      };
    case "lastNotice": {
      const values = { date: date(input.accessUntil) };
      return {
        ...common,
        subject: i18n._("Last notice: your {appName} access stops on {date}", { appName, date: values.date }),
        lines: [
          i18n._(
            "We still couldn't take the payment for your subscription. Unless it goes through, your Stremio access stops on {date}.",
            values,
          ),
        ],
        action: updatePayment,
        after: [i18n._("If you already updated your card, you can ignore this email.")],
      };
    }
    case "refundIssued": {
      const values = { price: formatPrice(input.amount, locale), date: date(input.refundedAt) };
      return {
        ...common,
        subject: i18n._("Refund issued for your {appName} subscription", { appName }),
        lines: input.manual
          ? [i18n._("We refunded {price} on {date}, the way you paid.", values)]
          : [
              i18n._("We refunded {price} to your card on {date}.", values),
              i18n._("Depending on your bank, it may take up to 10 days to show on your statement."),
            ],
        action: seeAccount,
        after: [i18n._("Your account shows your subscription as it stands now.")],
      };
    }
    case "withdrawalConfirmed": {
      const refund = formatPrice(input.refund, locale);
      return {
        ...common,
        subject: i18n._("Your withdrawal from your {appName} subscription", { appName }),
        lines: [
          i18n._("We received your withdrawal on {moment}.", {
            moment: formatMoment(input.withdrawnAt, locale),
          }),
          input.interval === "year"
            ? i18n._(
                "The contract withdrawn from: the {appName} yearly subscription at {price} per year, started on {date}. It has ended, and your Stremio access with it.",
                { appName, price: price(input.amount), date: date(input.startedAt) },
              )
            : i18n._(
                "The contract withdrawn from: the {appName} monthly subscription at {price} per month, started on {date}. It has ended, and your Stremio access with it.",
                { appName, price: price(input.amount), date: date(input.startedAt) },
              ),
          input.refundState === "refunded"
            ? i18n._(
                "We refunded {refund} to your card. Depending on your bank, it may take up to 10 days to show on your statement.",
                { refund },
              )
            : input.refundState === "owed"
              ? i18n._("We will refund {refund} within 14 days, the way you paid.", { refund })
              : i18n._("Nothing was charged, so there is nothing to refund."),
        ],
        action: seeAccount,
        after: [i18n._("Keep this email: it is your acknowledgement of the withdrawal.")],
      };
    }
    case "renewalNotice": {
      const values = { price: price(input.amount), date: date(input.renewsAt) };
      return {
        ...common,
        subject: i18n._("Your {appName} subscription renews on {date}", { appName, date: values.date }),
        lines: [
          input.manual
            ? i18n._(
                "Your yearly subscription is paid until {date}. To renew it for another year, {price}, pay before then: your account will tell you how.",
                values,
              )
            : i18n._(
                "Your yearly subscription renews on {date}: {price} will be charged to your card for another year.",
                values,
              ),
          i18n._(
            "Don't want it to renew? Stop the renewal before {date} from the page below: you keep your access until then.",
            values,
          ),
        ],
        action: i18n._("Stop the renewal"),
        after: [manage],
      };
    }
  }
}
