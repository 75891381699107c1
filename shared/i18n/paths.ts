import { isSameOriginPath, sameOriginPath } from "../same-origin.ts";
import type { Locale } from "./locales.ts";

/**
 * English routes whose own path starts with `/fr` (the docs and the "more" page, a quirk kept on
 * purpose: docs/product.md, Documentation paths).
 * Their French versions get a second prefix: `/fr/fr/docs`, `/fr/fr/more`.
 */
const englishPathsUnderFr = ["/fr/docs", "/fr/more"];

function isEnglishPathUnderFr(path: string) {
  return englishPathsUnderFr.some((p) => path === p || path.startsWith(`${p}/`));
}

function trimTrailingSlash(path: string) {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The locale a URL path belongs to (prefix_except_default: French under `/fr`). */
export function localeOfPath(rawPath: string): Locale {
  const path = trimTrailingSlash(rawPath);
  if (path !== "/fr" && !path.startsWith("/fr/")) return "en";
  return isEnglishPathUnderFr(path) ? "en" : "fr";
}

/** The English (unprefixed) path of any localized path. */
export function basePath(rawPath: string): string {
  const path = trimTrailingSlash(rawPath);
  if (localeOfPath(path) === "en") return path;
  return path.slice(3) || "/";
}

/** The path of an English route in the given locale. */
export function localizePath(englishPath: string, locale: Locale): string {
  if (locale === "en") return englishPath;
  return englishPath === "/" ? "/fr" : `/fr${englishPath}`;
}

/**
 * The same page in another locale, keeping query and hash. Always a path of this site: the path
 * may be a visitor's (a 404's `//host`, `/\host`), and a link to it must not lead elsewhere.
 */
export function switchLocalePath(pathWithSearch: string, target: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(pathWithSearch);
  const path = (match?.[1] || "/").replace(/^[/\\]+/, "/");
  const rest = match?.[2] ?? "";
  const switched = localizePath(basePath(path), target) + rest;
  return isSameOriginPath(switched) ? switched : sameOriginPath(switched);
}
