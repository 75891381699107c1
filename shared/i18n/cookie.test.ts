import { describe, expect, it } from "vitest";
import { readLocaleCookie, serializeLocaleCookie } from "./cookie.ts";

describe("locale cookie", () => {
  it("lasts 365 days on the whole site, SameSite Lax, not secure-only", () => {
    const cookie = serializeLocaleCookie("fr");
    expect(cookie).toBe("i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(cookie).not.toMatch(/secure/i);
  });

  it("reads a chosen locale back and ignores anything else", () => {
    expect(readLocaleCookie("a=1; i18n_redirected=fr; b=2")).toBe("fr");
    expect(readLocaleCookie("i18n_redirected=de")).toBeUndefined();
    expect(readLocaleCookie(null)).toBeUndefined();
  });
});
