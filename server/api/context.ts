import type { Context } from "hono";
import { type Auth, isSuperuserAuth } from "../core/auth.ts";
import { pickFields } from "../core/pick-fields.ts";
import type { FailureLimiter, RateLimiter } from "../tools/rate-limit.ts";
import { exportRecord } from "../core/records.ts";
import type { RequestInfo } from "../core/filter/index.ts";
import type { Requester } from "../core/rules.ts";
import type { Collection } from "../core/collection-types.ts";
import type { MfaSessions } from "../core/totp.ts";
import type { RecordData, Store } from "../core/store.ts";
import { parseJson } from "../core/values.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Logger } from "../tools/log.ts";
import { ApiError } from "./api-error.ts";

/** Everything a handler needs besides the request. */
export type AppContext = {
  store: Store;
  mailer: Mailer;
  limiter: RateLimiter | null;
  /** Failed password checks per user and client IP (always on, whatever the rate limit rules). */
  passwordFailures: FailureLimiter;
  appName: string;
  appUrl: string;
  trustProxy: boolean;
  /** Largest accepted request body in bytes (`limitBody` in api/middlewares.ts). */
  bodyLimit: number;
  log: Logger;
  /** PocketBase's in-memory "already sent" markers (2-minute resend guards), key → expiry (ms). */
  sentMarks: Map<string, number>;
  /** Password sign-ins waiting for their second step (auth-with-password, then auth-with-totp). */
  mfaSessions: MfaSessions;
  /** The key two-factor secrets are sealed with (core/totp.ts, `loadTotpKey`). */
  totpKey: Buffer;
  /** SUPERUSER_SECOND_FACTOR=required: a superuser token without the `mfa` claim has no powers. */
  superuserSecondFactorRequired: boolean;
};

type BodyResult = { ok: true; value: Record<string, unknown> } | { ok: false };

export type ApiEnv = {
  Variables: {
    ctx: AppContext;
    auth: Auth | null;
    body?: BodyResult;
    context?: string;
    /** The `{collection}` of the path, once `collectionGuard` (api/middlewares.ts) found it. */
    collection?: Collection;
    /**
     * The superuser of a token `loadAuthToken` held aside (`lacksSecondFactor`): the request is a
     * guest's, and the guards that ask for a signed-in record answer it 403.
     */
    withoutSecondFactor?: Auth;
  };
};
export type ApiContext = Context<ApiEnv>;

/** The authenticated record of the request (an invalid or expired token is a guest, never an error). */
export function authOf(c: ApiContext): Auth | null {
  return c.get("auth") ?? null;
}

export function isSuperuser(c: ApiContext): boolean {
  return isSuperuserAuth(authOf(c));
}

/** A superuser token that SUPERUSER_SECOND_FACTOR=required refuses: signed in without a second factor. */
export function lacksSecondFactor(ctx: AppContext, auth: Auth | null | undefined): boolean {
  return ctx.superuserSecondFactorRequired && isSuperuserAuth(auth) && !auth!.mfa;
}

/** The collection of a route that binds `collectionGuard` (api/middlewares.ts). */
export function routeCollection(c: ApiContext): Collection {
  const collection = c.get("collection");
  if (!collection) throw new Error(`${c.req.routePath} does not bind the collection guard`);
  return collection;
}

function formValues(form: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(form)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => typeof v === "string");
    if (values.length === 0) continue; // uploaded files: this server stores none
    if (key === "@jsonPayload") {
      for (const payload of values) {
        const parsed: unknown = parseJson(payload as string);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) Object.assign(result, parsed);
      }
      continue;
    }
    result[key] = values.length === 1 ? values[0] : values;
  }
  return result;
}

/** Go's limits, which PocketBase's forms inherit: 1,000 multipart parts, 10,000 urlencoded pairs. */
export const maxFormParts = { multipart: 1000, urlencoded: 10_000 };

/** Whether a form body holds more parts than `maxFormParts`, counted without parsing it. */
function tooManyFormParts(contentType: string, raw: Buffer): boolean {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    return count(raw, "&") + 1 > maxFormParts.urlencoded;
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  // Each part follows one delimiter; the last delimiter closes the body.
  return boundary !== null && count(raw, `--${boundary[1] ?? boundary[2]}`) - 1 > maxFormParts.multipart;
}

/** How many times `needle` occurs in `raw`, with Buffer's native search. */
function count(raw: Buffer, needle: string): number {
  let found = 0;
  for (let at = raw.indexOf(needle); at !== -1; at = raw.indexOf(needle, at + needle.length)) found++;
  return found;
}

/**
 * The request body as an object (PocketBase's `RequestInfo().Body`): JSON, urlencoded or
 * multipart (`@jsonPayload` merged). An empty body is `{}`; anything unreadable is `{ ok: false }`.
 */
