import { describe, expect, it } from "vitest";
import { isSameOriginPath, safeRedirect, sameOriginPath } from "./same-origin.ts";

/** Where a browser on this site goes when it follows `target` (a link, a Location, a navigation). */
function landing(target: string, from = "https://lumen.example/login?x=1") {
  return new URL(target, from);
}

/**
 * Hostile targets: each one, used as a link or a redirect from a page of this site, leads to
 * another site in some browser or once a URL parser has normalised it.
 */
export const hostileTargets = [
  "//evil.example",
  "//evil.example/phish",
  "///evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "\\\\evil.example",
  "/.//evil.example/phish",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/%2e%2e//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/ /evil.example".replace(" ", "\u0000"),
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " /account",
  "account",
];

describe("safeRedirect: after login a visitor only ever lands on a page of this site", () => {
  it.each([
    ["/account", "/account"],
    ["/fr/account?tab=profile#stremio", "/fr/account?tab=profile#stremio"],
    ["/blog/../account", "/account"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps the same-origin path %j as %j", (value, expected) => {
    expect(safeRedirect(value, "/fallback")).toBe(expected);
    expect(landing(expected).origin).toBe("https://lumen.example");
  });

  it.each([null, "", ...hostileTargets])("refuses %j for the fallback", (value) => {
    expect(safeRedirect(value, "/account")).toBe("/account");
  });

  it("refuses what the login page's query decodes to (`?redirect=%2F.%2F%2Fevil.example%2Fphish`)", () => {
    const redirect = new URLSearchParams("redirect=%2F.%2F%2Fevil.example%2Fphish").get("redirect");
    expect(safeRedirect(redirect, "/account")).toBe("/account");
  });
});

describe("sameOriginPath: a path built from a visitor's path never leaves the site", () => {
  it.each(hostileTargets)("%j becomes a path of this site", (value) => {
    const path = sameOriginPath(value);
    expect(isSameOriginPath(path)).toBe(true);
    expect(landing(path).origin).toBe("https://lumen.example");
    // Used again as a URL (a client navigation to it), it still stays.
    expect(landing(landing(path).pathname).origin).toBe("https://lumen.example");
  });

  it.each([
    ["/guides", "/guides"],
    ["/fr/blog/2026/launch-week?x=1#y", "/fr/blog/2026/launch-week?x=1#y"],
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
  ])("%j → %j", (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });
});
