import { useLingui } from "@lingui/react";
import { defaultLocale, isLocale, type Locale } from "#shared/i18n/locales.ts";

/** The active locale, as Lingui knows it. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : defaultLocale;
}