export async function readBody(c: ApiContext): Promise<BodyResult> {
  const cached = c.get("body");
  if (cached) return cached;
  let result: BodyResult;
  try {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      // Counted on the raw bytes first (Hono keeps them for the parse): the form parser holds the
      // thread for a long time on a body of thousands of small parts.
      const raw = Buffer.from(await c.req.arrayBuffer());
      result = tooManyFormParts(c.req.header("content-type")!, raw)
        ? { ok: false }
        : { ok: true, value: formValues((await c.req.parseBody({ all: true })) as Record<string, unknown>) };
    } else {
      const text = await c.req.text();
      if (text.trim() === "") result = { ok: true, value: {} };
      else if (
        type === "" ||
        type.startsWith("application/json") ||
        /\+json\b/.test(type) ||
        type.startsWith("text/plain")
      ) {
        const parsed: unknown = parseJson(text);
        if (parsed === null) result = { ok: true, value: {} };
        else if (typeof parsed === "object" && !Array.isArray(parsed))
          result = { ok: true, value: parsed as Record<string, unknown> };
        else result = { ok: false };
      } else result = { ok: false };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error; // 413 from the body limit
    result = { ok: false };
  }
  c.set("body", result);
  return result;
}

/** Binds string keys of the body like Go's decoder into a struct of strings: other JSON types are a load error. */
export async function bindStrings<K extends string>(
  c: ApiContext,
  keys: readonly K[],
  loadMessage = "An error occurred while loading the submitted data.",
): Promise<Record<K, string>> {
  const body = await readBody(c);
  if (!body.ok) throw new ApiError(400, loadMessage);
  const result = {} as Record<K, string>;
  for (const key of keys) {
    const value = body.value[key];
    if (value === undefined || value === null) result[key] = "";
    else if (typeof value === "string") result[key] = value;
    else throw new ApiError(400, loadMessage);
  }
  return result;
}

/** The first value of each query parameter. */
export function queryOf(c: ApiContext): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) if (!(key in result)) result[key] = value;
  return result;
}

function headersOf(c: ApiContext): Record<string, string> {
  const result: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    result[key.toLowerCase().replaceAll("-", "_")] = value;
  });
  return result;
}

/** The public form of the auth record for `@request.auth.*` (no password hash, no tokenKey). */
function authForRules(auth: Auth | null): RequestInfo["auth"] {
  if (!auth) return null;
  const { password: _password, tokenKey: _tokenKey, ...record } = auth.record;
  return {
    collection: auth.collection,
    record: { ...record, collectionId: auth.collection.id, collectionName: auth.collection.name },
  };
}

/** Who is asking, for rules and filters; `body` is what `@request.body.*` reads. */
export function requesterOf(c: ApiContext, body: Record<string, unknown> = {}, auth = authOf(c)): Requester {
  return {
    isSuperuser: isSuperuserAuth(auth),
    request: {
      auth: authForRules(auth),
      body,
      query: queryOf(c),
      headers: headersOf(c),
      method: c.req.method,
      context: c.get("context") ?? "default",
    },
  };
}

/** The client address for rate limiting: the socket's, or with TRUST_PROXY the proxy's X-Forwarded-For. */
export function clientIp(c: ApiContext): string {
  if (c.get("ctx").trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}

// Go's encoder escapes these for HTML safety; clients decode them back.
const htmlUnsafe = /[<>&\u2028\u2029]/g;
const htmlEscapes: Record<string, string> = Object.fromEntries(
  ["<", ">", "&", "\u2028", "\u2029"].map((ch) => [
    ch,
    `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  ]),
);

/** A JSON response as PocketBase writes it (HTML-safe escapes), `fields` applied to 2xx bodies. */
export function sendJson(c: ApiContext, status: number, value: unknown, options: { list?: boolean } = {}) {
  let body = value;
  const fields = queryOf(c).fields;
  if (fields && status >= 200 && status < 300) {
    try {
      if (options.list && value && typeof value === "object") {
        const list = value as { items: unknown[] };
        body = { ...list, items: list.items.map((item) => pickFields(item, fields)) };
      } else body = pickFields(value, fields);
    } catch {
      throw new ApiError(400);
    }
  }
  // Looked up, not formatted, per character: an answer full of `<` takes half the time.
  const text = JSON.stringify(body).replace(htmlUnsafe, (ch) => htmlEscapes[ch]!);
  return c.body(text, status as 200, { "Content-Type": "application/json" });
}

/** Exports a record for this requester: hidden fields for superusers, email per PocketBase's visibility rules. */
export function exporterFor(
  c: ApiContext,
  auth = authOf(c),
  emailShownFor: ReadonlySet<unknown> = new Set(),
) {
  const superuser = isSuperuserAuth(auth);
  return (collection: Collection, data: RecordData, expand?: Record<string, unknown>) => {
    const isOwner =
      superuser || (auth !== null && auth.collection.id === collection.id && auth.record.id === data.id);
    return exportRecord(collection, data, {
      unhideAll: superuser,
      showEmail: isOwner || emailShownFor.has(data.id),
      expand,
    });
  };
}
