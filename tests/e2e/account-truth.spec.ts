import type { Page } from "@playwright/test";
import PocketBase from "pocketbase";
import { linkPath, logIn, mailTo, password, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

/** The session requests, whatever query the client adds (the subscription it expands). */
const authWithPassword = /\/api\/collections\/users\/auth-with-password(\?|$)/;

// What the account pages say when part of a request fails: each test breaks one request the way a
// rate limit or a network blip would, and checks the page tells the truth, in English and French.

test.describe.configure({ timeout: 90_000 });

const serviceDown = {
  status: 503,
  contentType: "application/json",
  body: JSON.stringify({
    data: {},
    message: "Something went wrong while processing your request.",
    status: 503,
  }),
};

/**
 * Fills and sends the sign-up form like `signUp` in account-helpers.ts, typing again until the
 * values hold: text typed before React has hydrated the prerendered form can be reset by it.
 */
async function signUp(page: Page, { name, email, fr }: { name: string; email: string; fr: boolean }) {
  await page.goto(fr ? "/fr/signup" : "/signup");
  await page.waitForLoadState("networkidle");
  const fields: [string, string][] = [
    [fr ? "Nom" : "Name", name],
    [fr ? "E-mail" : "Email", email],
    [fr ? "Mot de passe" : "Password", password],
    [fr ? "Confirmez le mot de passe" : "Confirm password", password],
  ];
  const terms = page.getByRole("checkbox", { name: fr ? /conditions d’utilisation/ : /terms of use/ });
  await expect(async () => {
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await terms.check();
    for (const [label, value] of fields) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value, { timeout: 500 });
    }
    await expect(terms).toBeChecked({ timeout: 500 });
  }).toPass();
  await page
    .getByRole("button", { name: fr ? "Commencer mon essai gratuit" : "Start my free trial" })
    .click();
}

