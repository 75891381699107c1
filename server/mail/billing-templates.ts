import { formatDate, formatPrice } from "../../shared/format.ts";
import { paidPrice } from "../core/billing.ts";
import { type Interval } from "../../shared/billing.ts";
import { type MailContent, type MailLocale, nbsp, narrow, renderLayout, type Words } from "./templates.ts";

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

/** The account page in the reader's language. */
export function accountLink(locale: MailLocale, appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}${locale === "fr" ? "/fr" : ""}/account`;
}

/** Subject, text and HTML of one billing email. */
export function renderBillingMail(input: BillingMailInput): MailContent {
  return renderLayout(billingWords(input), accountLink(input.locale, input.appUrl), input.locale);
}

function billingWords(input: BillingMailInput): Words {
  const { appName, locale, name } = input;
  const date = (value: string) => formatDate(value, locale);
  const price = (amount: number) => formatPrice(amount, locale);
  if (locale === "fr") {
    const greeting = name ? `Bonjour ${name},` : "Bonjour,";
    const signature = `L’équipe ${appName}`;
    const per = (interval: Interval) => (interval === "year" ? "par an" : "par mois");
    switch (input.kind) {
      case "paymentInstructions":
        return {
          subject: `Comment régler votre abonnement ${appName}`,
          greeting,
          lines: [
            `Vous avez choisi l’offre payante${nbsp}: ${price(input.amount)} ${per(input.interval)}.`,
            ...input.instructions,
          ],
          action: "Voir mon compte",
          after: [
            "Votre essai continue en attendant. Dès que nous recevons votre paiement, votre compte l’indique.",
          ],
          signature,
        };
      case "subscriptionActive":
        return {
          subject: `Votre abonnement ${appName} est actif`,
          greeting,
          lines: [
            input.manual
              ? `Merci${narrow}! Votre paiement est enregistré${nbsp}: votre abonnement est réglé jusqu’au ${date(input.nextDate)}.`
              : input.amount > 0
                ? `Merci${narrow}! Nous avons bien reçu ${price(input.amount)} pour votre abonnement ${input.interval === "year" ? "annuel" : "mensuel"}.`
                : `Votre abonnement ${input.interval === "year" ? "annuel" : "mensuel"} est en place. Votre essai continue jusqu’au ${date(input.trialEnds ?? input.nextDate)}${nbsp}: rien n’est prélevé avant.`,
            ...(input.manual ? [] : [`Prochain paiement le ${date(input.nextDate)}.`]),
          ],
          action: "Voir mon compte",
          after: ["Vous pouvez gérer votre abonnement à tout moment depuis votre compte."],
          signature,
        };
      case "trialEndingSoon":
        return {
          subject: `Votre essai ${appName} se termine le ${date(input.endsAt)}`,
          greeting,
          lines: [
            `Votre essai gratuit se termine le ${date(input.endsAt)}. Pour continuer à regarder, choisissez l’offre payante${nbsp}: ${price(paidPrice("month"))} par mois ou ${price(paidPrice("year"))} par an.`,
          ],
          action: "Choisir mon offre",
          after: ["Sans abonnement, votre accès Stremio sera mis en pause à la fin de l’essai."],
          signature,
        };
      case "trialEnded":
        return {
          subject: `Votre essai ${appName} est terminé`,
          greeting,
          lines: [
            `Votre essai gratuit s’est terminé le ${date(input.endedAt)}${nbsp}: votre accès Stremio est en pause. Choisissez l’offre payante pour le retrouver aussitôt.`,
          ],
          action: "Choisir mon offre",
          after: ["Vos identifiants Stremio restent les mêmes."],
          signature,
        };
      case "paymentFailed":
        return {
          subject: `Le paiement de votre abonnement ${appName} n’a pas abouti`,
          greeting,
          lines: [
            `Nous n’avons pas pu prélever le paiement de votre abonnement. Votre accès continue pendant que nous réessayons${nbsp}: mettez à jour votre moyen de paiement depuis votre compte.`,
          ],
          action: "Mettre à jour mon moyen de paiement",
          after: ["Si vous avez déjà mis à jour votre carte, ignorez cet e-mail."],
          signature,
        };
      case "subscriptionCanceled":
        return {
          subject: `Votre abonnement ${appName} est résilié`,
          greeting,
          lines: [
            `Votre abonnement est résilié. Vous gardez votre accès jusqu’au ${date(input.endsAt)}${nbsp}; rien ne sera plus prélevé.`,
          ],
          action: "Voir mon compte",
          after: ["Vous pouvez vous réabonner à tout moment depuis votre compte."],
          signature,
        };
    }
  }
  const greeting = name ? `Hello ${name},` : "Hello,";
  const signature = `The ${appName} team`;
  const per = (interval: Interval) => (interval === "year" ? "per year" : "per month");
  switch (input.kind) {
    case "paymentInstructions":
      return {
        subject: `How to pay for your ${appName} subscription`,
        greeting,
        lines: [
          `You chose the paid plan: ${price(input.amount)} ${per(input.interval)}.`,
          ...input.instructions,
        ],
        action: "See my account",
        after: ["Your trial goes on meanwhile. As soon as your payment arrives, your account shows it."],
        signature,
      };
    case "subscriptionActive":
      return {
        subject: `Your ${appName} subscription is active`,
        greeting,
        lines: [
          input.manual
            ? `Thank you! Your payment is recorded: your subscription is paid until ${date(input.nextDate)}.`
            : input.amount > 0
              ? `Thank you! We received ${price(input.amount)} for your ${input.interval === "year" ? "yearly" : "monthly"} subscription.`
              : `Your ${input.interval === "year" ? "yearly" : "monthly"} subscription is set up. Your trial goes on until ${date(input.trialEnds ?? input.nextDate)}: nothing is charged before then.`,
          ...(input.manual ? [] : [`Next payment: ${date(input.nextDate)}.`]),
        ],
        action: "See my account",
        after: ["You can manage your subscription from your account at any time."],
        signature,
      };
    case "trialEndingSoon":
      return {
        subject: `Your ${appName} trial ends on ${date(input.endsAt)}`,
        greeting,
        lines: [
          `Your free trial ends on ${date(input.endsAt)}. To keep streaming, choose the paid plan: ${price(paidPrice("month"))} per month or ${price(paidPrice("year"))} per year.`,
        ],
        action: "Choose my plan",
        after: ["Without a subscription, your Stremio access pauses when the trial ends."],
        signature,
      };
    case "trialEnded":
      return {
        subject: `Your ${appName} trial has ended`,
        greeting,
        lines: [
          `Your free trial ended on ${date(input.endedAt)}, and your Stremio access is paused. Choose the paid plan to get it back at once.`,
        ],
        action: "Choose my plan",
        after: ["Your Stremio credentials stay the same."],
        signature,
      };
    case "paymentFailed":
      return {
        subject: `Your ${appName} payment didn't go through`,
        greeting,
        lines: [
          "We couldn't take the payment for your subscription. Your access goes on while we try again: please update your payment method from your account.",
        ],
        action: "Update my payment method",
        after: ["If you already updated your card, you can ignore this email."],
        signature,
      };
    case "subscriptionCanceled":
      return {
        subject: `Your ${appName} subscription is canceled`,
        greeting,
        lines: [
          `Your subscription is canceled. You keep your access until ${date(input.endsAt)}; nothing more will be charged.`,
        ],
        action: "See my account",
        after: ["You can subscribe again from your account at any time."],
        signature,
      };
  }
}
