import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatPrice } from "#shared/format.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import type { BillingMail } from "./billing-templates.ts";
import type { MailContent } from "./layout.ts";
import { renderBillingMail, renderMail, renderSecurityMail } from "./render.ts";
import type { SecurityMail } from "./security-templates.ts";
import type { MailKind } from "./templates.ts";

// Every kind of email the server sends, in each language, as the server renders it: words from
// locales/{locale}/emails.po, links to the reader's language's pages.

const appUrl = "https://lumen.example";
const site = { appName: "Lumen", appUrl: `${appUrl}/`, name: "Zoé" };
const when = "2026-11-27 09:05:00.000Z";

function instructions(locale: Locale) {
  const markdown = readFileSync(
    new URL(`../../content/${locale}/payment-instructions.md`, import.meta.url),
    "utf8",
  );
  const { paragraphs, account } = paymentInstructions(markdown, {
    amount: formatPrice(49.99, locale),
    period: paymentPeriod("year", locale),
    reference: "zoe@example.com",
    support: "help@lumen.example",
  });
  return { paragraphs, account, reference: "zoe@example.com" };
}

const accountKinds: MailKind[] = ["verification", "passwordReset", "emailChange"];
const securityMails: SecurityMail[] = [
  { kind: "passwordChanged", removed: { passkeys: ["Chrome on Android", "YubiKey"], totp: true } },
  { kind: "emailChanged", newEmail: "new@example.com" },
  { kind: "superuserPasswordChanged", by: "ops@example.com", when, superuser: true },
  { kind: "accountDeleted", subscriptionCanceled: true },
  { kind: "passkeyAdded", passkeyName: "Chrome on Android", when },
  { kind: "passkeyRemoved", passkeyName: "Chrome on Android", when },
  { kind: "totpEnabled", when },
  { kind: "totpDisabled", when },
  { kind: "recoveryCodesRenewed", when },
  { kind: "recoveryCodeUsed", when, recoveryCodesLeft: 0 },
  { kind: "recoveryCodeUsed", when, recoveryCodesLeft: 3 },
  { kind: "totpFailures", when, failures: 10 },
];
const billingMails = (locale: Locale): BillingMail[] => [
  { kind: "paymentInstructions", amount: 49.99, interval: "year", ...instructions(locale) },
  { kind: "paymentReceived", amount: 4.99, interval: "month", nextDate: "2026-12-27", manual: false },
  { kind: "paymentReceived", amount: 49.99, interval: "year", nextDate: "2027-11-27", manual: false },
  { kind: "paymentReceived", amount: 4.99, interval: "month", nextDate: "2026-12-27", manual: true },
  { kind: "paymentReceived", amount: 49.99, interval: "year", nextDate: "2027-11-27", manual: true },
  { kind: "subscriptionScheduled", amount: 4.99, interval: "month", startsAt: "2026-12-04" },
  { kind: "subscriptionScheduled", amount: 49.99, interval: "year", startsAt: "2026-12-04" },
  { kind: "subscriptionCanceling", endsAt: "2026-12-27" },
  { kind: "subscriptionResumed", amount: 4.99, interval: "month", nextDate: "2026-12-27" },
  { kind: "subscriptionResumed", amount: 49.99, interval: "year", nextDate: "2027-11-27" },
  { kind: "planSwitched", amount: 49.99, interval: "year", nextDate: "2026-12-27" },
  { kind: "planSwitched", amount: 4.99, interval: "month", nextDate: "2027-11-27" },
  { kind: "accessEnded", endedAt: "2026-11-27", reason: "canceled" },
  { kind: "accessEnded", endedAt: "2026-11-27", reason: "unpaid" },
  { kind: "trialEndingSoon", endsAt: "2026-12-04" },
  { kind: "trialEnded", endedAt: "2026-11-27" },
  { kind: "paymentFailed", accessUntil: "2026-12-11" },
  { kind: "lastNotice", accessUntil: "2026-12-11" },
  { kind: "refundIssued", amount: 4.99, refundedAt: "2026-11-29" },
];

