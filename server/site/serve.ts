import path from "node:path";
import type { Context } from "hono";
import { isbot } from "isbot";
import { sameOriginPath } from "#shared/same-origin.ts";
import { localeChoiceOf } from "#shared/i18n/choice.ts";
import { serializeLocaleCookie } from "#shared/i18n/cookie.ts";
import { localeRedirect } from "#shared/i18n/detect.ts";
import { pathSegments } from "#shared/path-segments.ts";
import { locales } from "#shared/i18n/locales.ts";
import { localeOfPath, localizePath, switchLocalePath } from "#shared/i18n/paths.ts";
import type { BuildMeta, LatestBuild } from "#shared/routing/types.ts";
import { matchPage } from "#shared/routing/match.ts";
import { matchRouteRule } from "#shared/routing/rules.ts";
import {
  errorPath,
  localizedRequestPathPlaceholder,
  notFoundPath,
  requestPathPlaceholder,
} from "#shared/routing/table.ts";
import { buildEnvWarnings } from "./build-env.ts";
import { consoleLogger, type Logger } from "../tools/log.ts";
import { docsSearchPages } from "./docs-search.ts";
import { loadSiteFiles, respondWithFile, type SiteFile, siteFileOf } from "./files.ts";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The 404 page's HTML with the requested path written in: in the heading, one box per segment, as
 * React renders it (src/screens/not-found.tsx), so that a long path wraps only after a slash even
 * without scripts; elsewhere (title, label, the language switcher's links), whole.
 */
function withRequestPath(html: string, pathname: string): string {
  const box = new RegExp(`(<span data-request-path=""[^>]*>)<span>${requestPathPlaceholder}</span>`, "g");
  const boxes = pathSegments(pathname)
    .map((segment) => `<span>${escapeHtml(segment)}</span>`)
    .join("");
  const written = html.replace(box, (_, open: string) => open + boxes);
  return locales.reduce(
    (text, other) =>
      text.replaceAll(localizedRequestPathPlaceholder(other), escapeHtml(switchLocalePath(pathname, other))),
    written.replaceAll(requestPathPlaceholder, escapeHtml(pathname)),
  );
}

function parseJson<T>(file: SiteFile | undefined): T | undefined {
  try {
    return file ? (JSON.parse(file.forms.identity!.body.toString("utf8")) as T) : undefined;
  } catch {
    return undefined;
  }
}

// Control characters never belong in a page path; they must not reach a header either.
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * Serves the prerendered site from memory (loaded once, at start; see files.ts):
 * 1. a path that cannot be decoded, holds a control character or names an internal page
 *    (a `__` segment) is not a page: 404;
 * 2. a trailing slash → 301 to the same-origin path without it;
 * 3. a language link (a page's GET with `?lang=en|fr`, shared/i18n/choice.ts) → the locale cookie
 *    set to that choice and a 302 to the same path without `lang=` (other parameters kept; the
 *    path made same-origin, so the link cannot lead off the site), never stored by a cache;
 * 4. a route rule of builds/meta/{buildId}.json → its redirect (default 302);
 * 5. a POST to a page (a form sent without the app) → 303 back to the page, its body unread;
 * 6. an unprefixed page whose visitor prefers French (cookie, then Accept-Language) → 302 to the
 *    French page (never from a `/fr/…` page, so never a loop), private and varying like the page;
 * 7. the file, or the page's `index.html` (the docs search page with the results for its `?q=`
 *    written in: docs-search.ts);
 * 8. otherwise 404: a path a route matches but its validation rejects (`/fr/docs/a/b`) gets the
 *    error page "Page Not Found: {path}"; any other path the layout's "Page not found" page; a
 *    missing `.data` file (a client navigation) a plain-text 404 the router turns into the error
 *    page. Bots get a minimal body instead of either page and the 404 is logged.
 */
export function serveSite(siteDir: string, log: Logger = consoleLogger) {
  const files = loadSiteFiles(siteDir);
  if (files.size === 0)
    log.warn(`No site in ${siteDir}: pages answer 404 (build it with npx react-router build).`);
  for (const warning of buildEnvWarnings(siteDir, process.env)) log.warn(warning);
  const latest = parseJson<LatestBuild>(files.get("/builds/latest.json"));
  const meta = latest && parseJson<BuildMeta>(files.get(`/builds/meta/${latest.id}.json`));
  const routeRules = meta?.routeRules ?? {};
  const pageFile = (pagePath: string) => files.get(`${pagePath === "/" ? "" : pagePath}/index.html`);
  const docsSearch = docsSearchPages(files, log);

  const notFound = (c: Context, pathname: string, validationFailed: boolean) => {
    const locale = localeOfPath(pathname);
    if (isbot(c.req.header("user-agent"))) {
      const shown = JSON.stringify(pathname).slice(1, -1);
      log.warn(
        `404 ${validationFailed ? "Page Not Found" : "Page not found"}: ${shown} (bot, error page not rendered)`,
      );
      const body = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title><p>404</p></html>`;
      return c.html(c.req.method === "HEAD" ? "" : body, 404);
    }
    // Both 404 pages are prerendered once per locale with a placeholder where the path goes.
    const page = pageFile(localizePath(validationFailed ? errorPath : notFoundPath, locale));
    if (page) {
      const html = withRequestPath(page.forms.identity!.body.toString("utf8"), pathname);
      return respondWithFile(c, siteFileOf(Buffer.from(html), page.type, "no-cache"), 404);
    }
    return c.text("Not found", 404);
  };

  return (c: Context) => {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(c, url.pathname, false);
    }
    if (controlCharacter.test(pathname) || pathname.split("/").some((s) => s.startsWith("__"))) {
      return notFound(c, pathname.replace(controlCharacter, ""), false);
    }

    if (pathname.length > 1 && pathname.endsWith("/")) {
      const target = sameOriginPath(url.pathname.replace(/\/+$/, ""));
      return c.redirect(target + url.search, 301);
    }

    const isPage = path.posix.extname(pathname) === "";
    // The language switcher's links work without scripts: the choice they carry becomes the cookie.
    const choice = isPage && c.req.method !== "POST" ? localeChoiceOf(url.search) : undefined;
    if (choice) {
      c.header("Set-Cookie", serializeLocaleCookie(choice.locale));
      c.header("Cache-Control", "no-store");
      return c.redirect(sameOriginPath(url.pathname) + choice.search, 302);
    }

    const rule = matchRouteRule(routeRules, pathname, url.search);
    if (rule) return c.redirect(rule.external ? rule.to : sameOriginPath(rule.to), rule.statusCode as 301);

    const page = isPage ? pageFile(pathname) : undefined;
    // A form the browser sent by itself (scripts off, or not loaded yet): the account forms post, so
    // no password reaches a URL. The body is never read or echoed: back to the page, which says it
    // needs JavaScript.
    if (c.req.method === "POST") {
      if (!page) return notFound(c, pathname, isPage && matchPage(pathname) !== null);
      c.header("Cache-Control", "no-store");
      return c.redirect(sameOriginPath(url.pathname) + url.search, 303);
    }
    // Unprefixed pages depend on the visitor's language preferences: caches must key on them.
    const varies = isPage && localeOfPath(pathname) === "en";
    const vary = varies ? { Vary: "Cookie, Accept-Language" } : undefined;
    if (varies) {
      const redirect = localeRedirect({
        path: pathname,
        search: url.search,
        cookie: c.req.header("cookie"),
        acceptLanguage: c.req.header("accept-language"),
      });
      if (redirect && pageFile(redirect.replace(/\?.*$/, ""))) {
        c.header("Vary", "Cookie, Accept-Language");
        c.header("Cache-Control", "private, no-cache");
        return c.redirect(sameOriginPath(redirect), 302);
      }
    }

    const file = files.get(pathname);
    if (file) return respondWithFile(c, file, 200);
    if (page) return respondWithFile(c, docsSearch(pathname, page, url.searchParams) ?? page, 200, vary);

    if (pathname.endsWith(".data")) {
      // A client navigation to a page the build does not have: the router shows its 404 error page.
      return c.text(`Page Not Found: ${pathname.replace(/(\/_)?\.data$/, "") || "/"}`, 404);
    }
    return notFound(c, pathname, isPage && matchPage(pathname) !== null);
  };
}
