// PocketBase's rate limiter: labelled rules ("users:auth", "*:create", "POST /api/x", "/api/"
// prefixes), a fixed window per rule and client IP, 429 when the window is used up.

export type RateLimitRule = {
  label: string;
  maxRequests: number;
  /** Window, in seconds. */
  duration: number;
  /** "" (everyone), "@guest" or "@auth". */
  audience: "" | "@guest" | "@auth";
};

/**
 * On by default: sign-ins and record creation (PocketBase's default values for them), the requests
 * that send an email, which would otherwise let one client mail any address at will, Stripe's
 * webhook (a window of its own, generous: each event costs a read of Stripe's API, whose own limit
 * is 100 a second, and Stripe retries a refused delivery), and PocketBase's `/api/` rule, so that
 * every API path (health and logs included) has a per-IP limit.
 */
export const defaultRateLimits: RateLimitRule[] = [
  { label: "*:auth", maxRequests: 2, duration: 3, audience: "" },
  { label: "*:create", maxRequests: 20, duration: 5, audience: "" },
  { label: "*:requestVerification", maxRequests: 5, duration: 60, audience: "" },
  { label: "*:requestPasswordReset", maxRequests: 5, duration: 60, audience: "" },
  { label: "*:requestEmailChange", maxRequests: 5, duration: 60, audience: "" },
  { label: "POST /api/billing/resend-instructions", maxRequests: 5, duration: 60, audience: "" },
  { label: "POST /api/billing/webhook", maxRequests: 1000, duration: 10, audience: "" },
  { label: "/api/", maxRequests: 300, duration: 10, audience: "" },
];

/**
 * Parses `RATE_LIMIT_RULES`: comma-separated `label[@guest|@auth]=max/seconds`, e.g.
 * `*:auth=2/3,*:create=20/5,/api/=300/10`. Throws on a malformed entry.
 */
export function parseRateLimitRules(text: string): RateLimitRule[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(.+?)(@guest|@auth)?=(\d+)\/(\d+)$/.exec(entry);
      if (!match || Number(match[3]) < 1 || Number(match[4]) < 1) {
        throw new Error(`Invalid rate limit rule "${entry}" (expected label=max/seconds)`);
      }
      return {
        label: match[1]!.trim(),
        audience: (match[2] ?? "") as RateLimitRule["audience"],
        maxRequests: Number(match[3]),
        duration: Number(match[4]),
      };
    });
}

/**
 * Failed password checks allowed per user and per client IP and window, on every endpoint that
 * checks a current password (record update's `oldPassword`, confirm-email-change). Not a
 * `RATE_LIMIT_RULES` rule: it counts failures, not requests, and stays on with `RATE_LIMIT=off`.
 */
export const passwordFailureLimit = { maxFailures: 5, duration: 60 };

/**
 * Counts failures per key in a fixed window. A check takes its slot before the slow hash comparison,
 * so concurrent guesses cannot all start before the first failure is counted; a success gives it back.
 */
export class FailureLimiter {
  readonly maxFailures: number;
  /** Window, in seconds. */
  readonly duration: number;
  private windows = new Map<string, { used: number; start: number }>();
  private checks = 0;

  constructor({ maxFailures, duration } = passwordFailureLimit) {
    this.maxFailures = maxFailures;
    this.duration = duration;
  }

  /** Takes one slot under every key; false, taking nothing, when any key has used up its window. */
  take(keys: string[]): boolean {
    const now = Date.now() / 1000;
    if (++this.checks % 1000 === 0) {
      for (const [key, window] of this.windows)
        if (now - window.start >= this.duration) this.windows.delete(key);
    }
    const windows = keys.map((key) => {
      let window = this.windows.get(key);
      if (!window || now - window.start >= this.duration) {
        window = { used: 0, start: now };
        this.windows.set(key, window);
      }
      return window;
    });
    if (windows.some((window) => window.used >= this.maxFailures)) return false;
    for (const window of windows) window.used++;
    return true;
  }

  /** Gives back the slots a check took, once it succeeded. */
  release(keys: string[]) {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.used > 0) window.used--;
    }
  }
}

/**
 * The back-off of wrong two-factor codes, per account, beyond `passwordFailureLimit`'s 5 a minute:
 * from the `lockFrom`th wrong code, each one locks the account's code checks for `firstLock`
 * seconds, doubling with each further one (15 min, 30 min, 1 h, …) up to `maxLock`. The count is
 * forgotten `forgetAfter` seconds after the last wrong code, or at a right one. The owner is told
 * at the `warnAt`th, once a day at most. About 17 guesses in 40 hours, where 5 a minute allow 7,200 a day.
 */
