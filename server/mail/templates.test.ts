import { afterEach, describe, expect, it } from "vitest";
import { setEmailSeller } from "./layout.ts";
import { renderMail, renderSecurityMail } from "./render.ts";
import type { SecurityMail } from "./security-templates.ts";
import { actionLink, type MailKind } from "./templates.ts";

const kinds: MailKind[] = ["verification", "passwordReset", "emailChange"];
const input = (kind: MailKind, locale: "en" | "fr") => ({
  kind,
  locale,
  appName: "Lumen",
  appUrl: "https://lumen.example/",
  token: "a.b-c_d.e",
  name: "Zoé <b>",
  validFor: kind === "verification" ? 86400 : 1800,
  newEmail: "new@example.com",
});

describe("account emails", () => {
  it("link to the site's pages, under /fr in French", async () => {
    expect(actionLink("verification", "en", "https://lumen.example/", "t.k")).toBe(
      "https://lumen.example/verify-email?token=t.k",
    );
    expect(actionLink("passwordReset", "fr", "http://localhost:8090", "t")).toBe(
      "http://localhost:8090/fr/reset-password?token=t",
    );
    expect(actionLink("emailChange", "en", "http://x", "t")).toBe("http://x/confirm-email-change?token=t");
  });

  for (const kind of kinds) {
    it(`${kind}: the link in both parts, the name escaped in HTML`, async () => {
      for (const locale of ["en", "fr"] as const) {
        const mail = await renderMail(input(kind, locale));
        expect(mail.text).toContain(mail.link);
        expect(mail.html).toContain(mail.link);
        expect(mail.html).toContain("Zoé &lt;b&gt;");
        expect(mail.html).not.toContain("<b>");
        if (kind === "emailChange") expect(mail.text).toContain("new@example.com");
      }
    });

    it(`${kind}: French typography (no-break spaces, typographic apostrophes)`, async () => {
      const { subject, text } = await renderMail(input(kind, "fr"));
      const prose = `${subject}\n${text}`.replace(/https?:\/\/\S+/g, "");
      expect(prose).not.toMatch(/'/);
      expect(prose).not.toMatch(/[^\u00a0][:»]/);
      expect(prose).not.toMatch(/[^\u202f][;!?]/);
      expect(prose).not.toMatch(/«[^\u00a0]/);
      expect(prose).toMatch(/’/);
    });
  }

  it("says how long the link is valid, in the reader's language", async () => {
    expect((await renderMail(input("verification", "en"))).text).toContain("valid for 24 hours");
    expect((await renderMail(input("verification", "fr"))).text).toContain("valable 24\u00a0heures");
    expect((await renderMail(input("passwordReset", "en"))).text).toContain("valid for 30 minutes");
  });
});

describe("security emails", () => {
  const mails: SecurityMail[] = [
    { kind: "passwordChanged" },
    { kind: "emailChanged", newEmail: "new@example.com" },
    { kind: "accountDeleted", subscriptionCanceled: true },
    { kind: "accountDeleted", subscriptionCanceled: false },
    { kind: "passkeyAdded", passkeyName: "Chrome on Android", when: "2026-11-27 09:05:00.000Z" },
    { kind: "passkeyRemoved", passkeyName: "Chrome on Android", when: "2026-11-27 09:05:00.000Z" },
  ];
  for (const mail of mails) {
    for (const locale of ["en", "fr"] as const) {
      it(`${mail.kind} (${locale}): a public page as the link, never a token; French typography`, async () => {
        const { subject, text, html, link } = await renderSecurityMail({
          ...mail,
          locale,
          appName: "Lumen",
          appUrl: "https://lumen.example/",
          name: "Zoé <b>",
        });
        expect(link).toMatch(/^https:\/\/lumen\.example(\/fr)?(\/forgot-password|\/discord|\/account|\/)?$/);
        expect(link.startsWith("https://lumen.example/fr") || locale === "en").toBe(true);
        expect(`${text}${html}`).not.toMatch(/token/i);
        expect(html).toContain("Zoé &lt;b&gt;");
        if (mail.kind === "emailChanged") expect(text).toContain("new@example.com");
        if (mail.kind === "passkeyAdded" || mail.kind === "passkeyRemoved") {
          expect(text).toContain("Chrome on Android");
          expect(text).toContain(
            locale === "fr"
              ? "le 27\u00a0novembre\u00a02026 à 09\u00a0h\u00a005 UTC"
              : "on November\u00a027,\u00a02026 at 09:05 UTC",
          );
        }
        if (locale === "fr") {
          const prose = `${subject}\n${text}`.replace(/https?:\/\/\S+/g, "");
          expect(prose).not.toMatch(/'/);
          expect(prose).not.toMatch(/[^\u00a0][:»]/);
          expect(prose).not.toMatch(/[^\u202f][;!?]/);
        }
      });
    }
  }
});

describe("the security email of a superuser whose password another superuser set", () => {
  for (const locale of ["en", "fr"] as const) {
    it(`(${locale}) names who set it and when, leads to the dashboard; French typography`, async () => {
      const { subject, text, link } = await renderSecurityMail({
        kind: "superuserPasswordChanged",
        by: "ops@example.com",
        when: "2026-11-27 09:05:00.000Z",
        superuser: true,
        locale,
        appName: "Lumen",
        appUrl: "https://lumen.example/",
        name: "",
      });
      expect(link).toBe("https://lumen.example/_/");
      expect(text).toContain("ops@example.com");
      expect(text).toContain(
        locale === "fr"
          ? "le 27\u00a0novembre\u00a02026 à 09\u00a0h\u00a005 UTC"
          : "on November\u00a027,\u00a02026 at 09:05 UTC",
      );
      if (locale === "fr") {
        const prose = `${subject}\n${text}`.replace(/https?:\/\/\S+/g, "");
        expect(prose).not.toMatch(/'/);
        expect(prose).not.toMatch(/[^\u00a0][:»]/);
        expect(prose).not.toMatch(/[^\u202f][;!?]/);
      }
    });
  }
});

describe("the HTML part on a phone", () => {
  it("shows the link as a button, then written out below it, free to wrap", async () => {
    const { html, text, link } = await renderMail(input("passwordReset", "fr"));
    const button = html.indexOf(`<a href="${link}"`);
    const written = html.indexOf(`>${link}</p>`);
    expect(button).toBeGreaterThan(0);
    expect(html.slice(button, html.indexOf("</a>", button))).toContain("Choisir un nouveau mot de passe");
    expect(written).toBeGreaterThan(button);
    expect(html.slice(html.lastIndexOf("<p", written), written)).toContain(
      "overflow-wrap:anywhere;word-break:break-all",
    );
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    // The plain-text part writes the link out once: the button is left out.
    expect(text.split(link)).toHaveLength(2);
    expect(text).not.toContain("Choisir un nouveau mot de passe");
  });
});

describe("the seller in the emails", () => {
  const seller = {
    name: "Lumen SAS",
    address: "12 rue de la Paix, 75002 Paris",
    supportEmail: "help@lumen.example",
  };
  afterEach(() => setEmailSeller(undefined));

  it("every email ends with the seller's name, address and support address, once set", async () => {
    const before = await renderMail(input("verification", "en"));
    expect(before.text).not.toContain("Lumen SAS");
    setEmailSeller(seller);
    for (const locale of ["en", "fr"] as const) {
      const { text, html } = await renderMail(input("verification", locale));
      expect(text.trimEnd()).toMatch(/Lumen SAS, 12 rue de la Paix, 75002 Paris\s+help@lumen\.example$/);
      expect(html).toContain('data-slot="email-footer"');
    }
  });

  for (const kind of ["emailChanged", "totpEnabled"] as const) {
    it(`${kind}: "write to us" leads to the support address, or to the community page without one`, async () => {
      const mail = { kind, newEmail: "new@example.com", when: "2026-11-27 09:05:00.000Z" } as SecurityMail;
      const site = { appName: "Lumen", appUrl: "https://lumen.example/", name: "Zoé" };
      const without = await renderSecurityMail({ ...mail, ...site, locale: "fr" });
      expect(without.link).toBe("https://lumen.example/fr/discord");
      setEmailSeller(seller);
      for (const locale of ["en", "fr"] as const) {
        const { link, text } = await renderSecurityMail({ ...mail, ...site, locale });
        expect(link).toBe("mailto:help@lumen.example");
        expect(text).toContain(
          locale === "fr"
            ? "écrivez-nous tout de suite à help@lumen.example"
            : "write to us at help@lumen.example",
        );
      }
    });
  }
});
