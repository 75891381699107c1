import { generateSync } from "otplib";
import PocketBase from "pocketbase";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PasskeyInfo, PasskeyRegistrationOptions } from "#shared/passkeys.ts";
import {
  confirmIdentityFirstMessage,
  invalidTotpCode,
  recentProofSeconds,
  totpPeriodSeconds,
  type TotpRecoveryCodes,
  type TotpSetup,
} from "#shared/two-factor.ts";
import { newRecordToken } from "../core/auth.ts";
import { defaultRateLimits } from "../tools/rate-limit.ts";
import { insertPasskey } from "../core/passkeys.ts";
import { createPasskey } from "../testing/authenticator.ts";
import { fixturePassword } from "../testing/fixtures.ts";
import { confirmIdentity, rejection, type SignedUpUser, signedUpUser } from "../testing/sdk.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { later } from "../testing/clock.ts";

// A recent proof of identity (`POST …/confirm-identity`: the current password or a code) before
// adding or removing a second factor, so that a session alone (a stolen token) adds no way in and
// removes none. Against the real server over a real port with the official SDK.

const base = "/api/collections/users";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

let counter = 0;
/** A user whose address is verified, signed in with the password: no proof yet. */
async function verified(on = server): Promise<SignedUpUser> {
  const user = await signedUpUser(on.url, `confirm-${++counter}@example.com`);
  on.app.store.update(on.app.store.findCollection("users")!, user.id, { verified: true });
  return user;
}

/** A client holding `token` alone, as whoever stole it would. */
function holding(token: string, on = server) {
  const pb = new PocketBase(on.url);
  pb.autoCancellation(false);
  pb.authStore.save(token, null);
  return pb;
}

async function addPasskey(pb: PocketBase) {
  const { challengeId, options } = await pb.send<PasskeyRegistrationOptions>(
    `${base}/passkeys/registration-options`,
    { method: "POST" },
  );
  return pb.send<PasskeyInfo>(`${base}/passkeys`, {
    method: "POST",
    body: { challengeId, name: "Phone", response: createPasskey(options).response },
  });
}

/** Turns two-factor on through `pb`: the secret. */
async function enrolTotp(pb: PocketBase) {
  const { setupId, secret } = await pb.send<TotpSetup>(`${base}/totp/setup`, { method: "POST" });
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
  await pb.send<TotpRecoveryCodes>(`${base}/totp`, { method: "POST", body: { setupId, code } });
  return secret;
}

/** Every route that changes the second factors, through `pb`: their errors (none when one passed). */
async function changes(pb: PocketBase, passkeyId: string) {
  const calls = [
    pb.send(`${base}/passkeys/registration-options`, { method: "POST" }),
    pb.send(`${base}/passkeys`, { method: "POST", body: { challengeId: "x", name: "Thief", response: {} } }),
    pb.send(`${base}/passkeys/${passkeyId}`, { method: "DELETE" }),
    pb.send(`${base}/totp/setup`, { method: "POST" }),
    pb.send(`${base}/totp`, { method: "POST", body: { setupId: "x", code: "123456" } }),
  ];
  return Promise.all(calls.map((call) => rejection(call).then((error) => error.response)));
}

const confirmFirst = { status: 403, message: confirmIdentityFirstMessage, data: {} };

