import type { Browser, Locator, Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { formatDate, formatPrice } from "#shared/format.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { siteConfig } from "#shared/site-config.ts";
import { readOutbox } from "#server/testing/outbox.ts";
import {
  asUser,
  at,
  dataDir,
  expectCheckout,
  logIn,
  logInToAccount,
  mailWithSubject,
  password,
  pathIs,
  stripeUser,
  subscriber,
  uniqueEmail,
} from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import {
  createSuperuser,
  stripeBaseURL,
  stripeDataDir,
  superuserOf,
  superuserPassword,
} from "./stripe-server.ts";

// Selling as the law asks, in English and in French, in the browser against the real servers: the
// order step before the button that commits to pay (at sign-up and on the account page), the
// cancellation page every footer leads to, the right of withdrawal within 14 days and its refund,
// the Stripe invoices, and the yearly renewal's notice. Stripe mode: the second e2e server and the
// Stripe test double (playwright.config.ts); manual mode: the first server, its outbox and the
// dashboard.

// Sign-ups hash passwords and a journey crosses two sites: seconds each on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

const day = 24 * 60 * 60 * 1000;
const monthly = siteConfig.plans.paid.monthly;
const yearly = siteConfig.plans.paid.yearly;

const words = {
  en: {
    name: "Name",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
    terms: /terms of use/,
    paidPlan: /Paid plan/,
    monthlyRadio: /Monthly/,
    plan: "Plan",
    order: "Your order",
    orderPlan: { month: "Paid plan, monthly", year: "Paid plan, yearly" },
    price: { month: `${formatPrice(monthly, "en")} incl. VAT per month` },
    renewsMonthly: "Renews every month until you cancel.",
    cancelAnyTime: /Cancel at any time with “Cancel my subscription” at the bottom of every page/,
    firstToday: "Today.",
    firstAfterNewTrial: (date: string) =>
      `On ${date}, when your free trial ends (today if this address has already had a trial).`,
    withdrawalNote:
      "You may withdraw within 14 days of the start, with a full refund unless you ask the service to start at once.",
    startNow: /^Start at once: I ask for the service to begin during the 14-day withdrawal period/,
    termsOfSale: "terms of sale",
    orderButton: "Subscribe and pay",
    oldSubmit: "Create my account",
    back: "Back",
    subscribeMonthly: `Subscribe monthly (${formatPrice(monthly, "en")} incl. VAT/month)`,
    paymentReceived: "Payment received: your subscription is active.",
    setUp: "Your subscription is set up.",
    ended: "Ended",
    receiptSubject: "Payment received for your Lumen subscription",
    startsSubject: (date: string) => `Your Lumen subscription starts on ${date}`,
    startNowLine: "You asked for the service to start at once on",
    // The cancellation page.
    footerCancel: "Cancel my subscription",
    cancelTitle: "Cancel your subscription",
    whatEnds: (date: string) =>
      `If you cancel, your subscription stops renewing: you keep your access and your Stremio credentials until ${date}`,
    confirmCancel: "Confirm cancellation",
    cancelled: (date: string) => `Your subscription is cancelled. It ends on ${date}.`,
    confirmationSent: (email: string) => `We have sent a confirmation to ${email}.`,
    keep: "Keep my subscription",
    kept: "Your subscription goes on: nothing has changed.",
    endsSubject: (date: string) => `Your Lumen subscription ends on ${date}`,
    endsLine: (date: string) => `Your subscription is canceled: it ends on ${date}.`,
    resumedSubject: "Your Lumen subscription goes on",
    trialNothingToCancel: "You are on the free trial: there is no subscription to cancel.",
    // The right of withdrawal.
    withdrawal: "Right of withdrawal",
    inFull: (paid: string) => `You would get back the ${paid} paid, in full.`,
    proRata: (refund: string, paid: string) =>
      `You asked for the service to start at once: you would get back ${refund} of the ${paid} paid, the days used being kept.`,
    withdraw: "Withdraw from contract here",
    contract: { month: "Paid plan, monthly, started on", year: "Paid plan, yearly, started on" },
    acknowledgementTo: "Acknowledgement to",
    confirmWithdrawal: "Confirm withdrawal",
    received: (date: string) =>
      new RegExp(
        `^Your withdrawal was received on ${escape(date)}.*\\sUTC\\. Your subscription has ended\\.$`,
      ),
    refunded: (amount: string) =>
      `${amount} is refunded to your card; it shows on your statement within 5 to 10 days.`,
    owed: (amount: string) => `We will refund ${amount} within 14 days, the way you paid.`,
    withdrawalSubject: "Your withdrawal from your Lumen subscription",
    withdrawalRefunded: (amount: string) => `We refunded ${amount} to your card.`,
    withdrawalOwed: (amount: string) => `We will refund ${amount} within 14 days, the way you paid.`,
    accessEndedSubject: "Your Lumen access has ended",
    // Invoices.
    invoices: "Invoices",
    invoiceLine: (number: string, date: string, total: string) =>
      `No. ${number}, ${date}: ${total} incl. VAT`,
    view: "View",
    viewInvoice: (number: string) => `View invoice No. ${number}`,
    download: "Download (PDF)",
    downloadInvoice: (number: string) => `Download invoice No. ${number} (PDF)`,
    // The renewal's notice.
    renewsSubject: (date: string) => `Your Lumen subscription renews on ${date}`,
    priceWithVat: `${formatPrice(yearly, "en")} incl. VAT`,
    // The dashboard.
    dashboard: "/_/users",
    userPage: (id: string) => `/_/user?id=${id}`,
    dashboardTitle: "Superuser sign-in",
    signIn: "Sign in",
    nav: "Dashboard",
    billing: "Billing",
    refundToMake: (amount: string, date: string) => `Refund to make: ${amount}, withdrawal of ${date}`,
    markRefundMade: "Mark the refund as made",
    markRefundTitle: (amount: string) => `Mark the refund of ${amount} as made?`,
    refundRecorded: (amount: string) => `Recorded: ${amount} refunded. The user gets an email saying so.`,
    refundSubject: "Refund issued for your Lumen subscription",
    loginTitle: "Log in",
  },
  fr: {
    name: "Nom",
    email: "E-mail",
    password: "Mot de passe",
    confirm: "Confirmez le mot de passe",
    terms: /conditions d’utilisation/,
    paidPlan: /Offre payante/,
    monthlyRadio: /Mensuel/,
    plan: "Offre",
    order: "Votre commande",
    orderPlan: { month: "Offre payante, mensuelle", year: "Offre payante, annuelle" },
    price: { month: `${formatPrice(monthly, "fr")} TTC par mois` },
    renewsMonthly: "Se renouvelle chaque mois jusqu’à votre résiliation.",
    cancelAnyTime: /Résilier mon abonnement/,
    firstToday: "Aujourd’hui.",
    firstAfterNewTrial: (date: string) =>
      `Le ${date}, à la fin de votre essai gratuit (aujourd’hui si cette adresse a déjà eu un essai).`,
    withdrawalNote:
      "Vous pouvez vous rétracter dans les 14 jours suivant le début, avec un remboursement complet, sauf si vous demandez que le service commence tout de suite.",
    startNow:
      /^Démarrer tout de suite\s: je demande que le service commence pendant le délai de rétractation de 14 jours/,
    termsOfSale: "conditions générales de vente",
    orderButton: "Commander avec obligation de paiement",
    oldSubmit: "Créer mon compte",
    back: "Retour",
    subscribeMonthly: `S’abonner au mois (${formatPrice(monthly, "fr")} TTC/mois)`,
    paymentReceived: "Paiement reçu\u202f: votre abonnement est actif.",
    setUp: "Votre abonnement est en place.",
    ended: "Terminé",
    receiptSubject: "Paiement reçu pour votre abonnement Lumen",
    startsSubject: (date: string) => `Votre abonnement Lumen commence le ${date}`,
    startNowLine: "Vous avez demandé que le service commence immédiatement le",
    footerCancel: "Résilier mon abonnement",
    cancelTitle: "Résilier votre abonnement",
    whatEnds: (date: string) =>
      `Si vous résiliez, votre abonnement n’est plus renouvelé\u202f: vous gardez votre accès et vos identifiants Stremio jusqu’au ${date}`,
    confirmCancel: "Confirmer la résiliation",
    cancelled: (date: string) => `Votre abonnement est résilié. Il prend fin le ${date}.`,
    confirmationSent: (email: string) => `Nous avons envoyé une confirmation à ${email}.`,
    keep: "Garder mon abonnement",
    kept: "Votre abonnement continue\u202f: rien n’a changé.",
    endsSubject: (date: string) => `Votre abonnement Lumen prend fin le ${date}`,
    endsLine: (date: string) => `Votre abonnement est résilié\u00a0: il prend fin le ${date}.`,
    resumedSubject: "Votre abonnement Lumen continue",
    trialNothingToCancel: "Vous êtes en essai gratuit",
    withdrawal: "Droit de rétractation",
    inFull: (paid: string) => `Vous récupéreriez les ${paid} payés, en totalité.`,
    proRata: (refund: string, paid: string) =>
      `Vous avez demandé que le service commence tout de suite\u202f: vous récupéreriez ${refund} sur les ${paid} payés, les jours utilisés étant retenus.`,
    withdraw: "Se rétracter du contrat ici",
    contract: {
      month: "Offre payante, mensuelle, commencée le",
      year: "Offre payante, annuelle, commencée le",
    },
    acknowledgementTo: "Accusé de réception à",
    confirmWithdrawal: "Confirmer la rétractation",
    received: (date: string) =>
      new RegExp(
        `^Votre rétractation a été reçue le ${escape(date)}.*\\sUTC\\. Votre abonnement a pris fin\\.$`,
      ),
    refunded: (amount: string) =>
      `${amount} sont remboursés sur votre carte\u202f; le remboursement apparaît sur votre relevé sous 5 à 10 jours.`,
    owed: (amount: string) =>
      `Nous vous rembourserons ${amount} sous 14 jours, par le moyen de paiement utilisé.`,
    withdrawalSubject: "Votre rétractation de votre abonnement Lumen",
    withdrawalRefunded: (amount: string) => `Nous vous avons remboursé ${amount} sur votre carte.`,
    withdrawalOwed: (amount: string) =>
      `Nous vous rembourserons ${amount} sous 14 jours, par le moyen de paiement que vous aviez utilisé.`,
    accessEndedSubject: "Votre accès Lumen a pris fin",
    invoices: "Factures",
    invoiceLine: (number: string, date: string, total: string) =>
      `N°\u00a0${number}, ${date}\u202f: ${total} TTC`,
    view: "Voir",
    viewInvoice: (number: string) => `Voir la facture n°\u00a0${number}`,
    download: "Télécharger (PDF)",
    downloadInvoice: (number: string) => `Télécharger la facture n°\u00a0${number} (PDF)`,
    renewsSubject: (date: string) => `Votre abonnement Lumen se renouvelle le ${date}`,
    priceWithVat: `${formatPrice(yearly, "fr")} TTC`,
    dashboard: "/fr/_/users",
    userPage: (id: string) => `/fr/_/user?id=${id}`,
    dashboardTitle: "Connexion superutilisateur",
    signIn: "Se connecter",
    nav: "Tableau de bord",
    billing: "Facturation",
    refundToMake: (amount: string, date: string) =>
      `Remboursement à faire\u00a0: ${amount}, rétractation du ${date}`,
    markRefundMade: "Marquer le remboursement comme effectué",
    markRefundTitle: (amount: string) => `Marquer le remboursement de ${amount} comme effectué\u202f?`,
    refundRecorded: (amount: string) =>
      `Enregistré\u00a0: ${amount} remboursés. L’utilisateur reçoit un e-mail le lui disant.`,
    refundSubject: "Remboursement effectué pour votre abonnement Lumen",
    loginTitle: "Connexion",
  },
} satisfies Record<Locale, unknown>;

type Words = (typeof words)[Locale];

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A mail's text on one line, its spaces (narrow, non-breaking, line breaks) made plain. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** The account page's plan card. */
const planCard = (page: Page, w: Words) => page.getByRole("region", { name: w.plan, exact: true });

/** The subjects of the mails sent to `to`, in `dir`'s outbox. */
const subjectsTo = (dir: string, to: string) =>
  readOutbox(dir)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.subject);

