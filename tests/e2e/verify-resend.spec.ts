import type { Page } from "@playwright/test";
import { readOutbox } from "#server/testing/outbox.ts";
import { dataDir, logIn, mailTo, password, signUp, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { superuserOf } from "./stripe-server.ts";

/** The verification page's "send the link" request, as the page sends it. */
const requestVerification = "**/api/collections/users/request-verification";

/** The addresses the page asks a verification link for, from now on, in order. */
function linkRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/request-verification")) return;
    asked.push(String((request.postDataJSON() as { email?: unknown }).email));
  });
  return asked;
}

// Each signed-in test makes an account; bcrypt makes that seconds long on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

for (const fr of [false, true]) {
  const lang = fr ? "French" : "English";
  const at = (path: string) => (fr ? `/fr${path}` : path);
  const words = fr
    ? {
        inbox: "Consultez votre boîte de réception",
        verify: "Vérifiez votre adresse e-mail",
        again: "Renvoyer le lien",
        send: "Envoyer le lien de vérification",
        waiting: /^Renvoyer dans [0-2]:[0-5]\d$/,
        onItsWay: "Un nouveau lien est en route.",
        sentClaim: /Nous (vous )?avons envoyé/,
        email: "E-mail",
      }
    : {
        inbox: "Check your inbox",
        verify: "Verify your email address",
        again: "Send the link again",
        send: "Send the verification link",
        waiting: /^Send again in [0-2]:[0-5]\d$/,
        onItsWay: "A new link is on its way.",
        sentClaim: /We sent/,
        email: "Email",
      };

  test(`after sign-up and a reload, "send the link again" sends it and waits (${lang})`, async ({ page }) => {
    const email = uniqueEmail(fr ? "rechargement" : "reload");
    await signUp(page, { name: "Reload Visitor", email, fr });
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    await expect(page.getByRole("heading", { level: 1, name: words.inbox })).toBeVisible();

    await page.reload();
    // Still the page sign-up led to, with the address the link went to.
    await expect(page.getByRole("heading", { level: 1, name: words.inbox })).toBeVisible();
    const card = page.locator("[data-slot=verify-email]");
    await expect(card.getByText(email)).toBeVisible();
    // The card's one button, whatever it says while it waits.
    const button = card.getByRole("button");
    await expect(button).toHaveAccessibleName(words.again);
    const asked = linkRequests(page);
    await button.click();
    await expect.poll(() => asked).toEqual([email]);
    await expect(card.getByRole("status").filter({ hasText: words.onItsWay })).toBeVisible();
    await expect(button).toHaveAccessibleName(words.waiting);
    await expect(button).toHaveAttribute("aria-disabled", "true");
  });

  test(`a signed-in user never sent a link opens the page and gets one (${lang})`, async ({
    page,
    baseURL,
  }) => {
    // Made by the operator: the server sends no verification link for such an account.
    const email = uniqueEmail(fr ? "jamais" : "never");
    const { pb } = await superuserOf(baseURL!, dataDir);
    await pb.collection("users").create({
      email,
      password,
      passwordConfirm: password,
      name: "Never Sent",
      plan: "free",
      locale: fr ? "fr" : "en",
    });
    expect(readOutbox(dataDir).filter((mail) => mail.to.includes(email))).toEqual([]);
    await page.goto(at("/login"));
    await logIn(page, email, password, fr);
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));

    await page.goto(at("/verify-email"));
    // Nothing was sent, so the page does not say so: it offers to send the link.
    await expect(page.getByRole("heading", { level: 1, name: words.verify })).toBeVisible();
    const card = page.locator("[data-slot=verify-email]");
    await expect(card.getByText(email)).toBeVisible();
    await expect(card.getByText(words.sentClaim)).toHaveCount(0);
    const button = card.getByRole("button");
    await expect(button).toHaveAccessibleName(words.send);
    const asked = linkRequests(page);
    await button.click();
    await expect.poll(() => asked).toEqual([email]);
    await expect(button).toHaveAccessibleName(words.waiting);
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await mailTo(email, at("/verify-email"));
  });

  test(`signed out, the page asks for the address and never says whether it has an account (${lang})`, async ({
    page,
  }) => {
    await page.goto(at("/verify-email"));
    await expect(page.getByRole("heading", { level: 1, name: words.verify })).toBeVisible();
    const card = page.locator("[data-slot=verify-email]");
    await expect(card.getByText(words.sentClaim)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: words.inbox })).toHaveCount(0);

    // An address nobody signed up with: the answer is the same as for an account's.
    const stranger = uniqueEmail(fr ? "inconnu" : "stranger");
    await page.getByLabel(words.email, { exact: true }).fill(stranger);
    const button = card.getByRole("button");
    await expect(button).toHaveAccessibleName(words.send);
    const asked = linkRequests(page);
    await button.click();
    await expect.poll(() => asked).toEqual([stranger]);
    await expect(card.getByRole("status").filter({ hasText: stranger })).toHaveText(
      fr
        ? `Si ${stranger} est l’adresse d’un compte en attente de vérification, un lien est en route. Consultez votre boîte de réception.`
        : `If ${stranger} belongs to an account waiting for verification, a link is on its way. Check your inbox.`,
    );
    await expect(button).toHaveAccessibleName(words.waiting);

    // The server refusing too many requests: the button waits, and says why.
    await page.route(requestVerification, (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ status: 429, message: "Too Many Requests.", data: {} }),
      }),
    );
    await page.reload();
    // Typed once the form is React's, so that the answer is the page's to show.
    await expect(card.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(words.email, { exact: true }).fill(stranger);
    await button.click();
    await expect.poll(() => asked).toEqual([stranger, stranger]);
    await expect(card.getByRole("alert")).toHaveText(
      fr
        ? "Trop de tentatives. Patientez un instant puis réessayez."
        : "Too many attempts. Please wait a moment and try again.",
    );
    await expect(button).toHaveAccessibleName(words.waiting);
    await expect(button).toHaveAttribute("aria-disabled", "true");
  });
}
