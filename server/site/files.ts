import { createHash } from "node:crypto";
import type { Context } from "hono";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type Bytes,
  compressBody,
  type Encoded,
  type Encoding,
  negotiateEncoding,
} from "../tools/compression.ts";
import { contentSecurityPolicy } from "./csp.ts";
import { contentTypeOf, isCompressible, listFiles } from "./precompress.ts";

/** One file of the site as the server holds it: every form it can be sent in, with its headers. */
export type SiteFile = {
  type: string;
  cacheControl: string;
  /** The body per content coding, and each form's strong ETag. */
  forms: Partial<Record<Encoding, { body: Bytes; etag: string }>>;
  /** The codings this file exists in besides identity. */
  encodings: Encoding[];
  /** A page's Content-Security-Policy (its inline scripts' hashes). */
  csp?: string;
};

function etagOf(body: Bytes, encoding: Encoding) {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
}

/** A site file from a body known only at request time (a page with the visitor's path in it). */
export function siteFileOf(body: Bytes, type: string, cacheControl: string): SiteFile {
  const compressed = isCompressible(type) ? compressBody(body) : {};
  return fileOf(body, compressed, type, cacheControl);
}

function fileOf(body: Bytes, compressed: Encoded, type: string, cacheControl: string): SiteFile {
  const forms: SiteFile["forms"] = { identity: { body, etag: etagOf(body, "identity") } };
  if (compressed.br) forms.br = { body: compressed.br, etag: etagOf(body, "br") };
  if (compressed.gzip) forms.gzip = { body: compressed.gzip, etag: etagOf(body, "gzip") };
  const csp = type.startsWith("text/html") ? contentSecurityPolicy(body.toString("utf8")) : undefined;
  return { type, cacheControl, forms, encodings: (["br", "gzip"] as const).filter((e) => forms[e]), csp };
}

/**
 * Loads a built site into memory, keyed by URL path (`/assets/app-1.js`, `/fr/guides/index.html`),
 * with the brotli and gzip forms the build wrote beside each text file (`npm run build`), or made
 * now for a site built without them. Nothing is read from disk after this.
 */
export function loadSiteFiles(dir: string): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  for (const rel of listFiles(dir)) {
    if (/\.(br|gz)$/.test(rel) && existsSync(path.join(dir, rel.slice(0, -3)))) continue;
    const full = path.join(dir, rel);
    const body = readFileSync(full);
    const type = contentTypeOf(rel);
    let compressed: Encoded = {};
    if (isCompressible(type)) {
      const br = existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : undefined;
      const gzip = existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined;
      compressed = br || gzip ? { br, gzip } : compressBody(body);
    }
    // Hashed build assets never change; everything else is revalidated (ETag, 304).
    const cacheControl = rel.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    files.set(`/${rel}`, fileOf(body, compressed, type, cacheControl));
  }
  return files;
}

/** Whether `If-None-Match` names the form about to be sent (weak comparison, as for GET). */
function notModified(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The response for one site file: the form `Accept-Encoding` asks for, `Vary: Accept-Encoding`
 * added to the page's own `Vary`, a strong ETag and 304 on a matching `If-None-Match`, and no body
 * for HEAD.
 */
export function respondWithFile(
  c: Context,
  file: SiteFile,
  status: 200 | 404,
  headers: Record<string, string> = {},
): Response {
  const encoding = negotiateEncoding(c.req.header("accept-encoding"), file.encodings);
  const form = file.forms[encoding]!;
  const vary = [headers.Vary, file.encodings.length > 0 ? "Accept-Encoding" : undefined]
    .filter(Boolean)
    .join(", ");
  const all: Record<string, string> = {
    ...headers,
    "Content-Type": file.type,
    "Cache-Control": headers["Cache-Control"] ?? file.cacheControl,
    ETag: form.etag,
    "Content-Length": String(form.body.length),
  };
  if (vary) all.Vary = vary;
  if (file.csp) all["Content-Security-Policy"] = file.csp;
  if (encoding !== "identity") all["Content-Encoding"] = encoding;
  if (status === 200 && notModified(c.req.header("if-none-match"), form.etag)) {
    delete all["Content-Length"];
    return c.body(null, 304, all);
  }
  if (c.req.method === "HEAD") return c.body(null, status, all);
  return c.body(form.body, status, all);
}
