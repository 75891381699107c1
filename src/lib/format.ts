import { localeTags, type Locale } from "../../shared/i18n/locales.ts";
import { siteConfig } from "../../shared/site-config.ts";

/** A calendar date (`YYYY-MM-DD`) written out for the locale, independent of the time zone. */
export function formatDate(date: string, locale: Locale, style: "long" | "medium" = "long"): string {
  return new Intl.DateTimeFormat(localeTags[locale], { dateStyle: style, timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A month (`YYYY-MM`) written out for the locale. */
export function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * A price in the locale's format (`4,99 €` in French, `€4.99` in English), in the site's currency
 * unless told otherwise: the one price format of the site.
 */
export function formatPrice(
  amount: number,
  locale: Locale,
  currency: string = siteConfig.plans.currency,
): string {
  return new Intl.NumberFormat(localeTags[locale], { style: "currency", currency }).format(amount);
}

/** A language's name in the locale (`fr` in English: "French"; in French: "français"). */
export function languageName(code: Locale, locale: Locale): string {
  return new Intl.DisplayNames([localeTags[locale]], { type: "language" }).of(code) ?? code;
}
