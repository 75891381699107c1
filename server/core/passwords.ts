import { hash, verify } from "@node-rs/bcrypt";

// @node-rs/bcrypt's async hash/verify run on libuv's thread pool, so logins never block the event loop.

/** bcrypt's input limit: longer passwords are rejected rather than silently truncated. */
export const maxPasswordBytes = 72;

export const defaultCost = 10;

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, "utf8") > maxPasswordBytes;
}

/** A `$2b$` hash, portable to real PocketBase (Go bcrypt reads `$2a$`/`$2b$`). */
export function hashPassword(password: string, cost = defaultCost): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  if (!passwordHash.startsWith("$2")) return dummyVerify(password);
  // Same cost for any input, so the answer time says nothing about the account.
  if (password === "" || passwordTooLong(password))
    return verify("x", passwordHash).then(
      () => false,
      () => false,
    );
  try {
    return await verify(password, passwordHash);
  } catch {
    return false;
  }
}

// A real cost-10 hash, so that a login for an unknown email costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Spends the time of one password check, always failing. */
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing", defaultCost);
  const value = password && !passwordTooLong(password) ? password : "x";
  await verify(value, await dummyHash).catch(() => false);
  return false;
}
