import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Context } from "hono";
import { localeOfPath, localizePath } from "../src/i18n/paths.ts";
import { notFoundPath } from "../src/routes-table.ts";

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

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function send(c: Context, file: string, status: 200 | 404) {
  const type = contentTypes[path.extname(file)] ?? "application/octet-stream";
  // Hashed build assets never change; everything else is revalidated.
  const cache = file.includes(`${path.sep}assets${path.sep}`)
    ? "public, max-age=31536000, immutable"
    : "no-cache";
  const headers = { "Content-Type": type, "Cache-Control": cache };
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  return c.body(await readFile(file), status, headers);
}

/** Serves the prerendered site: files, page `index.html`s, and the localized 404 page for the rest. */
export function serveSite(siteDir: string) {
  const root = path.resolve(siteDir);
  return async (c: Context) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      pathname = "/";
    }
    const isInternal = pathname.startsWith(notFoundPath) || pathname.includes(`${notFoundPath}/`);
    const target = path.resolve(root, `.${pathname}`);
    if (!isInternal && (target === root || target.startsWith(root + path.sep))) {
      if (pathname.length > 1 && pathname.endsWith("/")) {
        const url = new URL(c.req.url);
        url.pathname = pathname.replace(/\/+$/, "") || "/";
        return c.redirect(url.pathname + url.search, 301);
      }
      if (await isFile(target)) return send(c, target, 200);
      const page = path.join(target, "index.html");
      if (await isFile(page)) return send(c, page, 200);
    }
    const notFound = path.join(root, `.${localizePath(notFoundPath, localeOfPath(pathname))}`, "index.html");
    if (await isFile(notFound)) return send(c, notFound, 404);
    return c.text("Not found", 404);
  };
}
