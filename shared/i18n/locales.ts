export const locales = ["en", "fr"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en";
/** The configured fallback is en-US, which resolves to the `en` catalog. */
export const fallbackLocale = "en-US";

/** Each locale's own name, shown as is in the language switcher (never translated). */
export const localeNames: Record<Locale, string> = { en: "English", fr: "Français" };

/** BCP 47 tags for `Intl`, `og:locale` and `hreflang`. */
export const localeTags: Record<Locale, string> = { en: "en-US", fr: "fr-FR" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
