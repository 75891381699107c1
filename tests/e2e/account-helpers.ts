import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { readOutbox, type OutboxMail } from "#server/testing/outbox.ts";

/** The e2e server's data folder (playwright.config.ts): its outbox holds every mail sent. */
export const dataDir = process.env.E2E_DATA_DIR ?? "test-results/pb_data";

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
    .getByRole("button", { name: fr ? /(Commencer|Créer)/ : /(Start my free trial|Create my account)/ })
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
