import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { passkeyBaseURL, passkeyDataDir } from "./passkey-server.ts";
import {
  appCode,
  confirmItsYou,
  e2eDeviceName,
  turnOnTwoFactor,
  virtualAuthenticator,
} from "./second-factor-helpers.ts";

// A superuser's second factors in the dashboard, against the real server on localhost (passkeys
// need a domain name, tests/e2e/passkey-server.ts), which requires them of superusers
// (SUPERUSER_SECOND_FACTOR=required): a password alone opens the "second factor is required"
// screen and nothing else; a passkey added there (Chromium's virtual authenticator), or an
// authenticator app turned on there (tests/e2e/second-factor-helpers.ts), then signs in, and
// "Your sign-in" on the Superusers page shows it.

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
  const yourSignIn = (page: Page) =>
    page.getByRole("region", { name: fr ? "Votre connexion" : "Your sign-in" });

  /** Signed in with a password alone: the one screen that lets a first second factor be added. */
  const secondFactorRequired = async (page: Page) => {
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: fr ? "Un second facteur est requis" : "A second factor is required",
      }),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" })).toHaveCount(0);
    return page.locator('[data-slot="second-factor-required"]');
  };
  /** Once a second factor is added, this session can do nothing more but sign out. */
  const alreadyHasOne = async (screen: Locator) => {
    await expect(screen).toContainText(
      fr
        ? "Vous en avez déjà un. Déconnectez-vous, puis connectez-vous avec votre clé d’accès"
        : "You already have one. Sign out, then sign in with your passkey",
    );
    await screen.getByRole("button", { name: fr ? "Se déconnecter" : "Sign out", exact: true }).click();
  };

  test(`${locale}: a superuser with a password alone adds a passkey, then signs in with it`, async ({
    page,
  }) => {
    const email = createSuperuser(`passkey-root-${locale}`);
    await virtualAuthenticator(page);
    await page.goto(superusersPath);
    await signInWithPassword(page, email);
    const screen = await secondFactorRequired(page);

    await screen
      .locator('[data-slot="passkeys"]')
      .getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" })
      .click();
    // The password once more, as every change of how one signs in asks.
    await confirmItsYou(page, fr, superuserPassword);
    await alreadyHasOne(screen);

    // Signed out, no email and no password: the passkey alone signs in, to the whole dashboard.
    await expect(signInHeading(page)).toBeVisible();
    await page
      .getByRole("button", { name: fr ? "Se connecter avec une clé d’accès" : "Sign in with a passkey" })
      .click();
    await signedIn(page, email);
    const card = yourSignIn(page).locator('[data-slot="passkeys"]');
    await expect(card.getByRole("listitem")).toHaveCount(1);
    await expect(card.getByRole("listitem")).toContainText(e2eDeviceName(fr));
    await expect(card.getByRole("listitem")).toContainText(fr ? "utilisée le" : "last used");
  });

  test(`${locale}: a superuser with a password alone turns on two-factor sign-in, then signs in with a code`, async ({
    page,
  }) => {
    const email = createSuperuser(`totp-root-${locale}`);
    await page.goto(superusersPath);
    await signInWithPassword(page, email);
    const screen = await secondFactorRequired(page);

    const { secret } = await turnOnTwoFactor(
      screen.locator('[data-slot="two-factor"]'),
      fr,
      superuserPassword,
    );
    await alreadyHasOne(screen);

    // The password alone no longer signs in: the code step, then the whole dashboard.
    await signInWithPassword(page, email);
    await expect(
      page.getByRole("heading", { level: 1, name: fr ? "Connexion en deux étapes" : "Two-factor sign-in" }),
    ).toBeVisible();
    await page.getByLabel("Code", { exact: true }).fill(appCode(secret, 1));
    await page.getByRole("button", { name: fr ? "Se connecter" : "Sign in", exact: true }).click();
    await signedIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${superusersPath}$`));
    await expect(yourSignIn(page).locator('[data-slot="two-factor"]')).toContainText(
      fr ? "Codes de secours restants : 10 sur 10." : "Recovery codes left: 10 of 10.",
    );
  });
}
