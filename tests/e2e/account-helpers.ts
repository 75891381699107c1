import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import type { Locale } from "#shared/i18n/locales.ts";
import { readOutbox, type OutboxMail } from "#server/testing/outbox.ts";
import { stripeBaseURL, stripeDataDir, superuserOf } from "./stripe-server.ts";

/** The e2e server's data folder (playwright.config.ts): its outbox holds every mail sent. */
export const dataDir = process.env.E2E_DATA_DIR ?? "test-results/pb_data";

/** The e2e server's `SUPPORT_EMAIL` (playwright.config.ts): the address its emails and pages name. */
export const supportEmail = "help@lumen.example";

export const password = "correct horse 1";

/** A fresh address per test: the e2e database persists between runs. */
export function uniqueEmail(name: string) {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A new user on the free trial, made through the API as the sign-up page would: resolves the address. */
export async function createUser(baseURL: string, name: string, locale: "en" | "fr"): Promise<string> {
  const email = uniqueEmail(`${name}-${locale}`);
  await new PocketBase(baseURL).collection("users").create({
    email,
    password,
    passwordConfirm: password,
    name: "Camille",
    plan: "free",
    price: 0,
    locale,
  });
  return email;
}

/**
 * `createUser`, with the address verified through the emailed link as its owner would (what adding
 * a passkey or turning on two-factor asks); `outbox`: the data folder of the server at `baseURL`.
 */
export async function createVerifiedUser(
  baseURL: string,
  name: string,
  locale: "en" | "fr",
  outbox = dataDir,
): Promise<string> {
  const email = await createUser(baseURL, name, locale);
  const pb = new PocketBase(baseURL);
  await pb.collection("users").requestVerification(email);
  let token = "";
  await expect
    .poll(() => {
      token = readOutbox(outbox).find((mail) => mail.to.includes(email) && mail.token)?.token ?? "";
      return token;
    })
    .not.toBe("");
  await pb.collection("users").confirmVerification(token);
  return email;
}

/** Waits for the mail whose link goes to `path` (e.g. "/verify-email") sent to `to`. */
export async function mailTo(to: string, path: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = readOutbox(dataDir)
        .filter((mail) => mail.to.includes(to) && new URL(mail.link || "http://x").pathname.endsWith(path))
        .at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Same-origin path of a mail's link (the server writes absolute URLs). */
export function linkPath(mail: OutboxMail) {
  const url = new URL(mail.link);
  return url.pathname + url.search;
}

export type SignupOptions = {
  name: string;
  email: string;
  plan?: "free" | "monthly" | "yearly";
  fr?: boolean;
};

/** Fills and sends the sign-up form like a visitor. */
export async function signUp(page: Page, { name, email, plan = "free", fr = false }: SignupOptions) {
  await page.goto(fr ? "/fr/signup" : "/signup");
  await page.getByLabel(fr ? "Nom" : "Name", { exact: true }).fill(name);
  await page.getByLabel(fr ? "E-mail" : "Email", { exact: true }).fill(email);
  await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).fill(password);
  await page
    .getByLabel(fr ? "Confirmez le mot de passe" : "Confirm password", { exact: true })
    .fill(password);
  if (plan !== "free") {
    await page.getByRole("radio", { name: fr ? /Offre payante/ : /Paid plan/ }).check();
    await page
      .getByRole("radio", {
        name: plan === "monthly" ? (fr ? /Mensuel/ : /Monthly/) : fr ? /Annuel/ : /Yearly/,
      })
      .check();
  }
  await page.getByRole("checkbox", { name: fr ? /conditions d’utilisation/ : /terms of use/ }).check();
  await page
    .getByRole("button", {
      name: fr
        ? /^(Commencer mon essai gratuit|Commander avec obligation de paiement)$/
        : /^(Start my free trial|Subscribe and pay)$/,
    })
    .click();
}

/** Logs in through the login form. */
export async function logIn(page: Page, email: string, secret = password, fr = false) {
  await page.getByLabel(fr ? "E-mail" : "Email", { exact: true }).fill(email);
  await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).fill(secret);
  await page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true }).click();
}

