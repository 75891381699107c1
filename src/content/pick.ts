import { locales, type Locale } from "#shared/i18n/locales.ts";

/** A value in the asked locale or, failing that, another one (shown with a notice: docs/product.md, Content in one language). */
export function pickLocale<T>(
  byLocale: Partial<Record<Locale, T | undefined>>,
  locale: Locale,
): { value: T; contentLocale: Locale } | undefined {
  const own = byLocale[locale];
  if (own !== undefined) return { value: own, contentLocale: locale };
  for (const other of locales) {
    const value = byLocale[other];
    if (value !== undefined) return { value, contentLocale: other };
  }
  return undefined;
}

/** The locales a value exists in (for hreflang and sitemaps). */
export function localesWith<T>(byLocale: Partial<Record<Locale, T | undefined>>): Locale[] {
  return locales.filter((locale) => byLocale[locale] !== undefined);
}
