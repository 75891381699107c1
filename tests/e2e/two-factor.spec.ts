import type { Locator, Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { readOutbox } from "#server/testing/outbox.ts";
import type { TotpRecoveryCodes, TotpSetup } from "#shared/two-factor.ts";
import { createVerifiedUser, dataDir, logIn, password } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { appCode, turnOnTwoFactor } from "./second-factor-helpers.ts";

// Two-factor sign-in as a visitor uses it, against the real server: the codes an authenticator app
// would show are made here from the key the account page shows (otplib, as the app would).

/** The subjects of the mails sent to `to` so far. */
const subjectsTo = (to: string) =>
  readOutbox(dataDir)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.subject);

for (const locale of ["en", "fr"] as const) {
  const fr = locale === "fr";
  const prefix = fr ? "/fr" : "";
  const onAccount = async (page: Page, email: string) => {
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
    await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p")).toHaveText(
      email,
    );
  };
  const logOut = async (page: Page) => {
    await page
      .getByRole("button", { name: fr ? "Se déconnecter" : "Log out" })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
  };
  const codeStep = (page: Page) =>
    page.getByRole("heading", { level: 1, name: fr ? "Connexion en deux étapes" : "Two-factor sign-in" });
  const submitCode = (form: Page | Locator, code: string) =>
    form.getByLabel(/^(Code|Recovery code|Code de secours)$/).fill(code);

  test(`${locale}: turn on two-factor sign-in, log in with a code and a recovery code, turn it off`, async ({
    page,
    baseURL,
  }) => {
    test.slow(); // five logins and a password change: one journey, longer than most tests
    const email = await createVerifiedUser(baseURL!, "totp", locale);
    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await onAccount(page, email);

    // Turn it on: scan (here, read the key), confirm with a code, keep the recovery codes.
    const card = page.locator('[data-slot="two-factor"]');
    const { secret, codes } = await turnOnTwoFactor(card, fr, password);
    await expect(card).toContainText(
      fr ? "Codes de secours restants : 10 sur 10." : "Recovery codes left: 10 of 10.",
    );
    await expect
      .poll(() => subjectsTo(email))
      .toContainEqual(
        fr
          ? "La connexion en deux étapes a été activée sur votre compte Lumen"
          : "Two-factor sign-in was turned on for your Lumen account",
      );

    // The password alone no longer opens the account: the code step, then the account.
    await logOut(page);
    await logIn(page, email, password, fr);
    await expect(codeStep(page)).toBeVisible();
    await submitCode(page, appCode(secret, 1));
    await page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true }).click();
    await onAccount(page, email);

    // A lost phone: a recovery code, which then is used up.
    await logOut(page);
    await logIn(page, email, password, fr);
    await page
      .getByRole("button", { name: fr ? "Utiliser un code de secours" : "Use a recovery code" })
      .click();
    await submitCode(page, codes[0]!);
    await page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true }).click();
    await onAccount(page, email);
    await expect(card).toContainText(
      fr ? "Codes de secours restants : 9 sur 10." : "Recovery codes left: 9 of 10.",
    );

    // A new password ends the session here too: the login page says to log in with it and a code.
    const newPassword = "correct horse 2";
    const passwordForm = page.getByRole("form", { name: fr ? "Mot de passe" : "Password" });
    await passwordForm
      .getByLabel(fr ? "Mot de passe actuel" : "Current password", { exact: true })
      .fill(password);
    await passwordForm
      .getByLabel(fr ? "Nouveau mot de passe" : "New password", { exact: true })
      .fill(newPassword);
    await passwordForm
      .getByLabel(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password", { exact: true })
      .fill(newPassword);
    await passwordForm
      .getByRole("button", { name: fr ? "Changer le mot de passe" : "Change password" })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
    await expect(page.getByRole("status").filter({ hasText: /./ })).toHaveText(
      fr
        ? "Votre mot de passe a été changé. Connectez-vous avec lui, puis avec un code de votre application."
        : "Your password has been changed. Log in with it, then with a code from your app.",
    );
    await logIn(page, email, newPassword, fr);
    await page
      .getByRole("button", { name: fr ? "Utiliser un code de secours" : "Use a recovery code" })
      .click();
    await submitCode(page, codes[1]!);
    await page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true }).click();
    await onAccount(page, email);

    // Turn it off with another recovery code: the password alone opens the account again.
    await card.getByRole("button", { name: fr ? "Désactiver" : "Turn off" }).click();
    await card
      .getByLabel(fr ? "Code de l’application, ou code de secours" : "Code from the app, or a recovery code")
      .fill(codes[2]!.toUpperCase());
    await card.getByRole("button", { name: fr ? "Désactiver" : "Turn off" }).click();
    await expect(card.getByRole("status")).toHaveText(
      fr ? "La connexion en deux étapes est désactivée." : "Two-factor sign-in is off.",
    );
    await logOut(page);
    await logIn(page, email, newPassword, fr);
    await onAccount(page, email);
  });

  test(`${locale}: a used recovery code and wrong codes are refused, then throttled`, async ({
    page,
    baseURL,
  }) => {
    test.slow(); // nine sign-in requests in a row
    // Two-factor turned on through the API, as the account page does (confirming it is them first).
    const email = await createVerifiedUser(baseURL!, "totp", locale);
    const pb = new PocketBase(baseURL);
    await pb.collection("users").authWithPassword(email, password);
    const { token } = await pb.send<{ token: string }>("/api/collections/users/confirm-identity", {
      method: "POST",
      body: { password },
    });
    pb.authStore.save(token, pb.authStore.record);
    const setup = await pb.send<TotpSetup>("/api/collections/users/totp/setup", { method: "POST" });
    const { recoveryCodes } = await pb.send<TotpRecoveryCodes>("/api/collections/users/totp", {
      method: "POST",
      body: { setupId: setup.setupId, code: appCode(setup.secret) },
    });
    await pb.send("/api/collections/users/auth-with-totp", {
      method: "POST",
      body: { mfaId: await mfaIdOf(pb, email), code: recoveryCodes[0] },
    });

    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await page
      .getByRole("button", { name: fr ? "Utiliser un code de secours" : "Use a recovery code" })
      .click();
    /** Sends a code; resolves the server's answer status. */
    const send = async (code: string) => {
      await submitCode(page, code);
      const answer = page.waitForResponse((r) => r.url().includes("/auth-with-totp"));
      await page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true }).click();
      return (await answer).status();
    };
    const alert = page.getByRole("alert").filter({ hasText: /./ });
    expect(await send(recoveryCodes[0]!)).toBe(400);
    await expect(alert).toHaveText(
      fr
        ? "Ce code n’est pas le bon, ou il a expiré. Essayez le code le plus récent de votre application."
        : "This code is not right, or it has expired. Try the newest code in your app.",
    );
    // Guessing stops after a few tries, as for passwords; the page stays on the code step.
    const throttled = fr
      ? "Trop de tentatives. Patientez un instant puis réessayez."
      : "Too many attempts. Please wait a moment and try again.";
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 6)
      statuses.push(await send(`00000${statuses.length}`));
    expect(statuses.at(-1)).toBe(429);
    await expect(alert).toHaveText(throttled);
    // Even the right code waits now.
    expect(await send(appCode(setup.secret, 1))).toBe(429);
    await expect(alert).toHaveText(throttled);
    await expect(codeStep(page)).toBeVisible();
  });
}

/** The code step's id of a password sign-in (PocketBase's 401 answer), as the SDK reports it. */
async function mfaIdOf(pb: PocketBase, email: string): Promise<string> {
  try {
    await pb.collection("users").authWithPassword(email, password);
  } catch (error) {
    const mfaId = (error as { response?: { mfaId?: string } }).response?.mfaId;
    if (mfaId) return mfaId;
    throw error;
  }
  throw new Error("The password sign-in did not ask for a code.");
}
