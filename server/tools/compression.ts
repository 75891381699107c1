import type { MiddlewareHandler } from "hono";
import Negotiator from "negotiator";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

// Content codings: which one a request accepts (negotiator reads `Accept-Encoding`), and bodies in
// brotli or gzip (node:zlib). The site serves its files in them (site/files.ts), the API its JSON.

export type Encoding = "br" | "gzip" | "identity";

/** A body held in memory (never a view of shared memory, so it can be a Response body). */
export type Bytes = Buffer<ArrayBuffer>;

export type Encoded = { br?: Bytes; gzip?: Bytes };

/** Brotli before gzip before identity, where the client rates them the same. */
const preferred = ["br", "gzip", "identity"] as const;

/**
 * The content coding to answer with, from the request's `Accept-Encoding` and the forms a response
 * has: the best-rated acceptable one (brotli before gzip on a tie; compressed before identity).
 * q-values are honoured (`q=0` refuses), `*` rates every coding not listed, `x-gzip` is gzip, and
 * no header means identity. When nothing listed is acceptable the body goes out unencoded: a page
 * is better than a 406.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header) return "identity";
  // RFC 9110: x-gzip is an alias of gzip, which negotiator does not know.
  const accepted = header.replace(/(^|[\s,])x-gzip\b/gi, "$1gzip");
  const offered = preferred.filter((coding) => coding === "identity" || available.includes(coding));
  const [best] = new Negotiator({ headers: { "accept-encoding": accepted } }).encodings(offered, {
    preferred,
  });
  return (best as Encoding | undefined) ?? "identity";
}

/** The zlib options of a coding: `best` for the build (slow, smallest), else a fast level. */
function codingOptions(body: Bytes, encoding: "br" | "gzip", best: boolean) {
  if (encoding === "gzip") return { level: best ? 9 : 6 };
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** A body in one content coding (see `codingOptions`). */
function encodeBody(body: Bytes, encoding: "br" | "gzip", best = false): Bytes {
  const options = codingOptions(body, encoding, best);
  return encoding === "gzip" ? gzipSync(body, options) : brotliCompressSync(body, options);
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** `encodeBody` on libuv's thread pool. */
function encodeBodyOffThread(body: Bytes, encoding: "br" | "gzip"): Promise<Bytes> {
  const options = codingOptions(body, encoding, false);
  const encoded = encoding === "gzip" ? gzipAsync(body, options) : brotliAsync(body, options);
  return encoded as Promise<Bytes>;
}

/** The brotli and gzip forms of a body, each kept only when it is smaller than the body. */
export function compressBody(body: Bytes, best = false): Encoded {
  const br = encodeBody(body, "br", best);
  const gzip = encodeBody(body, "gzip", best);
  return {
    br: br.length < body.length ? br : undefined,
    gzip: gzip.length < body.length ? gzip : undefined,
  };
}

/** JSON bodies up to this size go out as they are: compressing them saves less than it costs. */
const compressAbove = 1024;

/** Larger JSON bodies are compressed on libuv's thread pool: on the event loop, 1 MB takes 50 ms. */
const compressOffThreadAbove = 64 * 1024;

/**
 * Compresses JSON answers over 1 KiB with the coding `Accept-Encoding` prefers (brotli, then gzip).
 * Up to 64 KiB the work is synchronous on purpose: it takes well under a millisecond at these
 * sizes, and zlib's asynchronous API would queue behind password hashes on libuv's thread pool.
 * Above, it would hold every other request for tens of milliseconds: it goes to the pool.
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
    sent =
      body.length > compressOffThreadAbove
        ? await encodeBodyOffThread(body, encoding)
        : encodeBody(body, encoding);
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
  }
  headers.set("Content-Length", String(sent.length));
  c.res = undefined;
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
};
