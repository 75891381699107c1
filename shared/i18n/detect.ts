import { readLocaleCookie } from "./cookie.ts";
import { defaultLocale, fallbackLocale, isLocale, type Locale } from "./locales.ts";
import { localeOfPath, switchLocalePath } from "./paths.ts";

/** Where a detected locale came from, in detection order (docs/product.md, Locale detection). */
export type LocaleSource = "cookie" | "browser" | "fallback" | "route";

export type DetectionInput = {
  /** The request's `Cookie` header (or `document.cookie`). */
  cookie?: string | null;
  /** The request's `Accept-Language` header (or `navigator.languages` joined with commas). */
  acceptLanguage?: string | null;
  /** The URL path asked for. */
  path: string;
  /** The configured fallback (`en-US`); a tag that names no supported locale skips this step. */
  fallback?: string;
};

/** The supported locale a BCP 47 tag names (`fr-CA` → `fr`, `en-US` → `en`), if any. */
export function localeOfTag(tag: string | undefined | null): Locale | undefined {
  const language = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/** `Accept-Language` in preference order (q-values honoured, `q=0` and `*` dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The visitor's locale: the stored cookie `i18n_redirected`, then the browser's language,
 * then the configured fallback (`en-US`), then the route's prefix.
 */
export function detectLocale(input: DetectionInput): { locale: Locale; source: LocaleSource } {
  const fromCookie = readLocaleCookie(input.cookie);
  if (fromCookie) return { locale: fromCookie, source: "cookie" };
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const locale = localeOfTag(tag);
    if (locale) return { locale, source: "browser" };
  }
  const fromFallback = localeOfTag(input.fallback ?? fallbackLocale);
  if (fromFallback) return { locale: fromFallback, source: "fallback" };
  return { locale: localeOfPath(input.path), source: "route" };
}

/**
 * Where a request for `path` should be sent (302), or `undefined` to serve it as is.
 *
 * Only a page with no locale prefix is redirected: a `/fr/…` link is an explicit choice and is never
 * overridden, and every target is a French path, which is never redirected again, so no loop can
 * form. The English "quirk" routes `/fr/docs…` and `/fr/more` count as unprefixed (they are the
 * English pages; their French versions are `/fr/fr/…`). Nothing happens when the visitor prefers
 * the page's own language, or when the target page does not exist (`exists`).
 */
export function localeRedirect(
  input: DetectionInput & { search?: string; exists?: (path: string) => boolean },
): string | undefined {
  const pathLocale = localeOfPath(input.path);
  if (pathLocale !== defaultLocale) return undefined;
  const { locale } = detectLocale(input);
  if (locale === pathLocale) return undefined;
  const target = switchLocalePath(input.path, locale);
  if (target === input.path || localeOfPath(target) !== locale) return undefined;
  if (input.exists && !input.exists(target)) return undefined;
  return target + (input.search ?? "");
}
