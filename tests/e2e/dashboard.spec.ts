import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { dataDir, logIn, password, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

// A restore replaces the whole database: the two journeys run one after the other, never beside
// each other, and each restores the backup it has just made.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const superuserPassword = "superuser-secret-1";

/** A new superuser, made the way an operator makes the first one: the server's CLI on DATA_DIR. */
function createSuperuser() {
  const email = `root.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  execFileSync("node", ["server/cli.ts", "superuser", "upsert", email, superuserPassword], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return email;
}

/** A visitor who chose the paid plan: recorded as paid, with no payment reference yet. */
async function createAwaitingUser(baseURL: string, email: string) {
  const pb = new PocketBase(baseURL);
  await pb.collection("users").create({
    email,
    emailVisibility: true,
    name: "Dana Payer",
    password,
    passwordConfirm: password,
    plan: "paid",
    is_monthly: true,
    price: "4.99",
    admin: false,
    is_api: false,
    stripe: "",
    newsletter: false,
    locale: "en",
  });
}

const words = {
  en: {
    home: "/_",
    signIn: "Sign in",
    email: "Email",
    password: "Password",
    nav: "Dashboard",
    plan: "Plan",
    awaiting: "Paid (awaiting payment)",
    paid: "Paid",
    search: "Search",
    searchLabel: "Email or name",
    stripe: "Stripe customer",
    save: "Save",
    saved: "The user is saved.",
    backups: "Backups",
    backupName: "Name (optional)",
    makeBackup: "Make a backup",
    made: "The backup is made.",
    restore: "Restore",
    restored: "The backup is restored.",
    logs: "Logs",
    urlContains: "URL contains",
    filter: "Filter",
    refresh: "Refresh",
    status: "Status",
    login: "/login",
    signOut: "Sign out",
    title: "Superuser sign-in",
  },
  fr: {
    home: "/fr/_",
    signIn: "Se connecter",
    email: "E-mail",
    password: "Mot de passe",
    nav: "Tableau de bord",
    plan: "Offre",
    awaiting: "Payant (en attente de paiement)",
    paid: "Payant",
    search: "Rechercher",
    searchLabel: "E-mail ou nom",
    stripe: "Client Stripe",
    save: "Enregistrer",
    saved: "L’utilisateur est enregistré.",
    backups: "Sauvegardes",
    backupName: "Nom (facultatif)",
    makeBackup: "Faire une sauvegarde",
    made: "La sauvegarde est faite.",
    restore: "Restaurer",
    restored: "La sauvegarde est restaurée.",
    logs: "Journaux",
    urlContains: "L’URL contient",
    filter: "Filtrer",
    refresh: "Actualiser",
    status: "Statut",
    login: "/fr/login",
    signOut: "Se déconnecter",
    title: "Connexion superutilisateur",
  },
} as const;

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

for (const locale of ["en", "fr"] as const) {
  const w = words[locale];
  test(`a superuser sets a payment, backs up, restores and reads the logs (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const superuser = createSuperuser();
    const customer = uniqueEmail(`payer-${locale}`);
    await createAwaitingUser(baseURL!, customer);

    // The customer, signed in elsewhere, sees their plan awaiting payment.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await customerPage.goto(w.login);
    await logIn(customerPage, customer, password, locale === "fr");
    const customerHeader = customerPage.getByRole("banner");
    await expect(customerHeader.getByText(w.awaiting, { exact: true })).toBeVisible();

    // Signed out, the dashboard is its sign-in form; the visitor's own session counts for nothing.
    await page.goto(w.home);
    await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
    await page.getByLabel(w.email, { exact: true }).fill(superuser);
    await page.getByLabel(w.password, { exact: true }).fill(superuserPassword);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    const nav = page.getByRole("navigation", { name: w.nav });
    await expect(nav).toBeVisible();
    await expect(page.getByText(superuser)).toBeVisible();

    // Find the paid sign-up awaiting payment and record the payment.
    await chooseOption(page, w.plan, w.awaiting);
    await page.getByLabel(w.searchLabel, { exact: true }).fill(customer);
    await page.getByRole("button", { name: w.search, exact: true }).click();
    await page.getByRole("link", { name: customer }).click();
    await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
    await page.getByLabel(w.stripe, { exact: true }).fill(`cus_${locale}_e2e`);
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await expect(page.getByText(w.saved)).toBeVisible();

    // The customer's next visit shows the plan paid.
    await customerPage.reload();
    await expect(customerHeader.getByText(w.paid, { exact: true })).toBeVisible();
    await expect(customerHeader.getByText(w.awaiting, { exact: true })).toHaveCount(0);
    await customerContext.close();

    // A backup, then its restore: the superuser stays signed in (they are in the snapshot).
    await nav.getByRole("link", { name: w.backups }).click();
    const name = `e2e-${locale}-${Date.now().toString(36)}`;
    await page.getByLabel(w.backupName, { exact: true }).fill(name);
    await page.getByRole("button", { name: w.makeBackup, exact: true }).click();
    await expect(page.getByText(w.made)).toBeVisible();
    await expect(page.getByText(`${name}.zip`, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `${w.restore} ${name}.zip` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: w.restore, exact: true }).click();
    await expect(page.getByText(w.restored)).toBeVisible();
    await expect(nav).toBeVisible();

    // The requests just made, in the logs.
    await nav.getByRole("link", { name: w.logs }).click();
    await page.getByLabel(w.urlContains, { exact: true }).fill("/api/backups");
    await page.getByRole("button", { name: w.filter, exact: true }).click();
    const restoreRequest = page.getByRole("button", { name: `POST /api/backups/${name}.zip/restore` });
    await expect(async () => {
      await page.getByRole("button", { name: w.refresh }).click();
      await expect(restoreRequest).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await restoreRequest.click();
    await expect(restoreRequest).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("204", { exact: true }).first()).toBeVisible();

    // Sign out: back to the sign-in form.
    await page.getByRole("button", { name: w.signOut }).click();
    await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
  });
}
