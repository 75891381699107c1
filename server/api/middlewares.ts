import type { MiddlewareHandler } from "hono";
import { secondFactorRequiredMessage } from "#shared/superuser-second-factor.ts";
import {
  confirmIdentityFirstMessage,
  recentProofSeconds,
  verifyEmailFirstMessage,
} from "#shared/two-factor.ts";
import { findAuthRecordByToken } from "../core/auth.ts";
import { holdsSecondFactor } from "../core/second-factor.ts";
import { ApiError } from "./api-error.ts";
import {
  type ApiContext,
  type ApiEnv,
  type AppContext,
  authOf,
  clientIp,
  isSuperuser,
  lacksSecondFactor,
  routeCollection,
} from "./context.ts";

// The guards a route table binds (PocketBase's apis/middlewares*.go), so that reading a table
// tells what runs before its handler. Every API request has its token loaded first
// (`loadAuthToken`, in app.ts). A route outside `/collections/{collection}/` then binds the global
// rate limit (`rateLimit`) before the body limit (`limitBody`), PocketBase's order; a route under
// it binds the body limit, then `collectionGuard` (its collection, that collection's rate limit
// in place of the global one), as PocketBase's record handlers check them. Then the route's own
// guards (`requireSuperuser`, `requireAuth`, `requireSameCollectionAuth`).

/**
 * Loads the auth record of the request's token (`Authorization`, with or without `Bearer `). An
 * invalid or expired token leaves the request a guest: rules decide what it may do. So does a
 * superuser token without a second factor when SUPERUSER_SECOND_FACTOR=required, held aside for the
 * guards to refuse: decided here, once, no route can give it a superuser's powers.
 */
export function loadAuthToken(ctx: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set("ctx", ctx);
    const header = c.req.header("authorization") ?? "";
    const token =
      header.length > 7 && header.slice(0, 7).toLowerCase() === "bearer " ? header.slice(7) : header;
    // An answer to a signed request is that account's (its record, its Stremio password; a backup
    // downloaded with a file token): no browser or proxy cache may keep it.
    if (token || c.req.query("token")) c.header("Cache-Control", "no-store");
    const auth = token ? (findAuthRecordByToken(ctx.store, token, "auth") ?? null) : null;
    if (lacksSecondFactor(ctx, auth)) {
      c.set("auth", null);
      c.set("withoutSecondFactor", auth!);
    } else c.set("auth", auth);
    await next();
  };
}

/** PocketBase's path labels of a request: `METHOD /path`, then `/path`. */
function pathLabels(c: ApiContext): string[] {
  return [`${c.req.method} ${c.req.path}`, c.req.path];
}

const audiences = (c: ApiContext) => (authOf(c) ? ["", "@auth"] : ["", "@guest"]);

/**
 * PocketBase's global rate limit: the rule of `METHOD /path`, then of `/path` (or a `/prefix/` rule
 * such as `/api/`), one window per rule and client IP; 429 when it is used up. Superusers skip it.
 * Bound on every route but those under `/collections/{collection}/`, which bind `collectionGuard`.
 */
export const rateLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { limiter } = c.get("ctx");
  if (limiter && !isSuperuser(c)) {
    const rule = limiter.findRule(pathLabels(c), audiences(c));
    if (rule && !limiter.allow(`${rule.label}${rule.audience}`, rule, clientIp(c))) {
      throw new ApiError(429);
    }
  }
  await next();
};

export type CollectionGuardOptions = {
  /** The 404 message for an unknown collection (PocketBase's record list, view and delete say "Missing collection context."). */
  missing?: string;
  /** Only an auth collection: any other answers 404 "Missing or invalid auth collection context.". */
  auth?: boolean;
};

/**
 * PocketBase's `collectionPathRateLimit`: the `{collection}` of the path must exist (404
 * otherwise); it is put in the context (`routeCollection(c)`), and the request counts once against
 * the collection's rate limit: the rule of `{collection}:{tag}`, of `*:{tag}`, then of the path
 * labels (the global rule's), in a window of its own per collection. With `auth`, the collection
 * must then be an auth collection.
 */
export function collectionGuard(
  tags: string[],
  { missing = "Missing or invalid collection context.", auth = false }: CollectionGuardOptions = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { store, limiter } = c.get("ctx");
    const collection = store.findCollection(c.req.param("collection") ?? "");
    if (!collection) throw new ApiError(404, missing);
    c.set("collection", collection);
    if (limiter && !isSuperuser(c)) {
      const labels = [
        ...tags.map((tag) => `${collection.name}:${tag}`),
        ...tags.map((tag) => `*:${tag}`),
        ...pathLabels(c),
      ];
      const rule = limiter.findRule(labels, audiences(c));
      const id = rule && `${collection.id}${c.req.routePath}${tags.join("")}${rule.audience}`;
      if (rule && !limiter.allow(id!, rule, clientIp(c))) throw new ApiError(429);
    }
    if (auth && collection.type !== "auth") {
      throw new ApiError(404, "Missing or invalid auth collection context.");
    }
    await next();
  };
}

const withBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The most of a refused body read and dropped before the 413 (bytes), and for how long (ms). */
const dropLimit = { bytes: 16 * 1024 * 1024, ms: 2000 };

/**
 * Reads and drops the rest of a refused body, up to `dropLimit`: closing the connection while the
 * client still sends would reset it before the client reads the 413 (nginx's and Go's lingering
 * close). A body longer or slower than that is cut off.
 */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, dropLimit.ms, "late")));
  try {
    for (let dropped = 0; dropped <= dropLimit.bytes;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "late" || next.done) return;
      dropped += next.value.length;
    }
  } catch {
    // The client went away: nothing is left to drop.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The request body limit (`BODY_LIMIT`): the body is read here, whole; over the limit (declared or
 * sent without a length), the rest is read and dropped (see `dropRest`), then answered 413. Only
 * the methods that carry a body are read (checking one on a GET would cost every read).
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const body = c.req.raw.body;
  if (!withBody.has(c.req.method) || !body) return next();
  const limit = c.get("ctx").bodyLimit;
  const reader = body.getReader();
  const refuse = async () => {
    await dropRest(reader);
    throw new ApiError(413);
  };
  if (Number(c.req.header("content-length") ?? 0) > limit) return refuse();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader.read().catch(() => {
      // The client went away mid-body: logged as nginx does, 499, never a 500.
      throw new ApiError(499, "Client closed the request.");
    });
    if (next.done) break;
    size += next.value.length;
    if (size > limit) return refuse();
    chunks.push(next.value);
  }
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  await next();
};

/** 403 when the request's token is a superuser's that `loadAuthToken` held aside. */
function refuseHeldToken(c: ApiContext): void {
  if (c.get("withoutSecondFactor")) throw new ApiError(403, secondFactorRequiredMessage);
}

/** 401 for a guest; 403 for a superuser token without the second factor the server requires. */
function refuseGuest(c: ApiContext): never {
  refuseHeldToken(c);
  throw new ApiError(401, "The request requires valid record authorization token.");
}

/** PocketBase's `RequireAuth`: 401 for guests. */
export const requireAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!authOf(c)) refuseGuest(c);
  await next();
};

/** PocketBase's `RequireSuperuserAuth`: 401 for guests, 403 for any other auth record. */
export const requireSuperuser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!authOf(c)) refuseGuest(c);
  if (!isSuperuser(c))
    throw new ApiError(403, "The authorized record is not allowed to perform this action.");
  await next();
};

/**
 * Only the auth collections named in `names` (after `collectionGuard`): 403 with `message` for any
 * other, as for an auth method a collection does not offer.
 */
export function requireAuthCollectionIn(
  names: readonly string[],
  message: string,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const collection = routeCollection(c);
    if (collection.type !== "auth" || !names.includes(collection.name)) throw new ApiError(403, message);
    await next();
  };
}

/**
 * PocketBase's `RequireSameApiContextAuth` (after `collectionGuard`): 401 without a valid
 * token, 403 for a record of another collection.
 */
export const requireSameCollectionAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const auth = authOf(c);
  if (!auth) refuseGuest(c);
  if (auth.collection.id !== routeCollection(c).id) {
    throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
  }
  await next();
};

/**
 * The records routes (after `collectionGuard`): a superuser token without its second factor is
 * refused (403), not answered as a guest, so the dashboard learns why its lists are closed.
 */
export const refuseWithoutSecondFactor: MiddlewareHandler<ApiEnv> = async (c, next) => {
  refuseHeldToken(c);
  await next();
};

/**
 * The routes that add a second factor to the signed-in record (its own passkeys, its
 * authenticator app), after `collectionGuard` and before `requireSameCollectionAuth`: a superuser
 * token held aside for lacking a second factor is that superuser's again on their own collection's
 * route while they hold none, so the first one can be added after a password sign-in. Once they
 * hold one, they must sign in with it.
 */
export const allowSecondFactorEnrolment: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const held = c.get("withoutSecondFactor");
  if (
    held &&
    held.collection.id === routeCollection(c).id &&
    !holdsSecondFactor(c.get("ctx").store, held.collection.id, String(held.record.id))
  ) {
    c.set("auth", held);
  }
  await next();
};

/**
 * The routes that change a record's second factors (both passkey registration steps, removing a
 * passkey, two-factor's setup and confirmation), after `requireSameCollectionAuth`: 403 while the
 * record's address is not verified, so an account made with someone else's address gets no way in
 * that outlives its owner's password reset (superusers have no address to verify); then 403 unless
 * the token carries a proof of identity (`confirmed`, `POST …/confirm-identity`) less than
 * `recentProofSeconds` old, so a stolen session alone neither adds a way in nor removes one.
 */
export const requireVerifiedAndConfirmed: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const auth = authOf(c)!;
  if (!isSuperuser(c) && auth.record.verified !== true) {
    throw new ApiError(403, verifyEmailFirstMessage);
  }
  const age = Date.now() / 1000 - (auth.confirmed ?? -Infinity);
  if (!(age <= recentProofSeconds)) throw new ApiError(403, confirmIdentityFirstMessage);
  await next();
};
