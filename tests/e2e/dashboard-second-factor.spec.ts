import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { passkeyBaseURL, passkeyDataDir } from "./passkey-server.ts";
import { addFirstPasskey, appCode, turnOnTwoFactor, virtualAuthenticator } from "./second-factor-helpers.ts";

// A superuser's second factors in the dashboard, against the real server on localhost (passkeys
// need a domain name, tests/e2e/passkey-server.ts): a passkey added in "Your sign-in", then used
// to sign in, in Chromium with a virtual authenticator; and an authenticator app turned on there,
// then its code asked for after the password (tests/e2e/second-factor-helpers.ts).

test.use({ baseURL: passkeyBaseURL });

const superuserPassword = "superuser-secret-1";

/** A new superuser, made the way an operator makes one: the server's CLI on its DATA_DIR. */
function createSuperuser(name: string) {
  const email = `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  execFileSync("node", ["server/cli.ts", "superuser", "upsert", email, superuserPassword], {
    env: { ...process.env, DATA_DIR: passkeyDataDir },
  });
  return email;
}

for (const locale of ["en", "fr"] as const) {
  const fr = locale === "fr";
  const superusersPath = fr ? "/fr/_/superusers" : "/_/superusers";
  const signInHeading = (page: Page) =>
    page.getByRole("heading", { level: 1, name: fr ? "Connexion superutilisateur" : "Superuser sign-in" });

  const signInWithPassword = async (page: Page, email: string) => {
    await expect(signInHeading(page)).toBeVisible();
    await page.getByLabel(fr ? "E-mail" : "Email", { exact: true }).fill(email);
    await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).fill(superuserPassword);
    await page.getByRole("button", { name: fr ? "Se connecter" : "Sign in", exact: true }).click();
  };
  /** Signed in: the dashboard's navigation and the superuser's email in its bar. */
  const signedIn = async (page: Page, email: string) => {
    await expect(page.getByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" })).toBeVisible();
    await expect(page.locator('[data-slot="superuser-email"]')).toHaveText(email);
  };
  const signOut = async (page: Page) => {
    await page.getByRole("button", { name: fr ? "Se déconnecter" : "Sign out" }).click();
    await expect(signInHeading(page)).toBeVisible();
  };
  const yourSignIn = (page: Page) =>
    page.getByRole("region", { name: fr ? "Votre connexion" : "Your sign-in" });

  test(`${locale}: a superuser adds a passkey in the dashboard, then signs in with it`, async ({ page }) => {
    const email = createSuperuser(`passkey-root-${locale}`);
    await virtualAuthenticator(page);
    await page.goto(superusersPath);
    await signInWithPassword(page, email);
    await signedIn(page, email);

    const card = yourSignIn(page).locator('[data-slot="passkeys"]');
    await addFirstPasskey(card, fr);

    // Signed out, no email and no password: the passkey alone signs in.
    await signOut(page);
    await page
      .getByRole("button", { name: fr ? "Se connecter avec une clé d’accès" : "Sign in with a passkey" })
      .click();
    await signedIn(page, email);
    await expect(card.getByRole("listitem")).toContainText(fr ? "utilisée le" : "last used");
  });

  test(`${locale}: a superuser turns on two-factor sign-in in the dashboard, then signs in with a code`, async ({
    page,
  }) => {
    const email = createSuperuser(`totp-root-${locale}`);
    await page.goto(superusersPath);
    await signInWithPassword(page, email);
    await signedIn(page, email);

    const { secret } = await turnOnTwoFactor(yourSignIn(page).locator('[data-slot="two-factor"]'), fr);

    // The password alone no longer signs in: the code step, then the dashboard.
    await signOut(page);
    await signInWithPassword(page, email);
    await expect(
      page.getByRole("heading", { level: 1, name: fr ? "Connexion en deux étapes" : "Two-factor sign-in" }),
    ).toBeVisible();
    await page.getByLabel("Code", { exact: true }).fill(appCode(secret, 1));
    await page.getByRole("button", { name: fr ? "Se connecter" : "Sign in", exact: true }).click();
    await signedIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${superusersPath}$`));
  });
}
