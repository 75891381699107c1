import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Context } from "hono";
import { isbot } from "isbot";
import { localeRedirect } from "../src/i18n/detect.ts";
import { localeOfPath, localizePath } from "../src/i18n/paths.ts";
import type { BuildMeta, LatestBuild } from "../src/lib/app-updates.ts";
import { matchRouteRule } from "../src/lib/route-rules.ts";
import { errorPath, matchPage, notFoundPath, requestPathPlaceholder } from "../src/routes-table.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".data": "text/x-script",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/** The content type of a file of the site (RSS feeds are XML with their own type). */
export function contentTypeOf(file: string): string {
  if (file.endsWith("rss.xml")) return "application/rss+xml; charset=utf-8";
  return contentTypes[path.extname(file)] ?? "application/octet-stream";
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

type Status = 200 | 404;

async function send(c: Context, file: string, status: Status, headers: Record<string, string> = {}) {
  // Hashed build assets never change; everything else is revalidated.
  const cache = file.includes(`${path.sep}assets${path.sep}`)
    ? "public, max-age=31536000, immutable"
    : "no-cache";
  const all = { "Content-Type": contentTypeOf(file), "Cache-Control": cache, ...headers };
  if (c.req.method === "HEAD") return c.body(null, status, all);
  return c.body(await readFile(file), status, all);
}

/** This build's route rules, re-read when a new build replaces builds/latest.json. */
function buildMetaReader(root: string) {
  let checkedAt = 0;
  let latestMtime = -1;
  let meta: BuildMeta | undefined;
  return async (): Promise<BuildMeta | undefined> => {
    if (Date.now() - checkedAt < 2000) return meta;
    checkedAt = Date.now();
    try {
      const latestFile = path.join(root, "builds", "latest.json");
      const mtime = (await stat(latestFile)).mtimeMs;
      if (mtime !== latestMtime) {
        const latest = JSON.parse(await readFile(latestFile, "utf8")) as LatestBuild;
        meta = JSON.parse(
          await readFile(path.join(root, "builds", "meta", `${latest.id}.json`), "utf8"),
        ) as BuildMeta;
        latestMtime = mtime;
      }
    } catch {
      meta = undefined; // a site without build manifests (tests, old builds): no route rules
    }
    return meta;
  };
}

/**
 * Serves the prerendered site:
 * 1. a trailing slash → 301 to the path without it;
 * 2. a route rule of builds/meta/{buildId}.json → its redirect (SPEC §2, default 302);
 * 3. an unprefixed page whose visitor prefers French (cookie, then Accept-Language) → 302 to the
 *    French page (SPEC §4; never from a `/fr/…` page, so never a loop);
 * 4. the file, or the page's `index.html`;
 * 5. otherwise 404: a path a route matches but its validation rejects (`/fr/docs/a/b`) gets the
 *    error page "Page Not Found: {path}"; any other path the layout's "Page not found" page; a
 *    missing `.data` file (a client navigation) a plain-text 404 the router turns into the error
 *    page. Bots get a minimal body instead of either page and the 404 is logged (SPEC §2).
 */
export function serveSite(siteDir: string) {
  const root = path.resolve(siteDir);
  const readMeta = buildMetaReader(root);
  const inside = (file: string) => file === root || file.startsWith(root + path.sep);
  const pageFile = (pagePath: string) => path.join(root, `.${pagePath}`, "index.html");

  return async (c: Context) => {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = "/";
    }
    const isInternal = [notFoundPath, errorPath].some(
      (p) => pathname.startsWith(p) || pathname.includes(`${p}/`),
    );
    const target = path.resolve(root, `.${pathname}`);
    const safe = !isInternal && inside(target);

    if (safe && pathname.length > 1 && pathname.endsWith("/")) {
      return c.redirect((url.pathname.replace(/\/+$/, "") || "/") + url.search, 301);
    }

    const rule = matchRouteRule((await readMeta())?.routeRules ?? {}, pathname, url.search);
    if (rule) return c.redirect(rule.to, rule.statusCode as 301 | 302);

    const isPage = !path.extname(pathname);
    if (safe && isPage) {
      const redirect = localeRedirect({
        path: pathname,
        search: url.search,
        cookie: c.req.header("cookie"),
        acceptLanguage: c.req.header("accept-language"),
      });
      if (redirect && (await isFile(pageFile(redirect.replace(/\?.*$/, "")))))
        return c.redirect(redirect, 302);
    }
    // Unprefixed pages depend on the visitor's language preferences: caches must key on them.
    const vary = isPage && localeOfPath(pathname) === "en" ? { Vary: "Cookie, Accept-Language" } : undefined;

    if (safe) {
      if (await isFile(target)) return send(c, target, 200);
      if (await isFile(path.join(target, "index.html")))
        return send(c, path.join(target, "index.html"), 200, vary);
    }

    if (pathname.endsWith(".data")) {
      // A client navigation to a page the build does not have: the router shows its 404 error page.
      return c.text(`Page Not Found: ${pathname.replace(/(\/_)?\.data$/, "") || "/"}`, 404);
    }

    const validationFailed = safe && isPage && matchPage(pathname) !== null;
    const locale = localeOfPath(pathname);
    if (isbot(c.req.header("user-agent"))) {
      console.warn(
        `404 ${validationFailed ? "Page Not Found" : "Page not found"}: ${pathname} (bot, error page not rendered)`,
      );
      const body = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title><p>404</p></html>`;
      return c.html(c.req.method === "HEAD" ? "" : body, 404);
    }
    if (validationFailed) {
      const errorPage = pageFile(localizePath(errorPath, locale));
      if (await isFile(errorPage)) {
        const html = (await readFile(errorPage, "utf8")).replaceAll(
          requestPathPlaceholder,
          escapeHtml(pathname),
        );
        return c.html(c.req.method === "HEAD" ? "" : html, 404, { "Cache-Control": "no-cache" });
      }
    }
    const notFound = pageFile(localizePath(notFoundPath, locale));
    if (await isFile(notFound)) return send(c, notFound, 404);
    return c.text("Not found", 404);
  };
}
