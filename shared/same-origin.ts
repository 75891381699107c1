// Redirect targets and links built from what a visitor sent (a `?redirect=` value, the path of a
// 404) must stay on this site. A browser reads `//host`, `/\host` and `/<tab>/host` as another
// site, and a URL parser removes dot segments, so `/.//host` or `/a/..//host` only becomes `//host`
// once it is normalised: every check here runs on the normalised form.

const base = "https://this-site.invalid";
const otherBase = "https://other-site.invalid";

/** Characters a browser drops or rewrites inside a URL (tabs, newlines, backslashes). */
const unsafeCharacter = /[\u0000-\u001f\u007f\\]/;

/**
 * Whether `target` is a path that leads to this site from any page, and still does once a URL
 * parser has normalised it and it is used again as a link: it starts with one `/`, holds no
 * backslash or control character, and resolves to the same origin against any base.
 */
export function isSameOriginPath(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//") || unsafeCharacter.test(target)) return false;
  try {
    const url = new URL(target, base);
    return (
      url.origin === base && new URL(target, otherBase).origin === otherBase && !url.pathname.startsWith("//")
    );
  } catch {
    return false;
  }
}

/**
 * `value` (a path with its query and hash) normalised, when it leads to a page of this site;
 * `fallback` otherwise. Hostile forms (`//host`, `/\host`, `/.//host`, `/%2e//host`, `javascript:`,
 * control characters) are refused whole rather than repaired.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !isSameOriginPath(value)) return fallback;
  const url = new URL(value, base);
  const normalised = url.pathname + url.search + url.hash;
  return isSameOriginPath(normalised) ? normalised : fallback;
}

/**
 * A path of this site made from any path (a 404's path, a redirect the server builds): normalised,
 * with leading slashes and backslashes collapsed into one `/` and control characters dropped, so it
 * can never read as `//host`. The query and hash, if any, are kept.
 */
export function sameOriginPath(path: string): string {
  const cleaned = path.replace(/[\u0000-\u001f\u007f]/g, "");
  let url: URL;
  try {
    url = new URL("/" + cleaned.replace(/^[/\\]+/, ""), base);
  } catch {
    return "/";
  }
  const normalised = "/" + url.pathname.replace(/^\/+/, "") + url.search + url.hash;
  return isSameOriginPath(normalised) ? normalised : "/";
}
