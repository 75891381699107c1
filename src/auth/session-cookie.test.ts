import { describe, expect, it } from "vitest";
import { sessionFromCookie } from "./session-cookie.ts";

const now = Date.UTC(2026, 10, 24, 12);

/** A cookie as the SDK's `exportToCookie` writes it: URI-encoded JSON of the token and record. */
function cookie(
  exp: number | undefined,
  record: object | null = {
    name: "Camille Martin",
    email: "c@example.com",
    verified: true,
    admin: false,
    plan_status: "trial",
  },
) {
  const payload = Buffer.from(JSON.stringify({ id: "u1", type: "auth", exp })).toString("base64url");
  const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
  return `i18n_redirected=fr; pb_auth=${encodeURIComponent(JSON.stringify({ token, record }))}`;
}

describe("sessionFromCookie", () => {
  it("names the visitor of an unexpired stored session", () => {
    expect(sessionFromCookie(cookie(now / 1000 + 3600), now)).toEqual({
      name: "Camille Martin",
      email: "c@example.com",
      verified: true,
      admin: false,
      planStatus: "trial",
    });
  });

  it("ignores an expired token, a missing record and a cookie without a session", () => {
    expect(sessionFromCookie(cookie(now / 1000 - 1), now)).toBeNull();
    expect(sessionFromCookie(cookie(undefined), now)).toBeNull();
    expect(sessionFromCookie(cookie(now / 1000 + 3600, null), now)).toBeNull();
    expect(sessionFromCookie("i18n_redirected=en", now)).toBeNull();
    // After logout the SDK leaves an empty session behind.
    expect(sessionFromCookie(`pb_auth=${encodeURIComponent('{"token":"","record":null}')}`, now)).toBeNull();
  });

  it("never throws on a damaged cookie", () => {
    for (const value of [
      "%E0%A4%A",
      "not-json",
      encodeURIComponent('{"token":"a.b.c"}'),
      encodeURIComponent("null"),
    ]) {
      expect(sessionFromCookie(`pb_auth=${value}`, now)).toBeNull();
    }
  });

  it("reads only text from the record", () => {
    const odd = cookie(now / 1000 + 60, { name: { toString: "x" }, email: 42, admin: "true", verified: 1 });
    expect(sessionFromCookie(odd, now)).toEqual({
      name: "",
      email: "",
      verified: false,
      admin: false,
      planStatus: "",
    });
  });

  it("is self-contained, so the page script can carry it as source text", () => {
    const copy = new Function(`return (${sessionFromCookie.toString()})`)() as typeof sessionFromCookie;
    expect(copy(cookie(now / 1000 + 3600), now)?.name).toBe("Camille Martin");
  });
});
