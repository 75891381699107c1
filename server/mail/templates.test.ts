import { describe, expect, it } from "vitest";
import { actionLink, type MailKind, renderMail } from "./templates.ts";

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
  it("link to the site's pages, under /fr in French", () => {
    expect(actionLink("verification", "en", "https://lumen.example/", "t.k")).toBe(
      "https://lumen.example/verify-email?token=t.k",
    );
    expect(actionLink("passwordReset", "fr", "http://localhost:8090", "t")).toBe(
      "http://localhost:8090/fr/reset-password?token=t",
    );
    expect(actionLink("emailChange", "en", "http://x", "t")).toBe("http://x/confirm-email-change?token=t");
  });

  for (const kind of kinds) {
    it(`${kind}: the link in both parts, the name escaped in HTML`, () => {
      for (const locale of ["en", "fr"] as const) {
        const mail = renderMail(input(kind, locale));
        expect(mail.text).toContain(mail.link);
        expect(mail.html).toContain(mail.link);
        expect(mail.html).toContain("Zoé &#60;b&#62;");
        expect(mail.html).not.toContain("<b>");
        if (kind === "emailChange") expect(mail.text).toContain("new@example.com");
      }
    });

    it(`${kind}: French typography (no-break spaces, typographic apostrophes)`, () => {
      const { subject, text } = renderMail(input(kind, "fr"));
      const prose = `${subject}\n${text}`.replace(/https?:\/\/\S+/g, "");
      expect(prose).not.toMatch(/'/);
      expect(prose).not.toMatch(/[^\u00a0][:»]/);
      expect(prose).not.toMatch(/[^\u202f][;!?]/);
      expect(prose).not.toMatch(/«[^\u00a0]/);
      expect(prose).toMatch(/’/);
    });
  }

  it("says how long the link is valid, in the reader's language", () => {
    expect(renderMail(input("verification", "en")).text).toContain("valid for 24 hours");
    expect(renderMail(input("verification", "fr")).text).toContain("valable 24\u00a0heures");
    expect(renderMail(input("passwordReset", "en")).text).toContain("valid for 30 minutes");
  });
});