for (const fr of [false, true]) {
  const lang = fr ? "French" : "English";
  const at = (path: string) => (fr ? `/fr${path}` : path);

  test(`sign-up is one request that leaves a complete account, then a sign-in (${lang})`, async ({
    page,
  }) => {
    const writes: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/") && request.method() !== "GET")
        writes.push(`${request.method()} ${pathname}`);
    });
    const email = uniqueEmail(fr ? "unerequete" : "onerequest");
    await signUp(page, { name: "One Request", email, fr });

    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: fr ? "Consultez votre boîte de réception" : "Check your inbox",
      }),
    ).toBeVisible();
    expect(writes).toEqual([
      "POST /api/collections/users/records",
      "POST /api/collections/users/auth-with-password",
    ]);
    // The server sent the link and made the credentials: the account page shows them at once.
    const mail = await mailTo(email, at("/verify-email"));
    expect(linkPath(mail)).toContain("token=");
    await page.goto(at("/account"));
    await expect(page.getByText(/^[a-z0-9]+_[a-z0-9]{4}@lumen\.stream$/)).toBeVisible();
  });

  test(`sign-up whose sign-in failed shows the account exists and leads to login (${lang})`, async ({
    page,
  }) => {
    await page.route(authWithPassword, (route) => route.fulfill(serviceDown));
    const email = uniqueEmail(fr ? "connexion" : "signin");
    await signUp(page, { name: "Not Signed In", email, fr });

    await expect(
      page.getByRole("heading", { level: 1, name: fr ? "Votre compte est créé" : "Your account is created" }),
    ).toBeVisible();
    await expect(
      page.getByText(fr ? /Erreur inconnue|existe déjà/ : /Unknown error|already exists/),
    ).toHaveCount(0);
    // The form is gone: a second sign-up cannot be attempted by mistake.
    await expect(page.getByRole("button", { name: fr ? /Commencer/ : /Start my free trial/ })).toHaveCount(0);
    // The server sent the verification email with the account.
    await expect(page.getByText(email).first()).toBeVisible();
    await mailTo(email, at("/verify-email"));

    await page.unroute(authWithPassword);
    await page
      .locator("[data-slot=signup-created]")
      .getByRole("link", { name: fr ? "Se connecter" : "Log in", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${at("/login")}$`));
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
  });

  test(`a sign-up retried after its answer was lost finishes instead of saying "already exists" (${lang})`, async ({
    page,
  }) => {
    // The server creates the account, but the answer never reaches the page.
    await page.route("**/api/collections/users/records", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch();
      await route.abort("failed");
    });
    const email = uniqueEmail(fr ? "reessai" : "retry");
    await signUp(page, { name: "Retry Visitor", email, fr });
    await expect(page.getByRole("alert")).toContainText(
      fr ? "Impossible de joindre le serveur" : "Cannot reach the server",
    );

    await page.unroute("**/api/collections/users/records");
    await page.getByRole("button", { name: fr ? /Commencer/ : /Start my free trial/ }).click();
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: fr ? "Consultez votre boîte de réception" : "Check your inbox",
      }),
    ).toBeVisible();
  });

  test(`a duplicate email is told on its field, with a banner that agrees and clears on edit (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail(fr ? "double" : "duplicate");
    await new PocketBase(baseURL).collection("users").create({
      email,
      password: "another secret 1",
      passwordConfirm: "another secret 1",
      name: "First",
      plan: "free",
      price: "0",
    });

    await signUp(page, { name: "Second", email, fr });
    const field = page.getByLabel(fr ? "E-mail" : "Email", { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText(
        fr
          ? "Un compte existe déjà avec cette adresse e-mail."
          : "An account already exists with this email address.",
      ),
    ).toBeVisible();
    const banner = page.locator("[data-slot=form-alert]");
    await expect(banner).toHaveText(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
    await expect(page.getByText(fr ? /Erreur inconnue/ : /Unknown error/)).toHaveCount(0);

    await field.fill(uniqueEmail("other"));
    await expect(banner).toHaveText("");
  });

  test(`asking to change to the current address gets a translated error, never the server's (${lang})`, async ({
    page,
  }) => {
    const email = uniqueEmail(fr ? "meme" : "same");
    await signUp(page, { name: "Same Address", email, fr });
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    // The header's menu from the keyboard: Enter opens it on its first item, Escape closes it.
    const trigger = page.getByRole("button", { name: /Same Address/ });
    const accountItem = page.getByRole("menuitem", { name: fr ? "Compte" : "Account" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(accountItem).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await accountItem.click();
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
    const input = page.getByLabel(fr ? "Nouvelle adresse e-mail" : "New email address", { exact: true });
    await input.fill(email);
    await page
      .getByRole("button", { name: fr ? "Envoyer le lien de confirmation" : "Send the confirmation link" })
      .click();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      fr
        ? "C’est déjà votre adresse e-mail. Saisissez-en une autre."
        : "This is already your email address. Enter a different one.",
    );
    await expect(page.getByText("Must not be in list.")).toHaveCount(0);
    await expect(input).toBeFocused();
  });

  test(`a verification link checked during an outage offers a retry; only the server's refusal is "invalid" (${lang})`, async ({
    page,
  }) => {
    const outage = (page: Page) =>
      page.getByRole("heading", {
        level: 1,
        name: fr ? "Nous n’avons pas pu vérifier votre lien" : "We couldn't check your link",
      });
    const invalid = fr ? "Ce lien ne fonctionne pas" : "This link doesn't work";
    const retry = page.getByRole("button", { name: fr ? "Réessayer" : "Try again" });

    await page.route("**/api/collections/users/confirm-verification", (route) => route.fulfill(serviceDown));
    await page.goto(at("/verify-email?token=not-checked-yet"));
    await expect(outage(page)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(
      fr ? "Le service rencontre un problème." : "The service is having trouble.",
    );
    await expect(page.getByRole("heading", { name: invalid })).toHaveCount(0);

    await page.unroute("**/api/collections/users/confirm-verification");
    await page.route("**/api/collections/users/confirm-verification", (route) =>
      route.abort("connectionrefused"),
    );
    await retry.click();
    await expect(outage(page)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(
      fr ? "Impossible de joindre le serveur." : "Cannot reach the server.",
    );

    // Back online: the server refuses this made-up token with a 400, and only now is it "invalid".
    await page.unroute("**/api/collections/users/confirm-verification");
    await retry.click();
    await expect(page.getByRole("heading", { level: 1, name: invalid })).toBeVisible();
  });
}

for (const fr of [false, true]) {
  test(`the plan and billing choices follow the arrow keys (${fr ? "French" : "English"})`, async ({
    page,
  }) => {
    await page.goto(fr ? "/fr/signup" : "/signup");
    const free = page.getByRole("radio", { name: fr ? /Essai gratuit/ : /Free trial/ });
    const paid = page.getByRole("radio", { name: fr ? /Offre payante/ : /Paid plan/ });
    await expect(free).toBeChecked();
    await free.focus();
    await page.keyboard.press("ArrowRight");
    await expect(paid).toBeChecked();
    await expect(paid).toBeFocused();
    const monthly = page.getByRole("radio", { name: fr ? /Mensuel/ : /Monthly/ });
    const yearly = page.getByRole("radio", { name: fr ? /Annuel/ : /Yearly/ });
    await monthly.check();
    await monthly.focus();
    await page.keyboard.press("ArrowDown");
    await expect(yearly).toBeChecked();
    await page.keyboard.press("ArrowUp");
    await expect(monthly).toBeChecked();
    await paid.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(free).toBeChecked();
  });
}