/** The order step's summary (src/widgets/billing/order-step.tsx), as it reads before anything is ticked. */
async function expectOrderSummary(order: Locator, locale: Locale, first: string) {
  const w = words[locale];
  await expect(order.getByText(w.orderPlan.month, { exact: true })).toBeVisible();
  await expect(order.getByText(w.price.month, { exact: true })).toBeVisible();
  await expect(order.getByText(w.renewsMonthly)).toBeVisible();
  await expect(order.getByText(w.cancelAnyTime)).toBeVisible();
  await expect(order.getByText(first, { exact: true })).toBeVisible();
  await expect(order.getByText(w.withdrawalNote)).toBeVisible();
  await expect(order.getByRole("checkbox", { name: w.startNow })).not.toBeChecked();
  await expect(order.getByRole("link", { name: w.termsOfSale, exact: true })).toHaveAttribute(
    "href",
    at(locale, "/cgv"),
  );
}

/** What the Stripe double holds (its test controls' `GET /_double/state`). */
type DoubleState = {
  invoices: Record<
    string,
    {
      id: string;
      customer: string;
      number: string;
      created: number;
      total: number;
      amount_paid: number;
      hosted_invoice_url: string;
      invoice_pdf: string;
      parent: { subscription_details: { subscription: string } };
      lines: { data: { period: { start: number; end: number } }[] };
    }
  >;
  refunds: Record<string, { amount: number; metadata: Record<string, string> }>;
};

