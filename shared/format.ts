import { parseDateTime } from "./datetime.ts";
import { localeTags, type Locale } from "./i18n/locales.ts";
import { siteConfig } from "./site-config.ts";

// The formats the site and the server's emails share: a date and a price read the same on a page
// and in a message. Always in UTC, so that every machine writes the same.

/** `text` that never breaks across lines: its spaces made no-break ones ("5 décembre" stays whole). */
function unbroken(text: string): string {
  return text.replace(/ /g, "\u00a0");
}

/** A date (`YYYY-MM-DD` or a PocketBase datetime) written out for the locale, on one line. */
export function formatDate(date: string, locale: Locale, style: "long" | "medium" = "long"): string {
  return unbroken(
    new Intl.DateTimeFormat(localeTags[locale], { dateStyle: style, timeZone: "UTC" }).format(
      parseDateTime(date),
    ),
  );
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

/** A moment (a PocketBase datetime) with its date and time, in UTC and saying so, on one line. */
export function formatDateTime(date: string, locale: Locale): string {
  return unbroken(
    new Intl.DateTimeFormat(localeTags[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(parseDateTime(date)),
  );
}

/** A receipt's number as it is printed: at least six digits ("000012"). */
export function formatReceiptNumber(number: number): string {
  return String(number).padStart(6, "0");
}
