import type { CDPSession, Locator, Page } from "@playwright/test";
import { generateSync } from "otplib";
import { expect } from "./fixtures.ts";

// Second factors as a person adds them with the account cards (the site's account page, the
// dashboard's "Your sign-in"): a passkey from Chromium's virtual authenticator, and an
// authenticator app whose codes are made here from the key the card shows (otplib, as the app would).

/**
 * A platform authenticator (as a phone's or a laptop's) for this page, through the DevTools
 * protocol's WebAuthn domain: it verifies the user at once.
 */
export async function virtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The name the passkeys card gives a passkey made in the e2e browser. */
export const e2eDeviceName = (fr: boolean) => (fr ? "Chrome sur Linux" : "Chrome on Linux");

/**
 * Answers "Confirm it's you", the dialog the account cards open before adding or removing a way
 * to sign in when the session has not proved it lately: the current `password`, then "Confirm".
 */
export async function confirmItsYou(page: Page, fr: boolean, password: string) {
  const dialog = page.getByRole("dialog", { name: fr ? "Confirmez que c’est vous" : "Confirm it’s you" });
  await dialog.getByLabel(fr ? "Mot de passe actuel" : "Current password").fill(password);
  await dialog.getByRole("button", { name: fr ? "Confirmer" : "Confirm", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Adds the first passkey with the passkeys `card`, confirming it is them with `password`: the
 * card says so and lists it, never used.
 */
export async function addFirstPasskey(card: Locator, fr: boolean, password: string) {
  await expect(
    card.getByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
  ).toBeVisible();
  await card.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }).click();
  await confirmItsYou(card.page(), fr, password);
  const deviceName = e2eDeviceName(fr);
  await expect(card.getByRole("status")).toHaveText(
    fr
      ? `Clé d’accès ajoutée : ${deviceName}. La prochaine fois, connectez-vous avec elle.`
      : `Passkey added: ${deviceName}. Next time, log in with it.`,
  );
  await expect(card.getByRole("listitem")).toHaveCount(1);
  await expect(card.getByRole("listitem")).toContainText(fr ? "jamais utilisée" : "never used");
}

/**
 * The app's code for `secret`, `stepsAhead` time steps from now. The server accepts a code once
 * and the step after the current one (clock drift), so a second sign-in within the same 30 s uses
 * the next step's code rather than waiting for it.
 */
export const appCode = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * Turns two-factor sign-in on with the two-factor `card`: confirm it is them with `password`,
 * scan (here, read the key), confirm with a code, keep the recovery codes ("I have saved them").
 * Resolves the key and the 10 recovery codes; what the card shows next is the caller's to check.
 */
export async function turnOnTwoFactor(
  card: Locator,
  fr: boolean,
  password: string,
): Promise<{ secret: string; codes: string[] }> {
  await card
    .getByRole("button", {
      name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
    })
    .click();
  await confirmItsYou(card.page(), fr, password);
  await expect(
    card.getByRole("img", {
      name: fr ? "QR code pour votre application d’authentification" : "QR code for your authenticator app",
    }),
  ).toBeVisible();
  const secret = (await card.locator('[data-slot="totp-secret"]').textContent())!.replace(/\s/g, "");
  await card.getByLabel(fr ? "Code de l’application" : "Code from the app").fill(appCode(secret));
  await card.getByRole("button", { name: fr ? "Activer" : "Turn on", exact: true }).click();
  const list = card
    .getByRole("list", { name: fr ? "Codes de secours" : "Recovery codes" })
    .getByRole("listitem");
  await expect(list).toHaveCount(10);
  const codes = await list.allTextContents();
  await card.getByRole("button", { name: fr ? "Je les ai gardés" : "I have saved them" }).click();
  return { secret, codes };
}