type Case = { name: string; render: (locale: Locale) => Promise<MailContent>; dashboard?: boolean };
const cases: Case[] = [
  ...accountKinds.map((kind) => ({
    name: kind,
    render: (locale: Locale) =>
      renderMail({ ...site, kind, locale, token: "a.b-c", validFor: 1800, newEmail: "new@example.com" }),
  })),
  ...securityMails.map((mail) => ({
    name: `${mail.kind}${"recoveryCodesLeft" in mail ? ` (${mail.recoveryCodesLeft} left)` : ""}`,
    render: (locale: Locale) => renderSecurityMail({ ...mail, ...site, locale }),
    dashboard: "superuser" in mail,
  })),
  ...billingMails("en").map((mail, index) => ({
    name: `${mail.kind}${"interval" in mail ? ` ${mail.interval}ly` : ""}${"manual" in mail && mail.manual ? " manual" : ""}${"reason" in mail ? ` (${mail.reason})` : ""}`,
    render: (locale: Locale) => renderBillingMail({ ...billingMails(locale)[index]!, ...site, locale }),
  })),
];

/** The lines of the plain-text part that are words (not a link, not a name or an address). */
const sentences = (text: string) =>
  text.split("\n").filter((line) => line.length > 20 && !/^https?:\/\//.test(line));

describe("every email, in English and in French", () => {
  for (const { name, render, dashboard } of cases) {
    it(`${name}: subject, HTML and text in the reader's language, links to its pages`, async () => {
      const [en, fr] = await Promise.all([render("en"), render("fr")]);
      for (const [locale, mail] of [
        ["en", en],
        ["fr", fr],
      ] as const) {
        expect(mail.subject).not.toBe("");
        expect(mail.html).toMatch(new RegExp(`<html [^>]*lang="${locale}"`));
        expect(mail.text.trim()).not.toBe("");
        // Every placeholder filled in, every plural chosen.
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/[{}]/);
        // The link, in both parts, to the page in the reader's language (a superuser's: the dashboard).
        const page = dashboard ? "/_/" : locale === "fr" ? "/fr" : "";
        expect(mail.link.startsWith(`${appUrl}${page}`)).toBe(true);
        if (locale === "en" && !dashboard) expect(mail.link.startsWith(`${appUrl}/fr`)).toBe(false);
        expect(mail.text).toContain(`${mail.link}\n`);
        expect(mail.html).toContain(`href="${mail.link}"`);
        for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(link).toBe(mail.link);
      }
      expect(en.text).toMatch(/^Hello Zoé,\n/);
      expect(fr.text).toMatch(/^Bonjour Zoé,\n/);
      expect(fr.text).toContain("L’équipe Lumen");
      // The French email says nothing in English.
      expect(fr.subject).not.toBe(en.subject);
      for (const sentence of sentences(en.text)) expect(fr.text).not.toContain(sentence);
    });
  }

  it("says the plurals in each language", async () => {
    const used = (left: number, locale: Locale) =>
      renderSecurityMail({ kind: "recoveryCodeUsed", when, recoveryCodesLeft: left, ...site, locale });
    expect((await used(0, "en")).text).toContain("You have no recovery codes left.");
    expect((await used(3, "en")).text).toContain("You have 3 left.");
    expect((await used(0, "fr")).text).toContain("Il ne vous en reste aucun.");
    expect((await used(1, "fr")).text).toContain("Il vous en reste 1.");
    const reset = (validFor: number, locale: Locale) =>
      renderMail({ ...site, kind: "passwordReset", locale, token: "t", validFor });
    expect((await reset(3600, "en")).text).toContain("valid for 1 hour.");
    expect((await reset(7200, "en")).text).toContain("valid for 2 hours.");
    expect((await reset(60, "en")).text).toContain("valid for 1 minute.");
    expect((await reset(3600, "fr")).text).toContain("valable 1\u00a0heure.");
    expect((await reset(900, "fr")).text).toContain("valable 15\u00a0minutes.");
  });
});
