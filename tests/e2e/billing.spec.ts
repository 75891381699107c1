import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { formatDate, formatPrice } from "#shared/format.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import { readOutbox } from "#server/testing/outbox.ts";
import {
  asUser,
  at,
  dataDir,
  expectCheckout,
  logInToAccount,
  mailWithSubject,
  password,
  pathIs,
  stripeUser,
  subscriber,
  supportEmail,
  uniqueEmail,
} from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import {
  createSuperuser,
  holdWebhooks,
  releaseWebhooks,
  stripeBaseURL,
  stripeDataDir,
  stripeDouble,
  superuserPassword,
} from "./stripe-server.ts";

// Every billing journey, in English and in French, in the browser against the real server. With
// Stripe: the second e2e server (playwright.config.ts) beside the Stripe test double, whose hosted
// checkout and portal pages the browser goes through and whose test controls end a period or make
// a card fail; the official SDK inside our server is what talks to it. Without Stripe (manual
// mode): the first e2e server, its outbox and the dashboard.

// Sign-ups hash passwords and a journey crosses two sites: seconds each on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

const words = {
  en: {
    signupTitle: "Create your account",
    name: "Name",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
    paidPlan: /Paid plan/,
    yearly: /Yearly/,
    terms: /terms of use/,
    submit: "Subscribe and pay",
    account: "Your account",
    plan: "Plan",
    trial: "Trial",
    paid: "Paid",
    scheduled: "Paid after the trial",
    ending: "Ending",
    awaiting: "Awaiting payment",
    pastDue: "Payment failed",
    ended: "Ended",
    paidYearly: `Paid plan, ${formatPrice(49.99, "en")} incl. VAT per year`,
    paidMonthly: `Paid plan, ${formatPrice(4.99, "en")} incl. VAT per month`,
    trialEnds: (date: string) => `Your free trial ends on ${date}.`,
    upgradeMonthly: `Upgrade monthly (${formatPrice(4.99, "en")} incl. VAT/month)`,
    confirming: "Confirming your payment…",
    confirmedScheduled: "Your subscription is set up.",
    canceledCheckout: "Payment canceled: nothing was charged.",
    startsOn: (date: string) =>
      `Your subscription starts on ${date}, when your trial ends; nothing is charged until then.`,
    renews: (date: string) => `Renews on ${date}.`,
    ends: (date: string) => `Ends on ${date}: it will not renew. You keep your access until then.`,
    endedOn: (date: string) => `Your subscription ended on ${date}.`,
    paused: "Your Stremio credentials are paused until you subscribe again.",
    resubscribeYearly: `Resubscribe yearly (${formatPrice(49.99, "en")} incl. VAT/year)`,
    subscribeYearly: `Subscribe yearly (${formatPrice(49.99, "en")} incl. VAT/year)`,
    noTrial: "You already had a free trial with this address, so this account starts without one.",
    manage: "Manage billing",
    updateCard: "Update payment method",
    lastPaymentFailed: "Your last payment failed.",
    paidUntil: (date: string) => `Paid until ${date}.`,
    emailed: "We have emailed you the payment instructions. You will find them below too.",
    instructionsSubject: "How to pay for your Lumen subscription",
    copyIban: "Copy the IBAN",
    receiptSubject: "Payment received for your Lumen subscription",
    endsSubject: (date: string) => `Your Lumen subscription ends on ${date}`,
    endedSubject: "Your Lumen access has ended",
    // The dashboard (src/dashboard), where the operator records a payment made outside Stripe.
    dashboard: "/_/users",
    dashboardTitle: "Superuser sign-in",
    signIn: "Sign in",
    nav: "Dashboard",
    searchLabel: "Email or name",
    search: "Search",
    billing: "Billing",
    markPaidUntil: "Mark as paid until",
    markPaid: "Mark as paid",
    receipts: "Receipts",
    downloadReceipt: /^Download receipt No\. \d{6} \(PDF\)$/,
    yearPaid: `A year (${formatPrice(49.99, "en")})`,
    markedPaid: (date: string) =>
      `Marked as paid until ${date}. The user has access and gets a receipt by email.`,
  },
  fr: {
    signupTitle: "Créez votre compte",
    name: "Nom",
    email: "E-mail",
    password: "Mot de passe",
    confirm: "Confirmez le mot de passe",
    paidPlan: /Offre payante/,
    yearly: /Annuel/,
    terms: /conditions d’utilisation/,
    submit: "Commander avec obligation de paiement",
    account: "Votre compte",
    plan: "Offre",
    trial: "Essai",
    paid: "Payant",
    scheduled: "Payant après l’essai",
    ending: "Fin prévue",
    awaiting: "Paiement attendu",
    pastDue: "Paiement échoué",
    ended: "Terminé",
    paidYearly: `Offre payante, ${formatPrice(49.99, "fr")} TTC par an`,
    paidMonthly: `Offre payante, ${formatPrice(4.99, "fr")} TTC par mois`,
    trialEnds: (date: string) => `Votre essai gratuit se termine le ${date}.`,
    upgradeMonthly: `Passer au mensuel (${formatPrice(4.99, "fr")} TTC/mois)`,
    confirming: "Confirmation de votre paiement…",
    confirmedScheduled: "Votre abonnement est en place.",
    canceledCheckout: "Paiement annulé\u202f: rien n’a été débité.",
    startsOn: (date: string) =>
      `Votre abonnement commence le ${date}, à la fin de votre essai\u202f; rien n’est débité d’ici là.`,
    renews: (date: string) => `Renouvellement le ${date}.`,
    ends: (date: string) =>
      `Se termine le ${date}\u202f: il ne sera pas renouvelé. Vous gardez votre accès jusque-là.`,
    endedOn: (date: string) => `Votre abonnement a pris fin le ${date}.`,
    paused: "Vos identifiants Stremio sont suspendus jusqu’à votre réabonnement.",
    resubscribeYearly: `Se réabonner à l’année (${formatPrice(49.99, "fr")} TTC/an)`,
    subscribeYearly: `S’abonner à l’année (${formatPrice(49.99, "fr")} TTC/an)`,
    noTrial: "Vous avez déjà bénéficié d’un essai gratuit avec cette adresse",
    manage: "Gérer l’abonnement",
    updateCard: "Mettre à jour le moyen de paiement",
    lastPaymentFailed: "Votre dernier paiement a échoué.",
    paidUntil: (date: string) => `Payé jusqu’au ${date}.`,
    emailed:
      "Nous vous avons envoyé les instructions de paiement par e-mail. Vous les retrouvez aussi ci-dessous.",
    instructionsSubject: "Comment régler votre abonnement Lumen",
    copyIban: "Copier l’IBAN",
    receiptSubject: "Paiement reçu pour votre abonnement Lumen",
    endsSubject: (date: string) => `Votre abonnement Lumen prend fin le ${date}`,
    endedSubject: "Votre accès Lumen a pris fin",
    dashboard: "/fr/_/users",
    dashboardTitle: "Connexion superutilisateur",
    signIn: "Se connecter",
    nav: "Tableau de bord",
    searchLabel: "E-mail ou nom",
    search: "Rechercher",
    billing: "Facturation",
    markPaidUntil: "Marquer comme payé jusqu’au",
    markPaid: "Marquer comme payé",
    receipts: "Reçus",
    downloadReceipt: /^Télécharger le reçu n°\s\d{6} \(PDF\)$/,
    yearPaid: `Un an (${formatPrice(49.99, "fr")})`,
    markedPaid: (date: string) =>
      `Marqué comme payé jusqu’au ${date}. L’utilisateur a accès et reçoit un reçu par e-mail.`,
  },
} satisfies Record<Locale, unknown>;

