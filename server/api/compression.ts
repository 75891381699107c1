import type { MiddlewareHandler } from "hono";
import { type Bytes, encodeBody } from "../site/compress.ts";
import { negotiateEncoding } from "../site/encoding.ts";

/** JSON bodies up to this size go out as they are: compressing them saves less than it costs. */
export const compressAbove = 1024;

/**
 * Compresses JSON answers over 1 KiB with the coding `Accept-Encoding` prefers (brotli, then gzip).
 * The work is synchronous on purpose: it takes well under a millisecond at these sizes, and zlib's
 * asynchronous API would queue behind password hashes on libuv's thread pool.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const encoding = negotiateEncoding(c.req.header("accept-encoding"), ["br", "gzip"]);
  const res = c.res;
  if (encoding === "identity" || !res.body || res.headers.has("Content-Encoding")) return;
  if (!res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent: Bytes = body;
  if (body.length > compressAbove) {
    sent = encodeBody(body, encoding);
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
  }
  headers.set("Content-Length", String(sent.length));
  c.res = undefined;
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
};
