import { afterEach, describe, expect, it, vi } from "vitest";
import { FailureLimiter, RateLimiter } from "./rate-limit.ts";

afterEach(() => vi.useRealTimers());

describe("rate limiter", () => {
  it("finds PocketBase's rule: exact labels in order, then path prefixes, matching the audience", () => {
    const limiter = new RateLimiter([
      { label: "*:auth", maxRequests: 2, duration: 3, audience: "" },
      { label: "users:auth", maxRequests: 5, duration: 3, audience: "@guest" },
      { label: "/api/", maxRequests: 300, duration: 10, audience: "" },
    ]);
    const labels = [
      "users:auth",
      "*:auth",
      "POST /api/collections/users/auth-with-password",
      "/api/collections/users/auth-with-password",
    ];
    expect(limiter.findRule(labels, ["", "@guest"])?.maxRequests).toBe(5);
    expect(limiter.findRule(labels, ["", "@auth"])?.maxRequests).toBe(2);
    expect(limiter.findRule(["users:list", "*:list", "GET /api/x", "/api/x"], [""])?.label).toBe("/api/");
    expect(limiter.findRule(["users:list", "*:list", "GET /x", "/x"], [""])).toBeUndefined();
  });

  it("checks each label's exact rule, then its prefix rules, before the next label (PocketBase's order)", () => {
    const limiter = new RateLimiter([
      { label: "/api/health", maxRequests: 1, duration: 1, audience: "" },
      { label: "GET /api/", maxRequests: 2, duration: 1, audience: "" },
      { label: "/api/", maxRequests: 3, duration: 1, audience: "" },
    ]);
    expect(limiter.findRule(["GET /api/health", "/api/health"], [""])?.label).toBe("GET /api/");
    expect(limiter.findRule(["POST /api/health", "/api/health"], [""])?.label).toBe("/api/health");
    expect(limiter.findRule(["POST /api/logs", "/api/logs"], [""])?.label).toBe("/api/");
    expect(limiter.findRule(["POST /api", "/api"], [""])?.label).toBe("/api/");
  });

  it("counts a fixed window from its first request, as PocketBase does, not from the last one", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter([]);
    const rule = { label: "/api/", maxRequests: 2, duration: 2, audience: "" as const };
    const at = (ms: number) => {
      vi.setSystemTime(1_000_000 + ms);
      return limiter.allow("/api/", rule, "1.2.3.4");
    };
    expect([at(0), at(500), at(2100)]).toEqual([true, true, true]);
    // A new window from 2.1 s: one more in it, then none until 4.1 s.
    expect([at(2200), at(2300), at(4000), at(4100)]).toEqual([true, false, false, true]);
  });

  it("allows maxRequests per window and client, then refuses until the window passes", () => {
    vi.useFakeTimers();
    const limiter = new RateLimiter([]);
    const rule = { label: "*:auth", maxRequests: 2, duration: 3, audience: "" as const };
    expect([1, 2, 3].map(() => limiter.allow("id", rule, "1.2.3.4"))).toEqual([true, true, false]);
    expect(limiter.allow("id", rule, "5.6.7.8")).toBe(true);
    vi.advanceTimersByTime(3100);
    expect(limiter.allow("id", rule, "1.2.3.4")).toBe(true);
  });
});

describe("failed password checks", () => {
  it("allows maxFailures per key and window, counts any key, and gives slots back on success", () => {
    vi.useFakeTimers();
    const limiter = new FailureLimiter({ maxFailures: 2, duration: 60 });
    expect(limiter.take(["user:a", "ip:1"])).toBe(true);
    limiter.release(["user:a", "ip:1"]); // a right password costs nothing
    expect(limiter.take(["user:a", "ip:1"])).toBe(true);
    expect(limiter.take(["user:b", "ip:1"])).toBe(true);
    expect(limiter.take(["user:c", "ip:1"])).toBe(false); // the IP used up its window
    expect(limiter.take(["user:a", "ip:2"])).toBe(true);
    expect(limiter.take(["user:a", "ip:3"])).toBe(false); // so did user a
    vi.advanceTimersByTime(60_000);
    expect(limiter.take(["user:a", "ip:1"])).toBe(true);
  });
});