type Words = (typeof words)[Locale];

/** The dashboard's billing actions on a user (src/dashboard/screens/user-billing.tsx). */
const operatorWords = {
  en: {
    refund: "Refund the last payment",
    refundTitle: (amount: string) => `Refund ${amount}?`,
    refundConfirm: (amount: string) => `Refund ${amount}`,
    refunded: (amount: string) => `Refunded ${amount}. The user gets an email saying so.`,
    refundSubject: "Refund issued for your Lumen subscription",
    refundLine: (amount: string) => `We refunded ${amount} to your card on`,
    cancelAtEnd: "Cancel at the period’s end",
    endsOn: (date: string) =>
      `The subscription ends on ${date}: the user keeps access until then and gets an email saying so.`,
    cancelNow: "Cancel now",
    canceledNow: "The subscription is canceled: access has ended, and the user gets an email saying so.",
  },
  fr: {
    refund: "Rembourser le dernier paiement",
    refundTitle: (amount: string) => `Rembourser ${amount}\u202f?`,
    refundConfirm: (amount: string) => `Rembourser ${amount}`,
    refunded: (amount: string) => `${amount} remboursés. L’utilisateur reçoit un e-mail qui le dit.`,
    refundSubject: "Remboursement effectué pour votre abonnement Lumen",
    refundLine: (amount: string) => `Nous vous avons remboursé ${amount} sur votre carte le`,
    cancelAtEnd: "Résilier en fin de période",
    endsOn: (date: string) =>
      `L’abonnement prend fin le ${date}\u202f: l’utilisateur garde l’accès jusque-là et reçoit un e-mail qui le dit.`,
    cancelNow: "Résilier maintenant",
    canceledNow:
      "L’abonnement est résilié\u202f: l’accès a pris fin, et l’utilisateur reçoit un e-mail qui le dit.",
  },
};

