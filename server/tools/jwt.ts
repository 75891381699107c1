import { createHmac, timingSafeEqual } from "node:crypto";

// HS256 JWTs exactly as PocketBase (golang-jwt v5) writes them: header {"alg":"HS256","typ":"JWT"},
// claims as a Go map (keys sorted), base64url without padding, signed with tokenKey + secret.
//
// Ours, on node:crypto's HMAC, rather than jose or Hono's JWT helpers: both sign and verify through
// WebCrypto, which is asynchronous and runs HMAC on libuv's thread pool. Every signed request
// verifies a token, and that pool is where password hashes (bcrypt) run: with the pool busy hashing,
// one jose verify waited 290 ms, where createHmac takes 5 µs on the request's own turn (jose: 60 µs
// with the pool idle).
// The format is small and fixed; these functions are its only reader and writer.

export type Claims = Record<string, unknown>;

const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function sortedJson(claims: Claims): string {
  const sorted: Claims = {};
  for (const key of Object.keys(claims).sort()) sorted[key] = claims[key];
  return JSON.stringify(sorted);
}

function signature(data: string, key: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** Signs `claims` plus an `exp` `durationSeconds` from now. */
export function signJwt(claims: Claims, key: string, durationSeconds: number): string {
  const payload = { ...claims, exp: Math.floor(Date.now() / 1000) + Math.floor(durationSeconds) };
  const body = `${header}.${Buffer.from(sortedJson(payload)).toString("base64url")}`;
  return `${body}.${signature(body, key).toString("base64url")}`;
}

/** The claims of a JWT without checking it (PocketBase's `ParseUnverifiedJWT`); {} when unreadable. */
export function parseUnverifiedJwt(token: string): Claims {
  const parts = token.split(".");
  if (parts.length !== 3) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Claims) : {};
  } catch {
    return {};
  }
}

function timeClaimsValid(claims: Claims): boolean {
  const now = Date.now() / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= now) return false;
  if ("nbf" in claims && (typeof claims.nbf !== "number" || claims.nbf > now)) return false;
  if ("iat" in claims && (typeof claims.iat !== "number" || claims.iat > now)) return false;
  return true;
}

/** The claims of a token signed with `key` by HS256 and not expired; undefined otherwise (alg "none" included). */
export function verifyJwt(token: string, key: string): Claims | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!head || typeof head !== "object" || (head as { alg?: unknown }).alg !== "HS256") return undefined;
  const expected = signature(`${parts[0]}.${parts[1]}`, key);
  const given = Buffer.from(parts[2]!, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = parseUnverifiedJwt(token);
  return timeClaimsValid(claims) ? claims : undefined;
}
