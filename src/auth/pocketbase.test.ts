import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureNow, paidUser, stremioRecord } from "./auth-fixtures.ts";
import { createPocketBase } from "./pocketbase.ts";
import { authCookieName, sessionCookieFields } from "./session-cookie-fields.ts";

/** A token that expires in an hour (the SDK writes no cookie for an expired one's record). */
function token() {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, type: "auth" })}.x`;
}

describe("the session cookie", () => {
  // The fixtures' subscription runs on their clock; past its period end it no longer says "paid".
  beforeEach(() => vi.useFakeTimers({ now: new Date(fixtureNow), toFake: ["Date"] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("keeps the header's fields only: never a secret, never the subscription", () => {
    const written: string[] = [];
    vi.stubGlobal("location", { protocol: "https:", origin: "https://lumen.example" });
    vi.stubGlobal("document", {
      get cookie() {
        return "";
      },
      set cookie(value: string) {
        written.push(value);
      },
    });
    const pb = createPocketBase("https://lumen.example");
    pb.authStore.save(token(), paidUser);
    const cookie = written.at(-1)!;
    expect(cookie.startsWith(`${authCookieName}=`)).toBe(true);
    const stored = JSON.parse(decodeURIComponent(cookie.split(";")[0]!.slice(authCookieName.length + 1))) as {
      record: Record<string, unknown>;
    };
    expect(Object.keys(stored.record).sort()).toEqual(
      [...sessionCookieFields.filter((field) => field in paidUser), "plan_status"].sort(),
    );
    // The plan as the header words it, worked out from what stays out of the cookie.
    expect(stored.record.plan_status).toBe("paid");
    for (const field of ["expand", "stripe", "trial_ends"]) {
      expect(stored.record).not.toHaveProperty(field);
    }
    // The Stremio password comes with the session's expand, never into the cookie.
    expect(JSON.stringify(stored)).not.toContain(stremioRecord.password);
    expect(cookie).toMatch(/; Secure/);
  });

  it("reads its own cookie back without losing the plan's status", () => {
    let jar = "";
    vi.stubGlobal("location", { protocol: "https:", origin: "https://lumen.example" });
    vi.stubGlobal("document", {
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        jar = value.split(";")[0]!;
      },
    });
    createPocketBase("https://lumen.example").authStore.save(token(), paidUser);
    // A new page: the store starts from the cookie, whose record has no trial end to work from.
    const again = createPocketBase("https://lumen.example");
    expect(again.authStore.record?.plan_status).toBe("paid");
    expect(decodeURIComponent(jar)).toContain('"plan_status":"paid"');
  });
});
