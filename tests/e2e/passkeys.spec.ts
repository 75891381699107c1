import { readOutbox } from "#server/testing/outbox.ts";
import { createUser, createVerifiedUser, logIn, password } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { passkeyBaseURL, passkeyDataDir, serverWithDefaultLimits } from "./passkey-server.ts";
import {
  addFirstPasskey,
  confirmItsYou,
  e2eDeviceName,
  virtualAuthenticator,
} from "./second-factor-helpers.ts";

// Passkeys as a visitor uses them, in Chromium with a virtual authenticator (the DevTools
// protocol's WebAuthn domain: a platform authenticator that verifies the user at once), against
// the real server on localhost (tests/e2e/passkey-server.ts).

test.use({ baseURL: passkeyBaseURL });

/** The subjects of the mails sent to `to` so far. */
function subjectsTo(to: string): string[] {
  return readOutbox(passkeyDataDir)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.subject);
}

/**
 * A person who never picks a passkey in the email field's suggestions (the virtual authenticator
 * would pick one at once): the page's request for them waits until the page replaces it.
 */
function suggestionsNeverPicked() {
  const get = navigator.credentials.get.bind(navigator.credentials);
  PublicKeyCredential.isConditionalMediationAvailable = async () => true;
  navigator.credentials.get = (options?: CredentialRequestOptions) =>
    options?.mediation === "conditional"
      ? new Promise((_, reject) =>
          options.signal?.addEventListener("abort", () => reject(options.signal!.reason)),
        )
      : get(options);
}

