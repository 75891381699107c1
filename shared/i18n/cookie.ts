import { isLocale, type Locale } from "./locales.ts";

/** The locale cookie `i18n_redirected`, 365 days, SameSite Lax, path /, not secure-only. */
export const localeCookieName = "i18n_redirected";
const maxAgeSeconds = 365 * 24 * 60 * 60;

export function serializeLocaleCookie(locale: Locale): string {
  return `${localeCookieName}=${locale}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

export function readLocaleCookie(cookieHeader: string | null | undefined): Locale | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === localeCookieName && isLocale(value)) return value;
  }
  return undefined;
}