/** The account page's plan card. */
const planCard = (page: Page, w: Words) => page.getByRole("region", { name: w.plan, exact: true });

/** Fills the sign-up form opened from a "Choose Lumen" link (the paid plan, yearly, chosen). */
async function signUpForThePaidPlan(page: Page, locale: Locale, name: string, email: string) {
  const w = words[locale];
  await page.goto(at(locale, "/signup?plan=paid&interval=year"));
  await expect(page.getByRole("radio", { name: w.paidPlan })).toBeChecked();
  await expect(page.getByRole("radio", { name: w.yearly })).toBeChecked();
  await page.getByLabel(w.name, { exact: true }).fill(name);
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await page.getByLabel(w.confirm, { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: w.terms }).check();
  await page.getByRole("button", { name: w.submit }).click();
}

/** The double's hosted Billing Portal page (the server opens it without a locale: Stripe's "auto"). */
async function expectPortal(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Manage your Lumen subscription" })).toBeVisible();
  expect(page.url().startsWith(`${process.env.E2E_STRIPE_DOUBLE}/portal/`)).toBe(true);
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

    test(`a paid sign-up goes through Checkout and comes back to a confirmed subscription (${locale})`, async ({
      page,
    }) => {
      const email = uniqueEmail(`paid-signup-${locale}`);
      await signUpForThePaidPlan(page, locale, locale === "fr" ? "Jeanne Payeuse" : "Pat Payer", email);

      // Stripe Checkout, in the visitor's language, the trial kept until the first charge.
      await expectCheckout(page, locale, "yearly");
      await expect(page.getByText("Free trial", { exact: true })).toBeVisible();

      // The webhook is held back: the page back from Checkout waits for it, and grants nothing meanwhile.
      const user = await asUser(stripeBaseURL, email);
      await holdWebhooks(user.id);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      const card = planCard(page, w);
      await expect(card.getByText(w.confirming)).toBeVisible();
      await expect(card.getByRole("button")).toHaveCount(0);
      expect((await user.subscription()).status).toBe("incomplete");

      // The webhooks land: the page says so without a reload.
      const { statuses } = await releaseWebhooks(user.id);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
      // Nothing was charged: the page says when the subscription starts, never "payment received".
      const subscription = await user.subscription();
      expect(subscription).toMatchObject({ status: "trialing", interval: "year" });
      const startsOn = formatDate(subscription.current_period_end, locale);
      await expect(card.getByText(w.confirmedScheduled, { exact: true })).toBeVisible();
      await expect(card.getByText(w.startsOn(startsOn))).toBeVisible();
      // The query is read once: a reload would not say it again.
      await expect(page).toHaveURL(new RegExp(`${at(locale, "/account")}$`));
      await expect(card.getByText(w.scheduled, { exact: true })).toBeVisible();
      await expect(card.getByText(w.paidYearly)).toBeVisible();
      await expect(card.getByText(w.startsOn(startsOn))).toBeVisible();
      await expect(card.getByRole("button", { name: w.manage })).toBeVisible();
      // The header's account button follows the session's refreshed record.
      await expect(page.getByRole("banner").getByRole("button", { name: w.scheduled })).toBeVisible();
      expect(await user.stremioField()).toBe("active");
    });

    test(`a trial upgrades monthly from the account page, after a cancelled Checkout charged nothing (${locale})`, async ({
      page,
    }) => {
      const { email, ...user } = await stripeUser(locale, locale === "fr" ? "Léa Essai" : "Terry Trial");
      const { trial_ends: trialEnds } = await user.pb.collection("users").getOne(user.id);
      await logInToAccount(page, locale, email);
      const card = planCard(page, w);
      await expect(card.getByText(w.trial, { exact: true })).toBeVisible();
      await expect(card.getByText(w.trialEnds(formatDate(String(trialEnds), locale)))).toBeVisible();

      // To Checkout and back without paying.
      await card.getByRole("button", { name: w.upgradeMonthly }).click();
      await card.getByRole("button", { name: w.submit, exact: true }).click();
      await expectCheckout(page, locale, "monthly");
      await page.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      await expect(card.getByText(w.canceledCheckout)).toBeVisible();
      await expect(card.getByText(w.trial, { exact: true })).toBeVisible();
      await expect(user.subscription()).rejects.toMatchObject({ status: 404 });

      // Then paid: the trial goes on until the first charge.
      await card.getByRole("button", { name: w.upgradeMonthly }).click();
      await card.getByRole("button", { name: w.submit, exact: true }).click();
      await expectCheckout(page, locale, "monthly");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      const startsOn = formatDate(String(trialEnds), locale);
      await expect(card.getByText(w.confirmedScheduled, { exact: true })).toBeVisible();
      await expect(card.getByText(w.scheduled, { exact: true })).toBeVisible();
      await expect(card.getByText(w.paidMonthly)).toBeVisible();
      await expect(card.getByText(w.startsOn(startsOn))).toBeVisible();
      expect(await user.subscription()).toMatchObject({ status: "trialing", interval: "month" });
    });

    test(`a subscriber cancels in the Billing Portal, keeps access to the period's end, then loses it (${locale})`, async ({
      page,
    }) => {
      const user = await subscriber(locale, "year");
      const before = await user.subscription();
      await logInToAccount(page, locale, user.email);
      const card = planCard(page, w);
      await expect(card.getByText(w.paid, { exact: true })).toBeVisible();
      await expect(card.getByText(w.renews(formatDate(before.current_period_end, locale)))).toBeVisible();

      // The portal: cancel at the period's end, then back to the site.
      await card.getByRole("button", { name: w.manage }).click();
      await expectPortal(page);
      await page.getByRole("button", { name: "Cancel subscription", exact: true }).click();
      await expect(page.getByRole("button", { name: "Renew subscription", exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Return to Lumen", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      const endsOn = formatDate(before.current_period_end, locale);
      await expect(card.getByText(w.ends(endsOn))).toBeVisible();
      await expect(card.getByText(w.ending, { exact: true })).toBeVisible();
      expect(await user.stremioField()).toBe("active");
      await mailWithSubject(stripeDataDir, user.email, w.endsSubject(endsOn));

      // The period ends (Stripe deletes the subscription): no access, and the page offers to subscribe again.
      await stripeDouble.advance(before.subscription);
      expect(await user.subscription()).toMatchObject({ status: "canceled" });
      expect(await user.stremioField()).toBe("inactive");
      const ended = await user.subscription();
      await page.reload();
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();
      await expect(card.getByText(w.endedOn(formatDate(ended.current_period_end, locale)))).toBeVisible();
      await expect(card.getByText(w.paused)).toBeVisible();
      await expect(card.getByRole("button", { name: w.resubscribeYearly })).toBeVisible();
      // One email for the end, after the one for the cancellation: never "ends on" twice.
      await mailWithSubject(stripeDataDir, user.email, w.endedSubject);
      const subjects = readOutbox(stripeDataDir)
        .filter((mail) => mail.to.includes(user.email))
        .map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === w.endsSubject(endsOn))).toHaveLength(1);
    });

    test(`a failed renewal is past due until the card is updated in the Billing Portal (${locale})`, async ({
      page,
    }) => {
      const user = await subscriber(locale, "month");
      const first = await user.subscription();
      await logInToAccount(page, locale, user.email);
      const card = planCard(page, w);
      await expect(card.getByText(w.renews(formatDate(first.current_period_end, locale)))).toBeVisible();

      // The card fails at the renewal: Stripe retries, access goes on, the page asks for a new card.
      await stripeDouble.cardFails(first.customer);
      await stripeDouble.advance(first.subscription);
      expect(await user.subscription()).toMatchObject({ status: "past_due" });
      await page.reload();
      await expect(card.getByText(w.pastDue, { exact: true })).toBeVisible();
      await expect(card.getByText(w.lastPaymentFailed)).toBeVisible();
      expect(await user.stremioField()).toBe("active");

      await card.getByRole("button", { name: w.updateCard }).click();
      await expectPortal(page);
      await expect(page.getByText("Test card: charges fail.")).toBeVisible();
      await page.getByRole("button", { name: "Update payment method", exact: true }).click();
      await expect(page.getByText("Test card: charges succeed.")).toBeVisible();
      await page.getByRole("link", { name: "Return to Lumen", exact: true }).click();
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      const renewed = await user.subscription();
      expect(renewed).toMatchObject({ status: "active" });
      await expect(card.getByText(w.paid, { exact: true })).toBeVisible();
      await expect(card.getByText(w.renews(formatDate(renewed.current_period_end, locale)))).toBeVisible();
      await expect(card.getByRole("button", { name: w.manage })).toBeVisible();
      expect(await user.stremioField()).toBe("active");
    });

    test(`the operator refunds the last payment and cancels from the dashboard (${locale})`, async ({
      browser,
    }) => {
      const user = await subscriber(locale, "month");
      const sub = await user.subscription();
      const o = operatorWords[locale];
      const context = await browser.newContext({ baseURL: stripeBaseURL });
      const page = await context.newPage();
      try {
        await page.goto(w.dashboard);
        await expect(page.getByRole("heading", { level: 1, name: w.dashboardTitle })).toBeVisible();
        await page.getByLabel(w.email, { exact: true }).fill(await createSuperuser(stripeDataDir));
        await page.getByLabel(w.password, { exact: true }).fill(superuserPassword);
        await page.getByRole("button", { name: w.signIn, exact: true }).click();
        await expect(page.getByRole("navigation", { name: w.nav })).toBeVisible();
        await page.getByLabel(w.searchLabel, { exact: true }).fill(user.email);
        await page.getByRole("button", { name: w.search, exact: true }).click();
        await page.getByRole("link", { name: user.email }).click();
        await expect(page.getByRole("heading", { level: 1, name: user.email })).toBeVisible();
        const billing = page.getByRole("region", { name: w.billing, exact: true });
        // The server's key is a test key: the customer opens in Stripe's test dashboard.
        await expect(billing.getByRole("link", { name: new RegExp(sub.customer) })).toHaveAttribute(
          "href",
          `https://dashboard.stripe.com/test/customers/${sub.customer}`,
        );

        // The refund: the dialog states the amount; the money goes back, access stays.
        const amount = formatPrice(4.99, locale);
        await billing.getByRole("button", { name: o.refund, exact: true }).click();
        const refundDialog = page.getByRole("alertdialog");
        await expect(refundDialog.getByRole("heading")).toHaveText(o.refundTitle(amount));
        await refundDialog.getByRole("button", { name: o.refundConfirm(amount), exact: true }).click();
        await expect(billing.getByText(o.refunded(amount))).toBeVisible();
        const refundMail = await mailWithSubject(stripeDataDir, user.email, o.refundSubject);
        expect(refundMail.text).toContain(o.refundLine(amount));
        const double = (await (await fetch(`${process.env.E2E_STRIPE_DOUBLE}/_double/state`)).json()) as {
          refunds: Record<string, { amount: number; metadata: Record<string, string> }>;
        };
        expect(Object.values(double.refunds).filter((refund) => refund.metadata.user === user.id)).toEqual([
          expect.objectContaining({ amount: 499 }),
        ]);
        expect(await user.stremioField()).toBe("active");

        // Cancelled at the period's end: access until then, one email.
        await billing.getByRole("button", { name: o.cancelAtEnd, exact: true }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: o.cancelAtEnd, exact: true }).click();
        const endsOn = formatDate(sub.current_period_end, locale);
        await expect(billing.getByText(o.endsOn(endsOn))).toBeVisible();
        await expect(billing.getByRole("button", { name: o.cancelAtEnd, exact: true })).toHaveCount(0);
        await mailWithSubject(stripeDataDir, user.email, w.endsSubject(endsOn));
        expect(await user.stremioField()).toBe("active");

        // Then cancelled now: access ends at once, and the email says so.
        await billing.getByRole("button", { name: o.cancelNow, exact: true }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: o.cancelNow, exact: true }).click();
        await expect(billing.getByText(o.canceledNow)).toBeVisible();
        await expect(billing.getByRole("button", { name: o.cancelNow, exact: true })).toHaveCount(0);
        expect(await user.subscription()).toMatchObject({ status: "canceled" });
        expect(await user.stremioField()).toBe("inactive");
        await mailWithSubject(stripeDataDir, user.email, w.endedSubject);
      } finally {
        await context.close();
      }
    });
  }
});

