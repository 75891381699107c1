import { describe, expect, it } from "vitest";
import { localeChoiceOf, withLocaleChoice } from "./choice.ts";
import { switchLocalePath } from "./paths.ts";

describe("the language choice a link carries", () => {
  it.each([
    ["/guides", "en", "/guides?lang=en"],
    ["/fr", "fr", "/fr?lang=fr"],
    ["/guides?x=1#tv", "en", "/guides?x=1&lang=en#tv"],
    ["/guides#tv", "en", "/guides?lang=en#tv"],
    ["/guides?#tv", "en", "/guides?lang=en#tv"],
    // An earlier choice is replaced, other parameters stay as written.
    ["/fr/guides?lang=en&q=a%20b+c&language=de", "fr", "/fr/guides?q=a%20b+c&language=de&lang=fr"],
    ["/guides?a=1#x?lang=fr", "en", "/guides?a=1&lang=en#x?lang=fr"],
  ])("%s choosing %s → %s", (path, locale, link) => {
    expect(withLocaleChoice(path, locale)).toBe(link);
  });

  it.each([
    ["?lang=en", "en", ""],
    ["?lang=fr", "fr", ""],
    ["?x=1&lang=en", "en", "?x=1"],
    ["?lang=en&x=1&y=%26", "en", "?x=1&y=%26"],
    ["?lang=de&lang=fr", "fr", ""],
    ["lang=en", "en", ""],
  ])("the query %s chooses %s and leaves %j", (search, locale, rest) => {
    expect(localeChoiceOf(search)).toEqual({ locale, search: rest });
  });

  it.each([
    "",
    "?",
    "?x=1",
    "?lang=",
    "?lang=de",
    "?lang=EN",
    "?language=en",
    "?lang=fr&lang=de",
    "?xlang=en",
  ])("the query %j chooses nothing", (search) => {
    expect(localeChoiceOf(search)).toBeUndefined();
  });

  it.each([
    ["/fr/guides?x=1&lang=fr#tv", "en", "/guides?x=1&lang=en#tv", "?x=1"],
    ["/fr/guides?x=1&lang=fr#tv", "fr", "/fr/guides?x=1&lang=fr#tv", "?x=1"],
    // The quirk paths: the English docs live under /fr, their French version under /fr/fr.
    ["/fr/docs/account", "fr", "/fr/fr/docs/account?lang=fr", ""],
    ["/fr/fr/docs?q=a", "en", "/fr/docs?q=a&lang=en", "?q=a"],
  ] as const)(
    "the switch of %s to %s links to %s, which the server reads back",
    (page, locale, link, rest) => {
      expect(withLocaleChoice(switchLocalePath(page, locale), locale)).toBe(link);
      const { search } = new URL(link, "https://lumen.example");
      expect(localeChoiceOf(search)).toEqual({ locale, search: rest });
    },
  );
});