export const secondFactorBackoff = {
  lockFrom: 10,
  firstLock: 15 * 60,
  maxLock: 24 * 3600,
  forgetAfter: 24 * 3600,
  warnAt: 10,
};

type Backoff = { failures: number; last: number; lockedUntil: number; warnedAt: number };

/** Counts failures per key with `secondFactorBackoff`'s growing locks (in memory, like `FailureLimiter`). */
export class FailureBackoff {
  readonly rules: typeof secondFactorBackoff;
  private entries = new Map<string, Backoff>();
  private checks = 0;

  constructor(rules = secondFactorBackoff) {
    this.rules = rules;
  }

  private entry(key: string, now: number): Backoff {
    if (++this.checks % 1000 === 0) {
      for (const [old, entry] of this.entries)
        if (now - Math.max(entry.last, entry.warnedAt) >= this.rules.forgetAfter) this.entries.delete(old);
    }
    let entry = this.entries.get(key);
    if (!entry)
      this.entries.set(key, (entry = { failures: 0, last: 0, lockedUntil: 0, warnedAt: -Infinity }));
    if (now - entry.last >= this.rules.forgetAfter) entry.failures = 0;
    return entry;
  }

  /** Whether `key` is locked now: every check, right or wrong, is refused until the lock ends. */
  locked(key: string): boolean {
    const now = Date.now() / 1000;
    return this.entry(key, now).lockedUntil > now;
  }

  /** Counts a failure of `key` (locking it from `lockFrom` on); true when the owner is to be told now. */
  fail(key: string): boolean {
    const now = Date.now() / 1000;
    const entry = this.entry(key, now);
    entry.failures++;
    entry.last = now;
    const { lockFrom, firstLock, maxLock, warnAt } = this.rules;
    if (entry.failures >= lockFrom) {
      entry.lockedUntil = now + Math.min(firstLock * 2 ** (entry.failures - lockFrom), maxLock);
    }
    if (entry.failures !== warnAt || now - entry.warnedAt < 24 * 3600) return false;
    entry.warnedAt = now;
    return true;
  }

  /** A success: the count starts again (a warning sent stays counted for its day). */
  succeed(key: string) {
    const entry = this.entries.get(key);
    if (entry) Object.assign(entry, { failures: 0, lockedUntil: 0 });
  }
}

type Window = { available: number; start: number; duration: number };

/** Seconds after a window's end before a client's state is forgotten (PocketBase's value). */
const forgetAfter = 1800;

export class RateLimiter {
  readonly rules: RateLimitRule[];
  private windows = new Map<string, Map<string, Window>>();
  private checks = 0;

  constructor(rules: RateLimitRule[]) {
    this.rules = rules;
  }

  /**
   * PocketBase's `FindRateLimitRule`: for each label in priority order, an exact rule, then a rule
   * ending in `/` that prefixes the label (`/api/` for `/api/health`, `GET /api/` for `GET /api/x`).
   */
  findRule(labels: string[], audiences: string[]): RateLimitRule | undefined {
    const fits = (rule: RateLimitRule) => audiences.includes(rule.audience);
    const prefixes = this.rules.filter((rule) => rule.label.endsWith("/"));
    for (const label of labels) {
      const exact = this.rules.find((rule) => rule.label === label && fits(rule));
      if (exact) return exact;
      const prefix = prefixes.find((rule) => `${label}/`.startsWith(rule.label) && fits(rule));
      if (prefix) return prefix;
    }
    return undefined;
  }

  /**
   * Consumes one request of `client` in the window of (`id`, `rule`); false when exhausted. The
   * window is fixed from its first request (PocketBase's `rateClient.consume`): `maxRequests` from
   * then on, all of them again once `duration` seconds have passed since that first one.
   */
  allow(id: string, rule: RateLimitRule, client: string): boolean {
    const now = Date.now() / 1000;
    if (++this.checks % 1000 === 0) this.clean(now);
    let clients = this.windows.get(id);
    if (!clients) this.windows.set(id, (clients = new Map()));
    let window = clients.get(client);
    if (!window)
      clients.set(client, (window = { available: 0, start: Number.NEGATIVE_INFINITY, duration: 0 }));
    if (now - window.start >= rule.duration) {
      window.available = rule.maxRequests;
      window.start = now;
      window.duration = rule.duration;
    }
    if (window.available <= 0) return false;
    window.available--;
    return true;
  }

  private clean(now: number) {
    for (const [id, clients] of this.windows) {
      for (const [client, window] of clients)
        if (now - window.start - window.duration > forgetAfter) clients.delete(client);
      if (clients.size === 0) this.windows.delete(id);
    }
  }
}
