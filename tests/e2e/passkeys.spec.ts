import { readOutbox } from "../../server/testing/outbox.ts";
import { createUser, logIn, password } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { passkeyBaseURL, passkeyDataDir } from "./passkey-server.ts";
import { addFirstPasskey, e2eDeviceName, virtualAuthenticator } from "./second-factor-helpers.ts";

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

for (const locale of ["en", "fr"] as const) {
  const fr = locale === "fr";
  const prefix = fr ? "/fr" : "";

  test(`${locale}: add a passkey, log out, log in with it, remove it`, async ({ page }) => {
    const email = await createUser(passkeyBaseURL, "passkey", locale);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await page.goto(`${prefix}/login`);
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));

    const card = page.locator('[data-slot="passkeys"]');
    await addFirstPasskey(card, fr);
    const deviceName = e2eDeviceName(fr);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expect.poll(() => subjectsTo(email).length).toBeGreaterThanOrEqual(1);

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

    // Remove it, after the confirmation: gone from the account, and an email says so.
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
}