describe("confirming it is you", () => {
  it("answers a token carrying the proof and the record; sign-in tokens keep PocketBase's exact claims", async () => {
    const user = await verified();
    const signIn = user.pb.authStore.token;
    expect(Object.keys(claimsOf(signIn)).sort()).toEqual(
      ["collectionId", "exp", "id", "refreshable", "type"].sort(),
    );
    const answer = await user.pb.send<{ token: string; record: { id: string; email: string } }>(
      `${base}/confirm-identity`,
      { method: "POST", body: { password: fixturePassword } },
    );
    expect(answer.record).toMatchObject({ id: user.id, email: user.email });
    const claims = claimsOf(answer.token);
    expect(claims).toMatchObject({ id: user.id, type: "auth", refreshable: true });
    expect(Math.abs(Number(claims.confirmed) - Date.now() / 1000)).toBeLessThan(30);
    // That token adds a passkey and removes it.
    const confirmed = holding(answer.token);
    const passkey = await addPasskey(confirmed);
    await confirmed.send(`${base}/passkeys/${passkey.id}`, { method: "DELETE" });
    expect(await confirmed.send<{ items: unknown[] }>(`${base}/passkeys`, {})).toEqual({ items: [] });
  });

  it("a session without a recent proof (a stolen token, or a proof too old) cannot add or remove a passkey, nor turn on two-factor", async () => {
    const user = await verified();
    const users = server.app.store.findCollection("users")!;
    const passkey = insertPasskey(server.app.store, {
      collectionRef: users.id,
      recordRef: user.id,
      credentialId: `credential-${user.id}`,
      publicKey: "unused",
      counter: 0,
      transports: ["internal"],
      name: "The owner's phone",
    });
    const stolen = user.pb.authStore.token;
    expect(await changes(holding(stolen), passkey.id)).toEqual(Array(5).fill(confirmFirst));
    // A refreshed token is no better: a refresh never adds a proof.
    const thief = holding(stolen);
    await thief.collection("users").authRefresh();
    expect(claimsOf(thief.authStore.token).confirmed).toBeUndefined();
    expect(await changes(thief, passkey.id)).toEqual(Array(5).fill(confirmFirst));
    // A proof older than recentProofSeconds is refused alike.
    const old = newRecordToken(server.app.store, users, server.app.store.findById(users, user.id)!, "auth", {
      confirmed: Math.floor(Date.now() / 1000) - recentProofSeconds - 1,
    });
    expect(await changes(holding(old), passkey.id)).toEqual(Array(5).fill(confirmFirst));
    // The passkey is still there, two-factor still off.
    expect((await user.pb.send<{ items: PasskeyInfo[] }>(`${base}/passkeys`, {})).items).toHaveLength(1);
    expect(server.app.store.all(`SELECT * FROM "_totp" WHERE "recordRef" = ?`, [user.id])).toEqual([]);
  });

  it("auth-refresh carries the proof as old as it was, never renews it", async () => {
    const user = await verified();
    const token = await confirmIdentity(user.pb);
    const { confirmed } = claimsOf(token);
    later(recentProofSeconds - 60);
    await user.pb.collection("users").authRefresh();
    expect(claimsOf(user.pb.authStore.token).confirmed).toBe(confirmed);
    await addPasskey(user.pb);
    later(61);
    await user.pb.collection("users").authRefresh();
    expect(claimsOf(user.pb.authStore.token).confirmed).toBe(confirmed);
    expect((await rejection(addPasskey(user.pb))).response).toEqual(confirmFirst);
  });

  it("with two-factor on, takes a current code instead of the password", async () => {
    const user = await verified();
    await confirmIdentity(user.pb);
    const secret = await enrolTotp(user.pb);
    // A new session (the password, then a code), without a proof yet.
    later(recentProofSeconds + totpPeriodSeconds);
    expect((await rejection(addPasskey(user.pb))).response).toEqual(confirmFirst);
    await confirmIdentity(user.pb, { code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }) });
    expect((await addPasskey(user.pb)).name).toBe("Phone");
  });

  it("refuses a wrong password or code, a blank body and a guest", async () => {
    const user = await verified();
    const invalid = "An error occurred while validating the submitted data.";
    const wrongPassword = await rejection(confirmIdentity(user.pb, { password: "not the password" }));
    expect(wrongPassword.response).toEqual({
      status: 400,
      message: invalid,
      data: {
        password: {
          code: "validation_invalid_password",
          message: "Missing or invalid auth record password.",
        },
      },
    });
    // No two-factor on: no code is right.
    const wrongCode = await rejection(confirmIdentity(user.pb, { code: "123456" }));
    expect(wrongCode.response).toEqual({
      status: 400,
      message: invalid,
      data: { code: { code: invalidTotpCode, message: "Invalid or expired code." } },
    });
    const blank = await rejection(confirmIdentity(user.pb, { password: "" }));
    expect(blank.response.data).toEqual({
      password: expect.objectContaining({ code: "validation_required" }),
    });
    const guest = new PocketBase(server.url);
    expect(
      (
        await rejection(
          guest.send(`${base}/confirm-identity`, { method: "POST", body: { password: fixturePassword } }),
        )
      ).status,
    ).toBe(401);
    expect(claimsOf(user.pb.authStore.token).confirmed).toBeUndefined();
  });

  it("with the default rate limits on, one sign-in then confirming, adding a passkey and turning on two-factor all pass", async () => {
    const own = await startServer({ rateLimits: defaultRateLimits });
    try {
      // The clock stands still, so every request falls in the same windows however slow the machine.
      vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
      const user = await verified(own);
      await user.pb.collection("users").authWithPassword(user.email, fixturePassword);
      await confirmIdentity(user.pb);
      const passkey = await addPasskey(user.pb);
      await enrolTotp(user.pb);
      await confirmIdentity(user.pb, { code: "000000" }).catch(() => undefined); // a slip of the finger
      await confirmIdentity(user.pb);
      await user.pb.send(`${base}/passkeys/${passkey.id}`, { method: "DELETE" });
      // The limits are on: the sign-in budget (2 per 3 s), spent by sign-up's sign-in and this one.
      const third = user.pb.collection("users").authWithPassword(user.email, fixturePassword);
      expect((await rejection(third)).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it("is throttled as every password and code check: after 5 wrong ones, even the right one waits", async () => {
    // A server of its own: the password checks count per client IP too.
    const own = await startServer();
    try {
      const user = await verified(own);
      await confirmIdentity(user.pb);
      const secret = await enrolTotp(user.pb);
      for (let i = 0; i < 5; i++) {
        expect((await rejection(confirmIdentity(user.pb, { code: "000000" }))).status).toBe(400);
      }
      const right = () => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
      expect((await rejection(confirmIdentity(user.pb, { code: right() }))).status).toBe(429);
      // The same count as turning two-factor off.
      const off = user.pb.send(`${base}/totp`, { method: "DELETE", body: { code: right() } });
      expect((await rejection(off)).status).toBe(429);

      const other = await verified(own);
      for (let i = 0; i < 5; i++) {
        expect((await rejection(confirmIdentity(other.pb, { password: "wrong" }))).status).toBe(400);
      }
      expect((await rejection(confirmIdentity(other.pb))).status).toBe(429);
    } finally {
      await own.close();
    }
  });
});