for (const locale of ["en", "fr"] as const) {
  const fr = locale === "fr";
  const prefix = fr ? "/fr" : "";

  test(`${locale}: add a passkey, log out, log in with it, remove it`, async ({ page }) => {
    const email = await createVerifiedUser(passkeyBaseURL, "passkey", locale, passkeyDataDir);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));

    const card = page.locator('[data-slot="passkeys"]');
    await addFirstPasskey(card, fr, password);
    const deviceName = e2eDeviceName(fr);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expect
      .poll(() => subjectsTo(email))
      .toContainEqual(
        fr
          ? "Une clé d’accès a été ajoutée à votre compte Lumen"
          : "A passkey was added to your Lumen account",
      );

    // Log out: on the login page the browser offers the passkey in the email field's suggestions,
    // and the virtual authenticator picks it at once, as a visitor would pick it there.
    const logOut = () =>
      page
        .getByRole("button", { name: fr ? "Se déconnecter" : "Log out" })
        .first()
        .click();
    await logOut();
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
    await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p")).toHaveText(
      email,
    );
    await expect(card.getByRole("listitem")).toContainText(fr ? "utilisée le" : "last used");

    // A browser without those suggestions: the button, with no email and no password. (This page,
    // whose logout goes to the login page without loading a new document, and the next ones.)
    const noSuggestions = () => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    };
    await page.evaluate(noSuggestions);
    await page.addInitScript(noSuggestions);
    await logOut();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
    await expect(page.getByLabel(fr ? "E-mail" : "Email", { exact: true })).toHaveAttribute(
      "autocomplete",
      "email webauthn",
    );
    const passkeyButton = page.getByRole("button", {
      name: fr ? "Se connecter avec une clé d’accès" : "Log in with a passkey",
    });
    await passkeyButton.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
    await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p")).toHaveText(
      email,
    );

    // Remove it, after the confirmation and, this session being a new one, the password again:
    // gone from the account, and an email says so.
    const before = subjectsTo(email).length;
    await card
      .getByRole("button", {
        name: fr ? `Supprimer la clé d’accès ${deviceName}` : `Remove the passkey ${deviceName}`,
      })
      .click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: fr ? "Supprimer la clé d’accès" : "Remove the passkey" })
      .click();
    await confirmItsYou(page, fr, password);
    await expect(
      card.getByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
    ).toBeVisible();
    await expect.poll(() => subjectsTo(email).length).toBeGreaterThan(before);

    // The device still holds the key, but the account no longer accepts it.
    await logOut();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
    await passkeyButton.click();
    await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(
      fr
        ? "Cette clé d’accès n’a pas été acceptée. Connectez-vous avec votre mot de passe ou essayez une autre clé d’accès."
        : "This passkey was not accepted. Log in with your password, or try another passkey.",
    );
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
  });

  test(`${locale}: adding a passkey asks to confirm it is you with the password first`, async ({ page }) => {
    const email = await createVerifiedUser(passkeyBaseURL, "confirm", locale, passkeyDataDir);
    await virtualAuthenticator(page);
    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));

    const card = page.locator('[data-slot="passkeys"]');
    await card.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }).click();
    const dialog = page.getByRole("dialog", { name: fr ? "Confirmez que c’est vous" : "Confirm it’s you" });
    const field = dialog.getByLabel(fr ? "Mot de passe actuel" : "Current password");
    // A wrong password: said on the field, and nothing is added.
    await field.fill("not the password");
    await dialog.getByRole("button", { name: fr ? "Confirmer" : "Confirm", exact: true }).click();
    await expect(field).toHaveAccessibleDescription(
      fr ? "Votre mot de passe est incorrect." : "Your password is incorrect.",
    );
    expect(subjectsTo(email)).not.toContainEqual(
      fr ? "Une clé d’accès a été ajoutée à votre compte Lumen" : "A passkey was added to your Lumen account",
    );
    // Cancelled: still nothing, and no error on the card.
    await dialog.getByRole("button", { name: fr ? "Annuler" : "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole("listitem")).toHaveCount(0);
    await expect(card.getByRole("alert").filter({ hasText: /./ })).toHaveCount(0);
    // The right one: the passkey asked for is added, without asking twice.
    await card.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }).click();
    await confirmItsYou(page, fr, password);
    await expect(card.getByRole("listitem")).toHaveCount(1);
    await expect(card.getByRole("listitem")).toContainText(e2eDeviceName(fr));
  });

  test(`${locale}: before the address is confirmed, the passkey and two-factor cards say why they cannot add one yet`, async ({
    page,
  }) => {
    const email = await createUser(passkeyBaseURL, "unverified", locale);
    await virtualAuthenticator(page);
    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
    // The page's notice, with the way to get the link again.
    await expect(
      page.getByRole("button", { name: fr ? "Renvoyer l’e-mail" : "Resend the email" }),
    ).toBeVisible();

    const passkeys = page.locator('[data-slot="passkeys"]');
    await expect(
      passkeys.getByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
    ).toBeVisible();
    await expect(
      passkeys.getByText(
        fr
          ? "Pour ajouter une clé d’accès, confirmez d’abord votre adresse e-mail avec le lien que nous vous avons envoyé (voir l’avis en haut de cette page)."
          : "To add a passkey, first confirm your email address with the link we sent you (see the notice at the top of this page).",
      ),
    ).toBeVisible();
    await expect(
      passkeys.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toHaveCount(0);

    const twoFactor = page.locator('[data-slot="two-factor"]');
    await expect(
      twoFactor.getByText(
        fr
          ? "Pour l’activer, confirmez d’abord votre adresse e-mail avec le lien que nous vous avons envoyé (voir l’avis en haut de cette page)."
          : "To turn it on, first confirm your email address with the link we sent you (see the notice at the top of this page).",
      ),
    ).toBeVisible();
    await expect(
      twoFactor.getByRole("button", {
        name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    ).toHaveCount(0);
  });
}

// The sign-in budget with the default rate limits on, on a server of this describe's own (one per
// worker): the tier's servers turn the limits off.
test.describe("with the default rate limits", () => {
  let server: Awaited<ReturnType<typeof serverWithDefaultLimits>>;
  test.beforeAll(async () => {
    server = await serverWithDefaultLimits();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  for (const locale of ["en", "fr"] as const) {
    const fr = locale === "fr";
    const prefix = fr ? "/fr" : "";

    test(`${locale}: logged out, the login page loaded again, "Log in with a passkey" is not refused`, async ({
      page,
    }) => {
      const email = await createVerifiedUser(server.baseURL, "limits", locale, server.dataDir);
      await virtualAuthenticator(page);
      await page.addInitScript(suggestionsNeverPicked);
      await page.goto(`${server.baseURL}${prefix}/login`);
      await logIn(page, email, password, fr);
      await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
      await addFirstPasskey(page.locator('[data-slot="passkeys"]'), fr, password);

      // Log out, which leads to the login page, then load it again: each time the page asks the
      // server for its suggestions' challenge.
      const challenge = () =>
        page.waitForResponse((answer) => answer.url().includes("/auth-with-passkey/options"));
      let asked = challenge();
      await page
        .getByRole("button", { name: fr ? "Se déconnecter" : "Log out" })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
      await asked;
      asked = challenge();
      await page.reload();
      await asked;

      // The button's own challenge is not refused ("Too many attempts"): it logs in.
      asked = challenge();
      await page
        .getByRole("button", { name: fr ? "Se connecter avec une clé d’accès" : "Log in with a passkey" })
        .click();
      expect((await asked).status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
      await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p")).toHaveText(
        email,
      );
    });
  }
});
