import { availableParallelism } from "node:os";
import { hash as bcryptHash, verify as bcryptVerify } from "@node-rs/bcrypt";
import { maxPasswordBytes } from "#shared/password-rules.ts";

// @node-rs/bcrypt's async hash/verify run on libuv's thread pool, so logins never block the event
// loop. That pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) also serves file, DNS and
// zlib work: hashes run at most one per core and leave at least one thread free, so a burst of
// logins queues here instead of in front of everything else. More at once would not be faster:
// bcrypt is CPU-bound.
const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashingSlots = Math.max(1, Math.min(availableParallelism(), threadPool - 1));

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a hashing slot is free; a finished one hands its slot to the next in line. */
async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashingSlots) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const hash = (password: string, cost: number) => inHashingSlot(() => bcryptHash(password, cost));
const verify = (password: string, passwordHash: string) =>
  inHashingSlot(() => bcryptVerify(password, passwordHash));

const defaultCost = 10;

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
