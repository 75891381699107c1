import PocketBase, { ClientResponseError } from "pocketbase";
import { afterEach, describe, expect, it } from "vitest";
import { newRecordToken } from "../core/auth.ts";
import { defaultRateLimits, passwordFailureLimit } from "../tools/rate-limit.ts";
import { runSuperuserCommand } from "../cli.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";

// Every endpoint that checks a current password is a password oracle for whoever holds a session:
// failed checks are limited per user and per client IP, with or without the request rate limits.

const password = "a good password";
const tooMany = { data: {}, message: "Too Many Requests.", status: 429 };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function signedIn(email: string) {
  const pb = new PocketBase(server!.url);
  await pb.collection("users").create({ email, password, passwordConfirm: password, plan: "free" });
  await pb.collection("users").authWithPassword(email, password);
  return pb;
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; response: unknown }> {
  try {
    await promise;
    return { status: 200, response: undefined };
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    return { status: error.status, response: error.response };
  }
}

describe.each([
  ["the default rules", undefined],
  ["RATE_LIMIT=off", false as const],
])("failed password checks with %s", (_name, rateLimits) => {
  it("PATCH with oldPassword: 429 after the limit, even for the right password, for every user of that IP", async () => {
    server = await startServer({ rateLimits: rateLimits ?? defaultRateLimits });
    const pb = await signedIn("guesser@example.com");
    const id = pb.authStore.record!.id;
    const change = (oldPassword: string) =>
      statusOf(
        pb
          .collection("users")
          .update(id, { oldPassword, password: "another password", passwordConfirm: "another password" }),
      );
    for (let i = 0; i < passwordFailureLimit.maxFailures; i++) {
      const wrong = await change(`wrong guess ${i}`);
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(wrong.response)).toContain("validation_invalid_old_password");
    }
    expect(await change("wrong again")).toEqual({ status: 429, response: tooMany });
    expect(await change(password)).toEqual({ status: 429, response: tooMany });

    // The same client IP is refused for another account too; other updates still work.
    const other = await signedIn("other@example.com");
    const otherId = other.authStore.record!.id;
    const right = {
      oldPassword: password,
      password: "another password",
      passwordConfirm: "another password",
    };
    expect((await statusOf(other.collection("users").update(otherId, right))).status).toBe(429);
    expect((await pb.collection("users").update(id, { name: "Still here" })).name).toBe("Still here");
  });

  it("confirm-email-change: 429 after the limit, even for the right password", async () => {
    server = await startServer({ rateLimits: rateLimits ?? defaultRateLimits });
    const pb = await signedIn("mover@example.com");
    const users = server.app.store.findCollection("users")!;
    const record = server.app.store.findById(users, pb.authStore.record!.id)!;
    const token = newRecordToken(server.app.store, users, record, "emailChange", {
      newEmail: "moved@example.com",
    });
    const confirm = (guess: string) => statusOf(pb.collection("users").confirmEmailChange(token, guess));
    for (let i = 0; i < passwordFailureLimit.maxFailures; i++) {
      const wrong = await confirm(`wrong guess ${i}`);
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(wrong.response)).toContain("validation_invalid_password");
    }
    expect(await confirm("wrong again")).toEqual({ status: 429, response: tooMany });
    expect(await confirm(password)).toEqual({ status: 429, response: tooMany });
    expect(server.app.store.findById(users, String(record.id))!.email).toBe("mover@example.com");
  });

  it.each(["_superusers", "users"])(
    "%s sign-in: 429 after the limit for that account, from any number of addresses",
    async (collection) => {
      server = await startServer({ rateLimits: rateLimits ?? defaultRateLimits, trustProxy: true });
      const email = `target.${collection}@example.com`;
      if (collection === "users") {
        await new PocketBase(server.url)
          .collection("users")
          .create({ email, password, passwordConfirm: password, plan: "free" });
      } else {
        await runSuperuserCommand(server.dataDir, ["create", email, password]);
      }
      // Each guess from an address of its own: the per-IP rule never applies.
      let address = 0;
      const signIn = (identity: string, secret: string) =>
        statusOf(
          new PocketBase(server!.url).collection(collection).authWithPassword(identity, secret, {
            headers: { "x-forwarded-for": `203.0.113.${++address}` },
          }),
        );
      for (let i = 0; i < passwordFailureLimit.maxFailures; i++) {
        expect((await signIn(email, `wrong guess ${i}`)).status).toBe(400);
      }
      for (let i = 0; i < 45; i++)
        expect(await signIn(email, `wrong again ${i}`)).toEqual({ status: 429, response: tooMany });
      // The right password waits for the window too; the identity's case does not matter.
      expect((await signIn(email.toUpperCase(), password)).status).toBe(429);
      // An unknown identity is limited the same way: the answers do not tell which accounts exist.
      for (let i = 0; i < passwordFailureLimit.maxFailures; i++) {
        expect((await signIn(`nobody.${collection}@example.com`, "a guess")).status).toBe(400);
      }
      expect((await signIn(`nobody.${collection}@example.com`, "a guess")).status).toBe(429);
      // Other accounts are not affected.
      expect((await signIn("someone.else@example.com", "a guess")).status).toBe(400);
    },
  );
});
