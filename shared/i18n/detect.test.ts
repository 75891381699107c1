import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectLocale, localeOfTag, localeRedirect, parseAcceptLanguage } from "./detect.ts";
import { localeOfPath } from "./paths.ts";

describe("Accept-Language", () => {
  it("orders tags by q-value, then by position, and drops q=0 and *", () => {
    expect(parseAcceptLanguage("de;q=0.5, fr-CA, en;q=0.8, *;q=0.1, es;q=0")).toEqual(["fr-CA", "en", "de"]);
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it("maps a tag onto a supported locale", () => {
    expect(localeOfTag("fr-BE")).toBe("fr");
    expect(localeOfTag("en_GB")).toBe("en");
    expect(localeOfTag("EN-us")).toBe("en");
    expect(localeOfTag("de-DE")).toBeUndefined();
  });
});

describe("detectLocale: cookie, then browser, then fallback, then route prefix", () => {
  it.each([
    // cookie wins over everything
    ["i18n_redirected=fr", "en-US", "/guides", "fr", "cookie"],
    ["i18n_redirected=en", "fr-FR", "/fr/guides", "en", "cookie"],
    // then the first supported browser language
    ["", "de-DE, fr;q=0.9, en;q=0.8", "/", "fr", "browser"],
    ["i18n_redirected=de", "fr", "/", "fr", "browser"],
    // then the configured fallback en-US
    ["", "de, es", "/fr/roadmap", "en", "fallback"],
    [null, null, "/fr", "en", "fallback"],
  ] as const)(
    "cookie %j, Accept-Language %j, path %s → %s (%s)",
    (cookie, acceptLanguage, path, locale, source) => {
      expect(detectLocale({ cookie, acceptLanguage, path })).toEqual({ locale, source });
    },
  );

  it("falls back to the route prefix only when the fallback names no supported locale", () => {
    expect(detectLocale({ path: "/fr/blog", fallback: "de-DE" })).toEqual({ locale: "fr", source: "route" });
    expect(detectLocale({ path: "/fr/docs", fallback: "" })).toEqual({ locale: "en", source: "route" });
  });
});

describe("localeRedirect", () => {
  it.each([
    // [cookie, accept-language, path, expected]
    ["i18n_redirected=fr", "en", "/guides", "/fr/guides"],
    ["", "fr-FR,fr;q=0.9", "/", "/fr"],
    ["", "fr", "/blog/2026/launch", "/fr/blog/2026/launch"],
    ["", "fr", "/fr/docs/account", "/fr/fr/docs/account"],
    ["", "fr", "/en/guides", "/fr/en/guides"],
    ["i18n_redirected=en", "fr", "/guides", undefined],
    ["", "en-US", "/guides", undefined],
    ["", "de", "/guides", undefined],
    // an explicit French link is never overridden, whatever the cookie or browser says
    ["i18n_redirected=en", "en", "/fr/guides", undefined],
    ["i18n_redirected=en", "en", "/fr/fr/docs", undefined],
    ["", "en", "/fr", undefined],
  ] as const)("cookie %j, Accept-Language %j: %s → %s", (cookie, acceptLanguage, path, expected) => {
    expect(localeRedirect({ cookie, acceptLanguage, path })).toBe(expected);
  });

  it("keeps the query string and skips targets that do not exist", () => {
    expect(localeRedirect({ cookie: "i18n_redirected=fr", path: "/blog", search: "?page=2" })).toBe(
      "/fr/blog?page=2",
    );
    expect(
      localeRedirect({ cookie: "i18n_redirected=fr", path: "/nope", exists: () => false }),
    ).toBeUndefined();
  });

  it("never redirects twice: every target is served as is, under any cookie and browser", () => {
    const segment = fc.constantFrom("", "fr", "en", "docs", "more", "blog", "guides", "x");
    const path = fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.filter(Boolean).join("/")}`);
    const cookie = fc.constantFrom("", "i18n_redirected=fr", "i18n_redirected=en", "i18n_redirected=xx");
    const language = fc.constantFrom("", "fr", "en", "de", "fr-CA,en;q=0.5", "en-GB,fr;q=0.5");
    fc.assert(
      fc.property(path, cookie, language, (p, c, l) => {
        const target = localeRedirect({ cookie: c, acceptLanguage: l, path: p });
        if (target === undefined) return;
        expect(localeOfPath(target)).not.toBe(localeOfPath(p));
        expect(localeRedirect({ cookie: c, acceptLanguage: l, path: target })).toBeUndefined();
      }),
    );
  });
});