// Manual mode: the first e2e server, which has no STRIPE_SECRET_KEY. Its users are what the
// dashboard's backup restore rolls back: that spec runs after this project (playwright.config.ts).
test.describe("without Stripe (manual mode)", () => {
  /** The operator, in their own browser: signs in to the dashboard and opens the user's page. */
  async function operatorOpens(browser: Browser, w: Words, customer: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(w.dashboard);
    await expect(page.getByRole("heading", { level: 1, name: w.dashboardTitle })).toBeVisible();
    await page.getByLabel(w.email, { exact: true }).fill(await createSuperuser(dataDir));
    await page.getByLabel(w.password, { exact: true }).fill(superuserPassword);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await expect(page.getByRole("navigation", { name: w.nav })).toBeVisible();
    await page.getByLabel(w.searchLabel, { exact: true }).fill(customer);
    await page.getByRole("button", { name: w.search, exact: true }).click();
    await page.getByRole("link", { name: customer }).click();
    await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
    return { page, close: () => context.close() };
  }

  /** The instructions as content/{locale}/payment-instructions.md says them, filled in for `email`. */
  function instructionsFor(locale: Locale, email: string) {
    return paymentInstructions(readFileSync(`content/${locale}/payment-instructions.md`, "utf8"), {
      amount: formatPrice(49.99, locale),
      period: paymentPeriod("year", locale),
      reference: email,
      support: supportEmail,
    });
  }

  for (const locale of ["en", "fr"] as const) {
    const w = words[locale];

    test(`a second account of the same person starts without a trial and is offered the paid plan (${locale})`, async ({
      page,
      baseURL,
    }) => {
      // The first account: signed up, its address verified by the emailed link, then deleted.
      const first = uniqueEmail(`once-${locale}`);
      const pb = new PocketBase(baseURL);
      pb.autoCancellation(false);
      await pb
        .collection("users")
        .create({ email: first, password, passwordConfirm: password, plan: "free", locale });
      let token = "";
      await expect
        .poll(() => (token = readOutbox(dataDir).find((mail) => mail.to.includes(first))?.token ?? ""))
        .not.toBe("");
      await pb.collection("users").confirmVerification(token);
      await pb.collection("users").authWithPassword(first, password);
      await pb.send("/api/account/delete", { method: "POST", body: { password } });

      // The same inbox again, with a tag: no trial, and the card says why.
      const again = first.replace("@", "+again@").toUpperCase();
      await new PocketBase(baseURL).collection("users").create({
        email: again,
        password,
        passwordConfirm: password,
        plan: "free",
        locale,
      });
      await logInToAccount(page, locale, again);
      const card = planCard(page, w);
      await expect(card.getByText(w.ended, { exact: true })).toBeVisible();
      await expect(card.getByText(w.noTrial)).toBeVisible();
      await expect(card.getByRole("button", { name: w.subscribeYearly })).toBeVisible();
      await expect(card.getByRole("button", { name: w.resubscribeYearly })).toHaveCount(0);
    });

    test(`a paid sign-up gets the payment instructions, and is active once the operator marks it paid (${locale})`, async ({
      page,
      browser,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const email = uniqueEmail(`manual-${locale}`);
      await signUpForThePaidPlan(
        page,
        locale,
        locale === "fr" ? "Dominique Virement" : "Dana Transfer",
        email,
      );

      // The account page: awaiting payment, the instructions, the same as the email's.
      await expect(page).toHaveURL(pathIs(locale, "/account"));
      const card = planCard(page, w);
      await expect(card.getByText(w.emailed)).toBeVisible();
      await expect(card.getByText(w.awaiting, { exact: true })).toBeVisible();
      const { title, paragraphs, account } = instructionsFor(locale, email);
      await expect(card.getByRole("heading", { name: title })).toBeVisible();
      for (const paragraph of paragraphs) await expect(card.getByText(paragraph)).toBeVisible();
      // The configured support address, and the account to pay into, whose IBAN copies whole.
      expect(paragraphs.join(" ")).toContain(supportEmail);
      await expect(card.getByText(account.iban, { exact: true })).toBeVisible();
      await card.getByRole("button", { name: w.copyIban }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.iban.replace(/ /g, ""));
      const mail = await mailWithSubject(dataDir, email, w.instructionsSubject);
      const flat = mail.text.replace(/\s+/g, " ");
      expect(flat).toContain(formatPrice(49.99, locale).replace(/\s+/g, " "));
      for (const paragraph of paragraphs) expect(flat).toContain(paragraph.replace(/\s+/g, " "));
      expect(flat).toContain(account.iban);
      expect(flat).toContain(email);

      // The money arrives: the operator records it in the dashboard.
      const until = new Date(Date.now() + 365 * 24 * 3600_000).toISOString().slice(0, 10);
      const operator = await operatorOpens(browser, w, email);
      const billing = operator.page.getByRole("region", { name: w.billing, exact: true });
      await billing.getByLabel(w.markPaidUntil, { exact: true }).fill(until);
      await expect(billing.getByRole("radio", { name: w.yearPaid })).toBeChecked();
      await billing.getByRole("button", { name: w.markPaid, exact: true }).click();
      await expect(billing.getByText(w.markedPaid(formatDate(until, locale)))).toBeVisible();
      await operator.close();

      // The user's next visit: paid until that day, and a receipt.
      await page.goto(at(locale, "/account"));
      await expect(card.getByText(w.paid, { exact: true })).toBeVisible();
      await expect(card.getByText(w.paidUntil(formatDate(until, locale)))).toBeVisible();
      await expect(card.getByText(w.awaiting, { exact: true })).toHaveCount(0);
      await mailWithSubject(dataDir, email, w.receiptSubject);

      // The receipt, listed on the card and downloaded as a PDF named by its number.
      const receipts = card.getByRole("region", { name: w.receipts, exact: true });
      await expect(receipts.getByRole("listitem")).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        receipts.getByRole("button", { name: w.downloadReceipt }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^lumen-receipt-\d{6}\.pdf$/);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    });
  }
});
