import { describe, expect, it } from "vitest";
import { generateAffiliateCode, generateStremioPassword, generateStremioUsername } from "./credentials.ts";

describe("generated credentials", () => {
  it("affiliate codes are AFF- and 8 uppercase alphanumerics, and differ", () => {
    const codes = Array.from({ length: 200 }, generateAffiliateCode);
    for (const code of codes) expect(code).toMatch(/^AFF-[A-Z0-9]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("usernames come from the email's local part, lowercased alphanumerics only", () => {
    expect(generateStremioUsername("Jean.Dupont+tv@example.fr", "lumen.stream")).toMatch(
      /^jeanduponttv_[a-z0-9]{4}@lumen\.stream$/,
    );
  });

  it("usernames fall back to `user` when the local part has no letters or digits", () => {
    expect(generateStremioUsername("._+@example.com", "lumen.stream")).toMatch(
      /^user_[a-z0-9]{4}@lumen\.stream$/,
    );
    expect(generateStremioUsername("", "lumen.stream")).toMatch(/^user_[a-z0-9]{4}@lumen\.stream$/);
  });

  it("passwords are 16 characters from letters, digits and !@#$%^&*", () => {
    const passwords = Array.from({ length: 500 }, generateStremioPassword);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
    // Over 8,000 characters every class shows up: the alphabet is really used.
    const all = passwords.join("");
    for (const pattern of [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*]/]) expect(all).toMatch(pattern);
  });

  it("draws characters evenly (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const sample = Array.from({ length: 2000 }, generateStremioPassword).join("");
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = sample.length / 70;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.3);
    expect(counts.size).toBe(70);
  });
});
