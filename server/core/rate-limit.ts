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

/** On by default for the sign-in and record-creation endpoints (PocketBase's default values for them). */
export const defaultRateLimits: RateLimitRule[] = [
  { label: "*:auth", maxRequests: 2, duration: 3, audience: "" },
  { label: "*:create", maxRequests: 20, duration: 5, audience: "" },
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

type Window = { available: number; last: number };

export class RateLimiter {
  readonly rules: RateLimitRule[];
  private windows = new Map<string, Map<string, Window>>();
  private checks = 0;

  constructor(rules: RateLimitRule[]) {
    this.rules = rules;
  }

  /** PocketBase's `FindRateLimitRule`: exact labels in priority order, then `/path/` prefixes. */
  findRule(labels: string[], audiences: string[]): RateLimitRule | undefined {
    const fits = (rule: RateLimitRule) => audiences.includes(rule.audience);
    for (const label of labels) {
      const exact = this.rules.find((rule) => rule.label === label && fits(rule));
      if (exact) return exact;
    }
    for (const label of labels) {
      if (!label.startsWith("/")) continue;
      const prefix = this.rules.find(
        (rule) => rule.label.endsWith("/") && `${label}/`.startsWith(rule.label) && fits(rule),
      );
      if (prefix) return prefix;
    }
    return undefined;
  }

  /** Consumes one request of `client` in the window of (`id`, `rule`); false when exhausted. */
  allow(id: string, rule: RateLimitRule, client: string): boolean {
    const now = Date.now() / 1000;
    if (++this.checks % 1000 === 0) this.clean(now);
    let clients = this.windows.get(id);
    if (!clients) this.windows.set(id, (clients = new Map()));
    let window = clients.get(client);
    if (!window) clients.set(client, (window = { available: rule.maxRequests, last: 0 }));
    if (now - window.last >= rule.duration) window.available = rule.maxRequests;
    if (window.available <= 0) return false;
    window.available--;
    window.last = now;
    return true;
  }

  private clean(now: number) {
    for (const [id, clients] of this.windows) {
      for (const [client, window] of clients) if (now - window.last > 1800) clients.delete(client);
      if (clients.size === 0) this.windows.delete(id);
    }
  }
}
