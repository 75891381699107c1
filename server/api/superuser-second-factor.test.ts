import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PasskeyInfo, PasskeyRegistrationOptions, PasskeySignInOptions } from "#shared/passkeys.ts";
import { secondFactorRequiredMessage } from "#shared/superuser-second-factor.ts";
import { runSuperuserCommand } from "../cli.ts";
import { configFromEnv } from "../config.ts";
import { newRecordToken } from "../core/auth.ts";
import { createPasskey, type SoftwareCredential, usePasskey } from "../testing/authenticator.ts";
import { mailArrives } from "../testing/outbox.ts";
import { confirmIdentity, rejection, signedUpUser, verifiedUser } from "../testing/sdk.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";

// Passkeys for superusers, and SUPERUSER_SECOND_FACTOR: against the real server over a real port,
// with the official SDK and the software authenticator. Each test makes superusers of its own with
// the CLI (`npm run superuser`), which the setting leaves alone.

const superusers = "/api/collections/_superusers";
const password = "a superuser password 1";
const refused = { status: 403, message: secondFactorRequiredMessage, data: {} };

let optional: TestServer;
let required: TestServer;

beforeAll(async () => {
  [optional, required] = await Promise.all([
    startServer(),
    startServer({ superuserSecondFactor: "required" }),
  ]);
});
afterAll(() => Promise.all([optional.close(), required.close()]));

let counter = 0;

/**
 * A new superuser (made with the CLI), signed in with their password through the SDK, who then
 * confirmed it is them with it (as adding a second factor asks).
 */
async function superuser(server: TestServer) {
  const email = `superuser-${++counter}@example.com`;
  await runSuperuserCommand(server.dataDir, ["upsert", email, password]);
  const pb = client(server);
  await pb.collection("_superusers").authWithPassword(email, password);
  await confirmIdentity(pb, { password });
  return { pb, email, id: pb.authStore.record!.id };
}

function client(server: TestServer, token?: string) {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  if (token) pb.authStore.save(token, null);
  return pb;
}

/** Adds a passkey to the signed-in superuser of `pb`, through both steps. */
async function addPasskey(pb: PocketBase, name = "YubiKey") {
  const { challengeId, options } = await pb.send<PasskeyRegistrationOptions>(
    `${superusers}/passkeys/registration-options`,
    { method: "POST" },
  );
  const { credential, response } = createPasskey(options);
  const info = await pb.send<PasskeyInfo>(`${superusers}/passkeys`, {
    method: "POST",
    body: { challengeId, name, response },
  });
  return { credential, info };
}

type AuthAnswer = { token: string; record: { id: string; email: string } };

