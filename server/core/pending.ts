import { randomString } from "./random.ts";

/** Values waiting for a later request at most, in one `Pending` (the oldest is dropped past it). */
export const maxPending = 10_000;

type Entry<T> = { value: T; purpose: string; expires: number };

/**
 * Values a later request names by a random id (a passkey challenge, an authenticator secret not
 * yet confirmed, a sign-in waiting for its second step), in memory (one server process), each
 * for one purpose and for a fixed number of seconds. Their number is capped, so a flood of
 * requests cannot grow memory; the oldest go first.
 */
export class Pending<T> {
  private pending = new Map<string, Entry<T>>();
  private readonly seconds: number;

  /** Each value lasts `seconds`. */
  constructor(seconds: number) {
    this.seconds = seconds;
  }

  /** Keeps `value` for `purpose`; returns the id a later request names it by. */
  issue(value: T, purpose: string): string {
    const now = Date.now();
    // Issued in order with one lifetime: the expired ones are the first ones.
    for (const [id, entry] of this.pending) {
      if (entry.expires > now && this.pending.size < maxPending) break;
      this.pending.delete(id);
    }
    const id = randomString(32);
    this.pending.set(id, { value, purpose, expires: now + this.seconds * 1000 });
    return id;
  }

  /** The value `id` names, if it is pending, unexpired and was issued for `purpose`; it stays pending. */
  peek(id: string, purpose: string): T | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.pending.delete(id);
      return undefined;
    }
    return entry.purpose === purpose ? entry.value : undefined;
  }

  /** As `peek`, but `id` is forgotten whatever the outcome: it is used once. */
  take(id: string, purpose: string): T | undefined {
    const value = this.peek(id, purpose);
    this.pending.delete(id);
    return value;
  }

  /** Forgets `id` (its use succeeded). */
  delete(id: string): void {
    this.pending.delete(id);
  }

  /** How many are pending (tests check the cap). */
  get size(): number {
    return this.pending.size;
  }
}
