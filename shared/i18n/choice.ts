import { isLocale, type Locale } from "./locales.ts";

// A language link carries the visitor's choice in its query (`/guides?lang=en`), so that it works
// without scripts: the server remembers the choice in the locale cookie and redirects to the same
// address without it (server/site/serve.ts). The rest of the query is kept, and so is the hash,
// which a browser carries over a redirect that names none.

/**
 * `path` (with its query and hash) choosing `locale`: `lang=` added at the end of the query, before
 * the hash, replacing any earlier choice; the other parameters are kept as written.
 * Self-contained (no import, no outer name): the content pages' inline script gets its source text.
 */
export function withLocaleChoice(path: string, locale: string): string {
  const match = /^([^?#]*)(?:\?([^#]*))?(.*)$/.exec(path);
  const kept = (match?.[2] ?? "").split("&").filter((part) => part !== "" && part.split("=")[0] !== "lang");
  kept.push(`lang=${encodeURIComponent(locale)}`);
  return `${match?.[1] ?? ""}?${kept.join("&")}${match?.[3] ?? ""}`;
}

/**
 * The locale a request's query chooses (its last `lang=`, when it names a supported locale) and
 * the query without any `lang=` (`""` when nothing else is left).
 */
export function localeChoiceOf(search: string): { locale: Locale; search: string } | undefined {
  const parts = search.replace(/^\?/, "").split("&");
  const isChoice = (part: string) => part.split("=")[0] === "lang";
  const chosen = parts.filter(isChoice).at(-1)?.slice("lang=".length);
  if (!isLocale(chosen)) return undefined;
  const kept = parts.filter((part) => part !== "" && !isChoice(part));
  return { locale: chosen, search: kept.length > 0 ? `?${kept.join("&")}` : "" };
}