/** Signs in to `collection` with `credential` through `pb` (which may still hold another token). */
async function signIn(pb: PocketBase, credential: SoftwareCredential, collection = "_superusers") {
  const base = `/api/collections/${collection}`;
  const { challengeId, options } = await pb.send<PasskeySignInOptions>(`${base}/auth-with-passkey/options`, {
    method: "POST",
  });
  const response = usePasskey(credential, options);
  return pb.send<AuthAnswer>(`${base}/auth-with-passkey`, {
    method: "POST",
    body: { challengeId, response },
  });
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

/** Every kind of route a superuser's powers open, called with `pb`'s token: the errors, in order. */
async function superuserCalls(pb: PocketBase) {
  const calls: Promise<unknown>[] = [
    pb.collections.getFullList(),
    pb.logs.getList(1, 1),
    pb.settings.getAll(),
    pb.backups.getFullList(),
    pb.collection("_superusers").getList(1, 1),
    pb.collection("users").getList(1, 1),
    pb.send("/api/billing/stats", {}),
    pb.files.getToken(),
  ];
  return Promise.all(
    calls.map((call) =>
      call.then(
        () => undefined,
        (error: unknown) => error,
      ),
    ),
  );
}

describe("superuser passkeys", () => {
  it("a superuser adds a passkey and signs in with it: a superuser token with the mfa claim", async () => {
    const { pb, email, id } = await superuser(optional);
    const { credential, info } = await addPasskey(pb);
    expect(await pb.send(`${superusers}/passkeys`, {})).toEqual({ items: [info] });
    // Mailed in English (a superuser has no locale), leading to the dashboard.
    const added = await mailArrives(optional.dataDir, email, /^A passkey was added to your Lumen account$/);
    expect(added.text).toContain('"YubiKey"');
    expect(added.text).toContain("http://localhost:8090/_/\n");

    const auth = await signIn(client(optional), credential);
    expect(auth.record).toMatchObject({ id, email, collectionName: "_superusers" });
    expect(claimsOf(auth.token)).toMatchObject({ id, type: "auth", refreshable: true, mfa: true });
    const signedIn = client(optional, auth.token);
    expect(signedIn.authStore.isSuperuser).toBe(true);
    expect((await signedIn.collections.getFullList()).length).toBeGreaterThan(0);
    expect(await signedIn.logs.getList(1, 1)).toMatchObject({ page: 1 });

    await confirmIdentity(signedIn, { password }, "_superusers");
    await signedIn.send(`${superusers}/passkeys/${info.id}`, { method: "DELETE" });
    await mailArrives(optional.dataDir, email, /^A passkey was removed from your Lumen account$/);
    expect((await rejection(signIn(client(optional), credential))).status).toBe(400);
  });

  it("a superuser's passkey signs in to _superusers only, and a user's to users only", async () => {
    const { pb } = await superuser(optional);
    const { credential } = await addPasskey(pb);
    expect((await rejection(signIn(client(optional), credential, "users"))).response).toEqual({
      status: 400,
      message: "Failed to authenticate.",
      data: {},
    });
    const user = await verifiedUser(optional, `user-${++counter}@example.com`);
    const { challengeId, options } = await user.pb.send<PasskeyRegistrationOptions>(
      "/api/collections/users/passkeys/registration-options",
      { method: "POST" },
    );
    const made = createPasskey(options);
    await user.pb.send("/api/collections/users/passkeys", {
      method: "POST",
      body: { challengeId, name: "Phone", response: made.response },
    });
    expect((await rejection(signIn(client(optional), made.credential))).status).toBe(400);
    // A user's passkey sign-in carries the claim too; it changes nothing for a user.
    expect(claimsOf((await signIn(client(optional), made.credential, "users")).token).mfa).toBe(true);
  });

  it("auth-refresh keeps the mfa claim, and never adds it", async () => {
    const { pb } = await superuser(optional);
    const { credential } = await addPasskey(pb);
    const signedIn = client(optional, (await signIn(client(optional), credential)).token);
    await signedIn.collection("_superusers").authRefresh();
    expect(claimsOf(signedIn.authStore.token).mfa).toBe(true);
    await pb.collection("_superusers").authRefresh();
    expect(claimsOf(pb.authStore.token)).not.toHaveProperty("mfa");
  });

  it("optional (the default): a password alone gives a superuser every power, as before", async () => {
    const { pb } = await superuser(optional);
    expect(await superuserCalls(pb)).toEqual(Array(8).fill(undefined));
    await addPasskey(pb);
    // Holding a passkey changes nothing either.
    expect(await superuserCalls(pb)).toEqual(Array(8).fill(undefined));
    await addPasskey(pb, "Second");
  });
});

describe("SUPERUSER_SECOND_FACTOR=required", () => {
  it("a password-only token: 403 with the message wherever a superuser's powers are needed", async () => {
    const { pb } = await superuser(required);
    const errors = await superuserCalls(pb);
    for (const error of errors) expect(error).toMatchObject({ response: refused });
    expect((await rejection(pb.collection("_superusers").authRefresh())).response).toEqual(refused);
    // What a guest may do, it still may: the public health answer, the sign-in routes.
    expect(await pb.health.check()).toEqual({ message: "API is healthy.", code: 200, data: {} });
  });

  it("enrols the first passkey with the password token, then only a passkey sign-in has the powers", async () => {
    const { pb, email, id } = await superuser(required);
    expect(await pb.send(`${superusers}/passkeys`, {})).toEqual({ items: [] });
    const { credential, info } = await addPasskey(pb);
    await mailArrives(required.dataDir, email, /^A passkey was added to your Lumen account$/);

    // Now they hold a factor: the password token is refused everywhere, passkeys included.
    for (const error of await superuserCalls(pb)) expect(error).toMatchObject({ response: refused });
    for (const call of [
      pb.send(`${superusers}/passkeys`, {}),
      pb.send(`${superusers}/passkeys/registration-options`, { method: "POST" }),
      pb.send(`${superusers}/passkeys/${info.id}`, { method: "DELETE" }),
    ]) {
      expect((await rejection(call)).response).toEqual(refused);
    }
    // A new password sign-in is no better.
    await pb.collection("_superusers").authWithPassword(email, password);
    expect((await rejection(pb.collections.getFullList())).response).toEqual(refused);

    // The passkey sign-in works even from a client still holding the password token.
    const auth = await signIn(pb, credential);
    expect(auth.record.id).toBe(id);
    const signedIn = client(required, auth.token);
    expect(await superuserCalls(signedIn)).toEqual(Array(8).fill(undefined));
    // Confirming it is them keeps the passkey sign-in's powers.
    await confirmIdentity(signedIn, { password }, "_superusers");
    expect(await superuserCalls(signedIn)).toEqual(Array(8).fill(undefined));
    await addPasskey(signedIn, "Second");
    // A refreshed token keeps its powers.
    await signedIn.collection("_superusers").authRefresh();
    expect(claimsOf(signedIn.authStore.token).mfa).toBe(true);
    expect((await signedIn.collections.getFullList()).length).toBeGreaterThan(0);
  });

  it("the enrolment exception is one's own passkeys only", async () => {
    const { pb } = await superuser(required);
    for (const call of [
      pb.send("/api/collections/users/passkeys", {}),
      pb.send("/api/collections/users/passkeys/registration-options", { method: "POST" }),
    ]) {
      expect((await rejection(call)).response).toEqual(refused);
    }
  });

  it("the claim cannot be forged: a token whose payload was altered is no token", async () => {
    const { pb } = await superuser(required);
    const [header, , signature] = pb.authStore.token.split(".");
    const claims = { ...claimsOf(pb.authStore.token), mfa: true };
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
    const error = await rejection(client(required, forged).collections.getFullList());
    expect(error.response).toEqual({
      status: 401,
      message: "The request requires valid record authorization token.",
      data: {},
    });
  });

  it("a backup download needs a file token from a session with the second factor", async () => {
    const { id } = await superuser(required);
    const { store } = required.app;
    const collection = store.findCollection("_superusers")!;
    const record = store.findById(collection, id)!;
    const download = (token: string) => fetch(`${required.url}/api/backups/none.zip?token=${token}`);
    const plain = await download(newRecordToken(store, collection, record, "file"));
    expect([plain.status, await plain.json()]).toEqual([403, refused]);
    const withFactor = await download(newRecordToken(store, collection, record, "file", { mfa: true }));
    expect(withFactor.status).toBe(404);
  });

  it("changes nothing for users, nor for the CLI", async () => {
    const user = await signedUpUser(required.url, `user-${++counter}@example.com`);
    expect((await user.pb.collection("users").getOne(user.id)).id).toBe(user.id);
    await user.pb.collection("users").authRefresh();
    expect(await runSuperuserCommand(required.dataDir, ["upsert", "cli@example.com", password])).toMatch(
      /cli@example\.com/,
    );
  });
});

describe("SUPERUSER_SECOND_FACTOR", () => {
  it("is optional by default, optional or required, and refuses anything else", () => {
    expect(configFromEnv({}).superuserSecondFactor).toBe("optional");
    expect(configFromEnv({ SUPERUSER_SECOND_FACTOR: "required" }).superuserSecondFactor).toBe("required");
    expect(configFromEnv({ SUPERUSER_SECOND_FACTOR: "Optional" }).superuserSecondFactor).toBe("optional");
    expect(() => configFromEnv({ SUPERUSER_SECOND_FACTOR: "always" })).toThrow(
      new Error("Invalid SUPERUSER_SECOND_FACTOR: always (optional or required)"),
    );
  });
});
