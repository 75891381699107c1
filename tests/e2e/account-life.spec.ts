import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { readOutbox, type OutboxMail } from "#server/testing/outbox.ts";
import { dataDir, linkPath, logIn, mailTo, password, signUp, uniqueEmail } from "./account-helpers.ts";

// The rest of an account's life, as a user lives it in each language: the newsletter choice, the
// data download, a password change and an email change with their emails, then deleting the
// account and its goodbye.

/** Waits for the mail to `to` whose subject matches. */
async function mailWithSubject(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = readOutbox(dataDir).find((mail) => mail.to.includes(to) && subject.test(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

for (const fr of [false, true]) {
  const lang = fr ? "French" : "English";
  const at = (path: string) => (fr ? `/fr${path}` : path);

  test(`newsletter, data download, password and email changes with their emails, then deletion (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail(fr ? "vie" : "life");
    await signUp(page, { name: "Life Cycle", email, fr });
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    await page.goto(at("/account"));

    // The newsletter: not chosen at sign-up; one click changes it, and it stays changed.
    const newsletter = page.getByRole("checkbox", {
      name: fr ? /Recevoir les nouveautés/ : /Send me product news/,
    });
    await expect(newsletter).not.toBeChecked();
    await newsletter.check();
    await expect(
      page.getByText(fr ? /vous recevrez la lettre/ : /you will receive the newsletter/),
    ).toBeVisible();
    await page.reload();
    await expect(newsletter).toBeChecked();

    // The data: one JSON file, the user's facts in it, no secret.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: fr ? "Télécharger mes données" : "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lumen-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync((await download.path())!, "utf8");
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({
      email,
      name: "Life Cycle",
      newsletter: true,
      locale: fr ? "fr" : "en",
    });
    expect(data.account.stremio_username).toMatch(/@lumen\.stream$/);
    expect(text).not.toContain("tokenKey");
    // Neither the account's password hash nor the Stremio password (the record's `password`).
    expect(text).not.toContain('"password"');

    // A password change: the user is told by email, with no link that signs in.
    const form = page.getByRole("form", { name: fr ? "Mot de passe" : "Password" });
    await form.getByLabel(fr ? "Mot de passe actuel" : "Current password", { exact: true }).fill(password);
    await form
      .getByLabel(fr ? "Nouveau mot de passe" : "New password", { exact: true })
      .fill("another horse 2");
    await form
      .getByLabel(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password", { exact: true })
      .fill("another horse 2");
    await form.getByRole("button", { name: fr ? "Changer le mot de passe" : "Change password" }).click();
    await expect(form.getByText(fr ? /a été modifié/ : /has been changed/)).toBeVisible();
    const changed = await mailWithSubject(
      email,
      fr ? /Votre mot de passe Lumen a été modifié/ : /Your Lumen password was changed/,
    );
    expect(changed.text).toContain(at("/forgot-password"));
    expect(changed.text).not.toMatch(/token=/);

    // An email change: confirmed from the link with the password, the visitor stays signed in with
    // the new address, and the old address is told.
    const newEmail = uniqueEmail(fr ? "nouvelle" : "new");
    await page
      .getByLabel(fr ? "Nouvelle adresse e-mail" : "New email address", { exact: true })
      .fill(newEmail);
    await page
      .getByRole("button", { name: fr ? "Envoyer le lien de confirmation" : "Send the confirmation link" })
      .click();
    const link = await mailTo(newEmail, "/confirm-email-change");
    await page.goto(linkPath(link));
    await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).fill("another horse 2");
    await page.getByRole("button", { name: fr ? "Confirmer le changement" : "Confirm the change" }).click();
    await expect(page.getByRole("status")).toContainText(
      fr ? "Vous êtes toujours connecté." : "You are still logged in.",
    );
    await page.getByRole("link", { name: fr ? "Accéder à mon compte" : "Continue to my account" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: fr ? "Votre compte" : "Your account" }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText(newEmail, { exact: true }).first()).toBeVisible();
    const told = await mailWithSubject(
      email,
      fr
        ? /L’adresse e-mail de votre compte Lumen a changé/
        : /The email address of your Lumen account changed/,
    );
    expect(told.text).toContain(newEmail);
    expect(told.text).not.toMatch(/token=/);

    // Deleting: the password again and the tick; then the goodbye, here and by email.
    const deletion = page.getByRole("form", { name: fr ? "Supprimer mon compte" : "Delete my account" });
    await deletion
      .getByLabel(fr ? "Mot de passe actuel" : "Current password", { exact: true })
      .fill("another horse 2");
    await deletion.getByRole("checkbox").check();
    await deletion.getByRole("button", { name: fr ? "Supprimer mon compte" : "Delete my account" }).click();
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: fr ? "Votre compte est supprimé" : "Your account is deleted",
      }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText(newEmail, { exact: false })).toBeVisible();
    const goodbye = await mailWithSubject(
      newEmail,
      fr ? /Votre compte Lumen est supprimé/ : /Your Lumen account is deleted/,
    );
    expect(goodbye.text).not.toMatch(/token=/);

    // The header says signed out, and the password opens nothing any more.
    await expect(page.getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" }).first()).toBeVisible();
    await page.goto(at("/login"));
    await logIn(page, newEmail, "another horse 2", fr);
    await expect(page.getByRole("alert")).toContainText(
      fr ? "E-mail ou mot de passe incorrect." : "Wrong email or password.",
    );
  });
}

for (const fr of [false, true]) {
  test(`a content page's header has the same account menu, which logs out without the app (${fr ? "French" : "English"})`, async ({
    page,
  }) => {
    const email = uniqueEmail(fr ? "contenu" : "content");
    await signUp(page, { name: "Menu Everywhere", email, fr });
    await expect(page).toHaveURL(/\/verify-email$/);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.goto(fr ? "/fr/roadmap" : "/roadmap");
    const trigger = page.getByRole("button", { name: /Menu Everywhere/ });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(trigger).toContainText(fr ? "Essai" : "Trial");
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(email);
    await expect(menu.getByRole("menuitem", { name: fr ? "Compte" : "Account" })).toHaveAttribute(
      "href",
      fr ? "/fr/account" : "/account",
    );
    await expect(menu.getByRole("menuitem", { name: fr ? "Administration" : "Admin" })).toBeHidden();
    // The keys work as on app pages: End reaches "Log out", Escape closes and gives focus back.
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: fr ? "Se déconnecter" : "Log out" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    // No app bundle: the menu's behaviour is the one module the page loaded.
    expect(scripts.filter((url) => !/\/assets\/menu-[\w-]+\.js$/.test(url))).toEqual([]);

    await trigger.click();
    await menu.getByRole("menuitem", { name: fr ? "Se déconnecter" : "Log out" }).click();
    await expect(page).toHaveURL(fr ? /\/fr\/login$/ : /\/login$/);
    await expect(page.getByText(fr ? "Vous êtes déconnecté." : "You are logged out.")).toBeVisible();
    await page.goto(fr ? "/fr/roadmap" : "/roadmap");
    await expect(page.getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" }).first()).toBeVisible();
  });
}