/** Makes a user an admin the only way there is: a superuser's request. */
export async function makeAdmin(baseURL: string, email: string) {
  const superuser = `root.${Date.now().toString(36)}@example.com`;
  execFileSync("node", ["server/cli.ts", "superuser", "upsert", superuser, "superuser-secret-1"], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const pb = new PocketBase(baseURL);
  await pb.collection("_superusers").authWithPassword(superuser, "superuser-secret-1");
  const user = await pb.collection("users").getFirstListItem(pb.filter("email = {:email}", { email }));
  await pb.collection("users").update(user.id, { admin: true });
}

/** A site path in the locale (`/fr/…` in French). */
export const at = (locale: Locale, path: string) => (locale === "fr" ? `/fr${path}` : path);

/** The address is the locale's `path`, whatever its query or fragment. */
export const pathIs = (locale: Locale, path: string) => new RegExp(`^[^?#]*${at(locale, path)}([?#].*)?$`);

/** A user's subscription record, as they may read it. */
export type Subscription = {
  id: string;
  customer: string;
  subscription: string;
  status: string;
  interval: "month" | "year";
  current_period_end: string;
  cancel_at_period_end: boolean;
};

/** The official SDK signed in as a user: what the server holds, as they may read it. */
export async function asUser(baseURL: string, email: string) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(email, password);
  const id = pb.authStore.record!.id;
  return {
    pb,
    id,
    subscription: () =>
      pb.collection("subscriptions").getFirstListItem<Subscription>(pb.filter("user = {:id}", { id })),
    stremioField: async () =>
      String((await pb.collection("stremio").getFirstListItem(pb.filter("user = {:id}", { id }))).field),
  };
}

/** One superuser of the Stripe-mode server per worker, for what only an operator may write. */
let stripeRoot: Promise<PocketBase> | undefined;
export const stripeSuperuser = () =>
  (stripeRoot ??= superuserOf(stripeBaseURL, stripeDataDir).then((r) => r.pb));

/**
 * A user of the Stripe-mode server, signed up through the API as the sign-up page does (`name`,
 * on the trial); `trialOver`: their trial then ended by a superuser, so access is a subscription's alone.
 */
export async function stripeUser(locale: Locale, name: string, { trialOver = false } = {}) {
  const email = uniqueEmail(`stripe-${locale}`);
  await new PocketBase(stripeBaseURL).collection("users").create({
    email,
    emailVisibility: true,
    password,
    passwordConfirm: password,
    plan: "free",
    name,
    locale,
  });
  const user = await asUser(stripeBaseURL, email);
  if (trialOver) {
    await (
      await stripeSuperuser()
    )
      .collection("users")
      .update(user.id, { trial_ends: new Date(Date.now() - 60_000).toISOString().replace("T", " ") });
  }
  return { email, ...user };
}

/**
 * A subscriber whose trial is over, made through the API as the site makes one: signed up, their
 * Stremio record made, then paid on the double's checkout page (a form post, as the browser sends
 * it). Their access is the subscription's alone.
 */
export async function subscriber(locale: Locale, interval: "month" | "year") {
  const user = await stripeUser(locale, locale === "fr" ? "Camille Abonnée" : "Sam Subscriber", {
    trialOver: true,
  });
  const { url } = await user.pb.send<{ url: string }>("/api/billing/checkout", {
    method: "POST",
    body: { interval },
  });
  // The double answers once the webhooks are delivered: the subscription is in when it has.
  const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  expect(await user.subscription()).toMatchObject({ status: "active", interval });
  return user;
}

/** Signs in on the site's login form and waits for the account page. */
export async function logInToAccount(page: Page, locale: Locale, email: string) {
  await page.goto(at(locale, "/login"));
  await logIn(page, email, password, locale === "fr");
  await expect(page).toHaveURL(pathIs(locale, "/account"));
}

/** The double's hosted checkout page (it does not translate; it shows the session's locale). */
export async function expectCheckout(page: Page, locale: Locale, plan: "monthly" | "yearly") {
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe to Lumen" })).toBeVisible();
  expect(page.url().startsWith(`${process.env.E2E_STRIPE_DOUBLE}/checkout/`)).toBe(true);
  await expect(page.getByText(`Lumen, ${plan}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Locale: ${locale}`, { exact: true })).toBeVisible();
}

/** Waits for the mail to `to` whose subject is `subject`, in `dir`'s outbox. */
export async function mailWithSubject(dir: string, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = readOutbox(dir).find((mail) => mail.to.includes(to) && mail.subject === subject);
      return found?.subject;
    })
    .toBe(subject);
  return found!;
}
