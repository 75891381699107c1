import { describe, expect, it } from "vitest";
import { safeRedirect } from "./route-middleware.ts";

describe("safeRedirect: after login a visitor only ever lands on a page of this site", () => {
  it.each([
    ["/account", "/account"],
    ["/fr/account?tab=profile#stremio", "/fr/account?tab=profile#stremio"],
    ["/blog/../account", "/account"],
  ])("keeps the same-origin path %j as %j", (value, expected) => {
    expect(safeRedirect(value, "/fallback")).toBe(expected);
  });

  it.each([
    null,
    "",
    "account",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "/\u0000x",
  ])("refuses %j for the fallback", (value) => {
    expect(safeRedirect(value, "/account")).toBe("/account");
  });
});