async function doubleState(): Promise<DoubleState> {
  return (await (await fetch(`${process.env.E2E_STRIPE_DOUBLE}/_double/state`)).json()) as DoubleState;
}

/** The refunds the double made for a user's withdrawal. */
async function withdrawalRefunds(userId: string) {
  return Object.values((await doubleState()).refunds).filter(
    (refund) => refund.metadata.user === userId && refund.metadata.withdrawal === "true",
  );
}

/** A user of the Stripe-mode server whose trial is over and who never subscribed. */
function afterTrial(locale: Locale) {
  return stripeUser(locale, locale === "fr" ? "Noa Commande" : "Noa Order", { trialOver: true });
}

/**
 * The withdrawal from the start: the section says what comes back, the confirmation step names
 * who withdraws from what and where the acknowledgement goes, and the acknowledgement shows on
 * screen. `scope`: the plan card or the cancellation page.
 */
async function withdraw(
  scope: Locator,
  locale: Locale,
  user: { name: string; email: string; interval: "month" | "year"; offer: string; refund: string },
) {
  const w = words[locale];
  const section = scope.getByRole("region", { name: w.withdrawal, exact: true });
  await expect(section.getByText(user.offer)).toBeVisible();
  await section.getByRole("button", { name: w.withdraw, exact: true }).click();
  const today = formatDate(new Date().toISOString(), locale);
  await expect(section.getByText(user.name, { exact: true })).toBeVisible();
  await expect(section.getByText(`${w.contract[user.interval]} ${today}`, { exact: true })).toBeVisible();
  await expect(section.getByText(w.acknowledgementTo, { exact: true })).toBeVisible();
  await expect(section.getByText(user.email, { exact: true })).toBeVisible();
  await section.getByRole("button", { name: w.confirmWithdrawal, exact: true }).click();
  await expect(scope.getByText(w.received(today))).toBeVisible();
  await expect(scope.getByText(user.refund, { exact: true })).toBeVisible();
}

