import { describe, expect, it } from "vitest";
import { pages, routeRules } from "./table.ts";
import { localeOfPath, localizePath } from "../i18n/paths.ts";
import { isAbsoluteUrl, matchRouteRule, validateRouteRules } from "./rules.ts";

const rules = {
  "/old": { redirect: { to: "/new" } },
  "/docs/**": { redirect: { to: "/fr/docs/**", statusCode: 301 as const } },
  "/docs/legacy/**": { redirect: { to: "/fr/docs/faq" } },
  "/chat": { redirect: { to: "https://discord.gg/x" } },
};

describe("route rules", () => {
  it("matches an exact path, defaulting to 302 and keeping the query", () => {
    expect(matchRouteRule(rules, "/old", "?a=1")).toEqual({
      to: "/new?a=1",
      statusCode: 302,
      external: false,
    });
    expect(matchRouteRule(rules, "/older")).toBeUndefined();
  });

  it("carries the rest of a /** prefix over, the longest prefix winning", () => {
    expect(matchRouteRule(rules, "/docs/account")).toEqual({
      to: "/fr/docs/account",
      statusCode: 301,
      external: false,
    });
    expect(matchRouteRule(rules, "/docs/legacy/x")?.to).toBe("/fr/docs/faq");
    expect(matchRouteRule(rules, "/docs")).toBeUndefined();
  });

  it("flags absolute targets for a full page load", () => {
    expect(matchRouteRule(rules, "/chat", "?x")).toEqual({
      to: "https://discord.gg/x",
      statusCode: 302,
      external: true,
    });
    expect(isAbsoluteUrl("//cdn.example/x")).toBe(true);
    expect(isAbsoluteUrl("/fr")).toBe(false);
  });

  it("rejects malformed rules and redirect chains", () => {
    expect(() => validateRouteRules({ old: { redirect: { to: "/x" } } })).toThrow(/Invalid route rule/);
    expect(() => validateRouteRules({ "/a/**/b": { redirect: { to: "/x" } } })).toThrow(/Invalid route rule/);
    expect(() =>
      validateRouteRules({ "/a": { redirect: { to: "/b" } }, "/b": { redirect: { to: "/c" } } }),
    ).toThrow(/redirected again/);
    expect(validateRouteRules(rules)).toBe(rules);
  });

  it("the site's rules are valid and never shadow a real page", () => {
    validateRouteRules(routeRules);
    const pagePaths = pages.flatMap((page) => [localizePath(page.path, "en"), localizePath(page.path, "fr")]);
    for (const source of Object.keys(routeRules)) {
      const path = source.replace(/\/\*\*$/, "");
      expect(pagePaths, source).not.toContain(path);
    }
    // Each rule stays in its language.
    for (const [source, rule] of Object.entries(routeRules)) {
      if (!isAbsoluteUrl(rule.redirect.to)) {
        expect(localeOfPath(rule.redirect.to.replace(/\/\*\*$/, "")), source).toBe(localeOfPath(source));
      }
    }
  });
});