test.describe("with Stripe", () => {
  test.use({ baseURL: stripeBaseURL });
  // The double's plain pages have no icon: the browser's request for one is not the site's error.
  test.beforeEach(async ({ context }) => {
    await context.route(new URL("/favicon.ico", process.env.E2E_STRIPE_DOUBLE).href, (route) =>
      route.fulfill({ status: 204 }),
    );
  });

  for (const locale of ["en", "fr"] as const) {
    const w = words[locale];

    test(`at sign-up the paid plan shows the order above "Subscribe and pay", and the start-at-once box is kept (${locale})`, async ({
      page,
    }) => {
      const email = uniqueEmail(`order-signup-${locale}`);
      await page.goto(at(locale, "/signup"));
      // The trial: no order, and the button starts the trial.
      await expect(page.getByRole("region", { name: w.order, exact: true })).toHaveCount(0);
      await page.getByRole("radio", { name: w.paidPlan }).check();
      await page.getByRole("radio", { name: w.monthlyRadio }).check();
      const order = page.getByRole("region", { name: w.order, exact: true });
      const trialEnd = formatDate(
        new Date(Date.now() + siteConfig.plans.trialDays * day).toISOString(),
        locale,
      );
      await expectOrderSummary(order, locale, w.firstAfterNewTrial(trialEnd));
      await expect(page.getByRole("button", { name: w.oldSubmit })).toHaveCount(0);
      // The summary stands above the button that commits to pay.
      const submit = page.getByRole("button", { name: w.orderButton, exact: true });
      const orderBox = (await order.boundingBox())!;
      const submitBox = (await submit.boundingBox())!;
      expect(orderBox.y + orderBox.height).toBeLessThanOrEqual(submitBox.y);

      await page.getByLabel(w.name, { exact: true }).fill(locale === "fr" ? "Lou Commande" : "Lou Order");
      await page.getByLabel(w.email, { exact: true }).fill(email);
      await page.getByLabel(w.password, { exact: true }).fill(password);
      await page.getByLabel(w.confirm, { exact: true }).fill(password);
      await page.getByRole("checkbox", { name: w.terms }).check();
      await order.getByRole("checkbox", { name: w.startNow }).check();
      await submit.click();

      // Checkout keeps the new trial; the subscription starts when it ends.
      await expectCheckout(page, locale, "monthly");
      await expect(page.getByText("Free trial", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      await expect(planCard(page, w).getByText(w.setUp, { exact: true })).toBeVisible();

      // The box ticked is the order's: the confirmation repeats it.
      const user = await asUser(stripeBaseURL, email);
      const subscription = await user.subscription();
      expect(subscription).toMatchObject({ status: "trialing", interval: "month" });
      const mail = await mailWithSubject(
        stripeDataDir,
        email,
        w.startsSubject(formatDate(subscription.current_period_end, locale)),
      );
      expect(flat(mail.text)).toContain(
        flat(`${w.startNowLine} ${formatDate(new Date().toISOString(), locale)}`),
      );
      expect(await user.pb.send("/api/billing/withdrawal", {})).toMatchObject({ startNow: true });
    });

    test(`the account page's order step leads to Checkout; started at once, a withdrawal refunds pro rata (${locale})`, async ({
      page,
    }) => {
      const user = await afterTrial(locale);
      await logInToAccount(page, locale, user.email);
      const card = planCard(page, w);
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();

      // The plan's button opens the order, which goes back without a trace.
      const order = card.getByRole("region", { name: w.order, exact: true });
      await card.getByRole("button", { name: w.subscribeMonthly }).click();
      await expectOrderSummary(order, locale, w.firstToday);
      await order.getByRole("checkbox", { name: w.startNow }).check();
      await card.getByRole("button", { name: w.back, exact: true }).click();
      await expect(order).toHaveCount(0);
      await card.getByRole("button", { name: w.subscribeMonthly }).click();
      await expect(order.getByRole("checkbox", { name: w.startNow })).not.toBeChecked();

      // Ticked, then paid on Checkout, charged at once.
      await order.getByRole("checkbox", { name: w.startNow }).check();
      await card.getByRole("button", { name: w.orderButton, exact: true }).click();
      await expectCheckout(page, locale, "monthly");
      await expect(page.getByText("Free trial", { exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      await expect(card.getByText(w.paymentReceived)).toBeVisible();
      const receipt = await mailWithSubject(stripeDataDir, user.email, w.receiptSubject);
      expect(flat(receipt.text)).toContain(
        flat(`${w.startNowLine} ${formatDate(new Date().toISOString(), locale)}`),
      );

      // The refund keeps the days begun since the paid period started: one, today.
      const subscription = await user.subscription();
      const invoice = Object.values((await doubleState()).invoices).find(
        (item) => item.parent.subscription_details.subscription === subscription.subscription,
      )!;
      const { start, end } = invoice.lines.data[0]!.period;
      const days = Math.round((end - start) / 86_400);
      const used = Math.ceil((Date.now() / 1000 - start) / 86_400);
      expect(used).toBe(1);
      const refund = Math.round(invoice.amount_paid - (invoice.amount_paid * used) / days) / 100;
      expect(refund).toBeLessThan(monthly);
      const amount = formatPrice(refund, locale);
      await withdraw(card, locale, {
        name: locale === "fr" ? "Noa Commande" : "Noa Order",
        email: user.email,
        interval: "month",
        offer: w.proRata(amount, formatPrice(monthly, locale)),
        refund: w.refunded(amount),
      });

      // The money went back through Stripe; access ended; one acknowledgement.
      expect(await withdrawalRefunds(user.id)).toEqual([
        expect.objectContaining({ amount: Math.round(refund * 100) }),
      ]);
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "canceled" });
      expect(await user.stremioField()).toBe("inactive");
      const mail = await mailWithSubject(stripeDataDir, user.email, w.withdrawalSubject);
      expect(flat(mail.text)).toContain(flat(w.withdrawalRefunded(amount)));
      const subjects = subjectsTo(stripeDataDir, user.email);
      expect(subjects.filter((subject) => subject === w.withdrawalSubject)).toHaveLength(1);
      expect(subjects).not.toContain(w.accessEndedSubject);
    });

    test(`a subscriber cancels from the footer in one click, is told and emailed the date, and undoes it (Stripe, ${locale})`, async ({
      page,
      baseURL,
    }) => {
      const user = await subscriber(locale, "year");
      const before = await user.subscription();
      const endsOn = formatDate(before.current_period_end, locale);
      await logInToAccount(page, locale, user.email);
      await page.getByRole("contentinfo").getByRole("link", { name: w.footerCancel, exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/cancel-subscription"));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: w.cancelTitle })).toBeVisible();
      await expect(main.getByText(w.whatEnds(endsOn))).toBeVisible();
      await expect(main.getByRole("button", { name: w.confirmCancel })).toHaveCount(1);

      await main.getByRole("button", { name: w.confirmCancel, exact: true }).click();
      await expect(main.getByText(w.cancelled(endsOn), { exact: true })).toBeVisible();
      await expect(main.getByText(w.confirmationSent(user.email), { exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "active", cancel_at_period_end: true });
      expect(await user.stremioField()).toBe("active");
      const mail = await mailWithSubject(stripeDataDir, user.email, w.endsSubject(endsOn));
      expect(flat(mail.text)).toContain(flat(w.endsLine(endsOn)));
      expect(mail.text).toContain(`${baseURL}${at(locale, "/cancel-subscription")}`);

      // Undone from the same page: the subscription renews again, and an email says so.
      await main.getByRole("button", { name: w.keep, exact: true }).click();
      await expect(main.getByText(w.kept, { exact: true })).toBeVisible();
      await expect(main.getByRole("button", { name: w.confirmCancel, exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "active", cancel_at_period_end: false });
      await mailWithSubject(stripeDataDir, user.email, w.resumedSubject);
    });

    test(`a subscriber withdraws from the cancellation page within 14 days and is refunded in full (${locale})`, async ({
      page,
    }) => {
      const user = await subscriber(locale, "year");
      await logInToAccount(page, locale, user.email);
      await page.goto(at(locale, "/cancel-subscription"));
      const main = page.getByRole("main");
      const paid = formatPrice(yearly, locale);
      await withdraw(main, locale, {
        name: locale === "fr" ? "Camille Abonnée" : "Sam Subscriber",
        email: user.email,
        interval: "year",
        offer: w.inFull(paid),
        refund: w.refunded(paid),
      });
      expect(await withdrawalRefunds(user.id)).toEqual([expect.objectContaining({ amount: yearly * 100 })]);
      expect(await user.subscription()).toMatchObject({ status: "canceled" });
      expect(await user.stremioField()).toBe("inactive");
      const mail = await mailWithSubject(stripeDataDir, user.email, w.withdrawalSubject);
      expect(flat(mail.text)).toContain(flat(w.withdrawalRefunded(paid)));
      expect(subjectsTo(stripeDataDir, user.email).filter((s) => s === w.withdrawalSubject)).toHaveLength(1);

      // The account page: ended, and no withdrawal to make any more.
      await page.goto(at(locale, "/account"));
      const card = planCard(page, w);
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: w.withdraw })).toHaveCount(0);
    });

    test(`the plan card lists the Stripe invoices with their page and PDF (${locale})`, async ({ page }) => {
      const user = await subscriber(locale, "month");
      const { customer } = await user.subscription();
      const [invoice, ...others] = Object.values((await doubleState()).invoices).filter(
        (item) => item.customer === customer,
      );
      expect(others).toEqual([]);
      await logInToAccount(page, locale, user.email);
      const invoices = planCard(page, w).getByRole("region", { name: w.invoices, exact: true });
      await expect(invoices.getByRole("listitem")).toHaveCount(1);
      const date = formatDate(new Date(invoice!.created * 1000).toISOString(), locale, "medium");
      await expect(
        invoices.getByText(w.invoiceLine(invoice!.number, date, formatPrice(invoice!.total / 100, locale)), {
          exact: true,
        }),
      ).toBeVisible();
      const view = invoices.getByRole("link", { name: w.viewInvoice(invoice!.number), exact: true });
      const pdf = invoices.getByRole("link", { name: w.downloadInvoice(invoice!.number), exact: true });
      await expect(view).toHaveText(w.view);
      await expect(view).toHaveAttribute("href", invoice!.hosted_invoice_url);
      await expect(pdf).toHaveText(w.download);
      await expect(pdf).toHaveAttribute("href", invoice!.invoice_pdf);

      // Stripe's page of the invoice, then its PDF, as the browser opens them.
      await view.click();
      await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice!.id}` })).toBeVisible();
      await page.goBack();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url() === invoice!.invoice_pdf),
        pdf.click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      await expect(page).toHaveURL(invoice!.invoice_pdf);
      // The browser shows it in its PDF viewer; the file itself is a PDF.
      const file = await page.request.get(invoice!.invoice_pdf);
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    });
  }
});

// Manual mode: the first e2e server, which has no STRIPE_SECRET_KEY. Its users are what the
// dashboard's backup restore rolls back: that spec runs after this project (playwright.config.ts).
test.describe("without Stripe (manual mode)", () => {
  /** One superuser of the manual-mode server per worker. */
  let root: Promise<PocketBase> | undefined;
  const superuser = (baseURL: string) => (root ??= superuserOf(baseURL, dataDir).then((r) => r.pb));

  /**
   * A user whose trial is over and whose payment the operator recorded by hand
   * (`POST /api/billing/mark-paid`): their access is the payment's alone.
   */
  async function paidByHand(baseURL: string, locale: Locale, interval: "month" | "year", until: Date) {
    const email = uniqueEmail(`by-hand-${locale}`);
    const name = locale === "fr" ? "Alex Virement" : "Alex Transfer";
    await new PocketBase(baseURL)
      .collection("users")
      .create({ email, password, passwordConfirm: password, plan: "free", name, locale });
    const user = await asUser(baseURL, email);
    const root = await superuser(baseURL);
    await root
      .collection("users")
      .update(user.id, { trial_ends: new Date(Date.now() - 60_000).toISOString().replace("T", " ") });
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: until.toISOString(), interval },
    });
    expect(await user.subscription()).toMatchObject({ status: "active", interval });
    return { email, name, ...user };
  }

  /** The operator, in their own browser, on the user's dashboard page. */
  async function operatorOpens(browser: Browser, w: Words, userId: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(w.dashboard);
    await expect(page.getByRole("heading", { level: 1, name: w.dashboardTitle })).toBeVisible();
    await page.getByLabel(w.email, { exact: true }).fill(await createSuperuser(dataDir));
    await page.getByLabel(w.password, { exact: true }).fill(superuserPassword);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await expect(page.getByRole("navigation", { name: w.nav })).toBeVisible();
    await page.goto(w.userPage(userId));
    return { page, close: () => context.close() };
  }

  for (const locale of ["en", "fr"] as const) {
    const w = words[locale];

    test(`a signed-out visitor follows the footer link, logs in and lands on the cancellation page (${locale})`, async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`footer-${locale}`);
      await new PocketBase(baseURL)
        .collection("users")
        .create({ email, password, passwordConfirm: password, plan: "free", name: "Robin", locale });
      await page.goto(at(locale, "/"));
      await page.getByRole("contentinfo").getByRole("link", { name: w.footerCancel, exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(
          `${escape(at(locale, "/login"))}\\?redirect=${escape(encodeURIComponent(at(locale, "/cancel-subscription")))}$`,
        ),
      );
      await logIn(page, email, password, locale === "fr");
      await expect(page).toHaveURL(pathIs(locale, "/cancel-subscription"));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: w.cancelTitle })).toBeVisible();
      await expect(main.getByText(w.trialNothingToCancel)).toBeVisible();
      await expect(main.getByRole("button", { name: w.confirmCancel })).toHaveCount(0);
    });

    test(`a payment recorded by hand is cancelled from the footer, told and emailed, then kept (${locale})`, async ({
      page,
      baseURL,
    }) => {
      const until = new Date(Date.now() + 20 * day);
      const user = await paidByHand(baseURL!, locale, "month", until);
      const endsOn = formatDate(until.toISOString(), locale);
      await logInToAccount(page, locale, user.email);
      await page.getByRole("contentinfo").getByRole("link", { name: w.footerCancel, exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/cancel-subscription"));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: w.cancelTitle })).toBeVisible();
      await expect(main.getByText(w.whatEnds(endsOn))).toBeVisible();
      await expect(main.getByRole("button", { name: w.confirmCancel })).toHaveCount(1);

      await main.getByRole("button", { name: w.confirmCancel, exact: true }).click();
      await expect(main.getByText(w.cancelled(endsOn), { exact: true })).toBeVisible();
      await expect(main.getByText(w.confirmationSent(user.email), { exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ cancel_at_period_end: true });
      const mail = await mailWithSubject(dataDir, user.email, w.endsSubject(endsOn));
      expect(flat(mail.text)).toContain(flat(w.endsLine(endsOn)));
      expect(mail.text).toContain(`${baseURL}${at(locale, "/cancel-subscription")}`);

      await main.getByRole("button", { name: w.keep, exact: true }).click();
      await expect(main.getByText(w.kept, { exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "active", cancel_at_period_end: false });
      await mailWithSubject(dataDir, user.email, w.resumedSubject);
    });

    test(`a withdrawal from a payment made by hand leaves a refund owed, which the operator sees and records (${locale})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const user = await paidByHand(baseURL!, locale, "month", new Date(Date.now() + 30 * day));
      const paid = formatPrice(monthly, locale);
      await logInToAccount(page, locale, user.email);
      const card = planCard(page, w);
      await withdraw(card, locale, {
        name: user.name,
        email: user.email,
        interval: "month",
        offer: w.inFull(paid),
        refund: w.owed(paid),
      });
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "canceled" });
      const mail = await mailWithSubject(dataDir, user.email, w.withdrawalSubject);
      expect(flat(mail.text)).toContain(flat(w.withdrawalOwed(paid)));
      expect(subjectsTo(dataDir, user.email).filter((s) => s === w.withdrawalSubject)).toHaveLength(1);

      // The operator sees the refund to make, and records it once made.
      const operator = await operatorOpens(browser, w, user.id);
      try {
        const billing = operator.page.getByRole("region", { name: w.billing, exact: true });
        const today = formatDate(new Date().toISOString(), locale);
        await expect(billing.getByRole("heading", { name: w.refundToMake(paid, today) })).toBeVisible();
        await billing.getByRole("button", { name: w.markRefundMade, exact: true }).click();
        const dialog = operator.page.getByRole("alertdialog");
        await expect(dialog.getByRole("heading")).toHaveText(w.markRefundTitle(paid));
        await dialog.getByRole("button", { name: w.markRefundMade, exact: true }).click();
        await expect(billing.getByText(w.refundRecorded(paid))).toBeVisible();
        await expect(billing.getByRole("button", { name: w.markRefundMade })).toHaveCount(0);
        await mailWithSubject(dataDir, user.email, w.refundSubject);
      } finally {
        await operator.close();
      }
    });

    test(`a yearly payment made by hand gets one renewal notice from the billing sweep, run through the crons API (${locale})`, async ({
      baseURL,
    }) => {
      const until = new Date(Date.now() + 55 * day);
      const user = await paidByHand(baseURL!, locale, "year", until);
      const subject = w.renewsSubject(formatDate(until.toISOString(), locale));
      const pb = await superuser(baseURL!);
      await pb.crons.run("billingSweep");
      const mail = await mailWithSubject(dataDir, user.email, subject);
      expect(flat(mail.text)).toContain(flat(w.priceWithVat));
      expect(mail.text).toContain(`${baseURL}${at(locale, "/cancel-subscription")}`);

      // Run again: nothing more for this user. Sweeps run one after the other, in the order they
      // were asked for: a user paid after the second run was asked for gets their notice from
      // that run or a later one, so once it is in, the second run is over.
      await pb.crons.run("billingSweep");
      const probe = await paidByHand(baseURL!, locale, "year", until);
      await pb.crons.run("billingSweep");
      await mailWithSubject(dataDir, probe.email, subject);
      expect(subjectsTo(dataDir, user.email).filter((s) => s === subject)).toHaveLength(1);
    });
  }
});
