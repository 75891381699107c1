import PocketBase from "pocketbase";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  passkeyLimitMessage,
  passkeysPerRecord,
  type PasskeyInfo,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
} from "#shared/passkeys.ts";
import { maxPendingChallenges, PasskeyChallenges } from "../core/passkeys.ts";
import {
  type CeremonyOverrides,
  createPasskey,
  type SoftwareCredential,
  usePasskey,
} from "../testing/authenticator.ts";
import { fixturePassword } from "../testing/fixtures.ts";
import { mailArrives } from "../testing/outbox.ts";
import { confirmIdentity, rejection, type SignedUpUser, verifiedUser } from "../testing/sdk.ts";
import { startServer, startServerAsRoot, type TestServer } from "../testing/start-server.ts";
import { defaultRateLimits } from "../tools/rate-limit.ts";

// Passkeys against the real server over a real port, with the official SDK and a software
// authenticator (testing/authenticator.ts). APP_URL is http://localhost:8090 (the default): the rp
// id is `localhost`, the only origin accepted `http://localhost:8090`.

const base = "/api/collections/users";
const addFailed = "Failed to add the passkey.";
const authFailed = "Failed to authenticate.";

let server: TestServer;
let root: PocketBase;

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const signUp = (locale: "en" | "fr" = "en") =>
  verifiedUser(server, `passkey-${++counter}@example.com`, { locale, name: `User ${counter}` });

const guest = () => {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  return pb;
};

const registrationOptions = (user: SignedUpUser) =>
  user.pb.send<PasskeyRegistrationOptions>(`${base}/passkeys/registration-options`, { method: "POST" });

const register = (user: SignedUpUser, body: Record<string, unknown>) =>
  user.pb.send<PasskeyInfo>(`${base}/passkeys`, { method: "POST", body });

/** A new passkey on `user`'s account, through both steps. */
async function addPasskey(user: SignedUpUser, name = "Chrome on Android") {
  const { challengeId, options } = await registrationOptions(user);
  const { credential, response } = createPasskey(options);
  const info = await register(user, { challengeId, name, response });
  return { credential, info };
}

const signInOptions = () =>
  guest().send<PasskeySignInOptions>(`${base}/auth-with-passkey/options`, { method: "POST" });

type AuthAnswer = { token: string; record: Record<string, unknown> & { id: string } };

/** Signs in with `credential` through a fresh challenge. */
async function signIn(
  credential: SoftwareCredential,
  overrides: CeremonyOverrides = {},
  query: Record<string, string> = {},
) {
  const { challengeId, options } = await signInOptions();
  const response = usePasskey(credential, options, overrides);
  return guest().send<AuthAnswer>(`${base}/auth-with-passkey`, {
    method: "POST",
    body: { challengeId, response },
    query,
  });
}

const list = async (user: SignedUpUser) =>
  (await user.pb.send<{ items: PasskeyInfo[] }>(`${base}/passkeys`, {})).items;

const storedPasskeys = (recordId: string) =>
  server.app.store.all(`SELECT * FROM "_passkeys" WHERE "recordRef" = ?`, [recordId]);

describe("adding, listing and removing one's passkeys", () => {
  it("adds a passkey, lists it, signs in with it, and mails the owner at each change", async () => {
    const user = await signUp();
    const { credential, info } = await addPasskey(user, "  Chrome on Android  ");
    expect(info).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
      name: "Chrome on Android",
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      lastUsed: "",
    });
    expect(await list(user)).toEqual([info]);
    const added = await mailArrives(
      server.dataDir,
      user.email,
      /^A passkey was added to your Lumen account$/,
    );
    expect(added.text).toContain('"Chrome on Android"');
    expect(added.text).toContain("sign in and remove it, then change your password");
    expect(added.text).toContain("http://localhost:8090/account\n");

    const auth = await signIn(credential);
    expect(auth.record.id).toBe(user.id);
    // The token works as any sign-in's does.
    const pb = guest();
    pb.authStore.save(auth.token, auth.record as never);
    expect((await pb.collection("users").getOne(user.id)).email).toBe(user.email);
    const [used] = await list(user);
    expect(used!.lastUsed).toMatch(/^\d{4}-\d{2}-\d{2} /);

    await user.pb.send(`${base}/passkeys/${info.id}`, { method: "DELETE" });
    expect(await list(user)).toEqual([]);
    await mailArrives(server.dataDir, user.email, /^A passkey was removed from your Lumen account$/);
    expect((await rejection(signIn(credential))).response).toEqual({
      status: 400,
      message: authFailed,
      data: {},
    });
  });

  it("mails a French-speaking owner in French", async () => {
    const user = await signUp("fr");
    const { info } = await addPasskey(user, "Safari sur iPhone");
    const added = await mailArrives(
      server.dataDir,
      user.email,
      /^Une clé d’accès a été ajoutée à votre compte Lumen$/,
    );
    expect(added.text).toContain("«\u00a0Safari sur iPhone\u00a0»");
    expect(added.text).toContain("http://localhost:8090/fr/account\n");
    await user.pb.send(`${base}/passkeys/${info.id}`, { method: "DELETE" });
    await mailArrives(server.dataDir, user.email, /^Une clé d’accès a été retirée de votre compte Lumen$/);
  });

  it("lists oldest first, only one's own; another user can neither see nor remove them", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const first = (await addPasskey(alice, "First")).info;
    const second = (await addPasskey(alice, "Second")).info;
    expect((await list(alice)).map((p) => p.name)).toEqual(["First", "Second"]);
    expect(await list(bob)).toEqual([]);
    const removal = await rejection(bob.pb.send(`${base}/passkeys/${first.id}`, { method: "DELETE" }));
    expect(removal.response).toEqual({
      status: 404,
      message: "The requested resource wasn't found.",
      data: {},
    });
    expect(
      (await rejection(alice.pb.send(`${base}/passkeys/nosuchpasskey12`, { method: "DELETE" }))).status,
    ).toBe(404);
    expect((await list(alice)).map((p) => p.id)).toEqual([first.id, second.id]);
  });

  it("asks for a discoverable passkey of the signed-in user, excluding the ones they have", async () => {
    const user = await signUp();
    const { credential } = await addPasskey(user);
    const { challengeId, options } = await registrationOptions(user);
    expect(challengeId).toMatch(/^\w{32}$/);
    expect(options).toMatchObject({
      rp: { id: "localhost", name: "Lumen" },
      user: {
        id: Buffer.from(user.id).toString("base64url"),
        name: user.email,
        displayName: expect.any(String),
      },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      excludeCredentials: [expect.objectContaining({ id: credential.id, type: "public-key" })],
    });
  });

  it("validates the name: trimmed, 1 to 100 characters", async () => {
    const user = await signUp();
    for (const [name, code] of [
      ["   ", "validation_required"],
      ["x".repeat(101), "validation_length_out_of_range"],
    ]) {
      const { challengeId, options } = await registrationOptions(user);
      const { response } = createPasskey(options);
      const error = await rejection(register(user, { challengeId, name, response }));
      expect(error.status).toBe(400);
      expect(error.response.data).toEqual({ name: expect.objectContaining({ code }) });
    }
    expect((await addPasskey(user, "y".repeat(100))).info.name).toHaveLength(100);
  });

  it(`holds at most ${passkeysPerRecord} passkeys per account, refused before the browser is asked`, async () => {
    const user = await signUp();
    for (let i = 0; i < passkeysPerRecord - 1; i++) await addPasskey(user, `Key ${i}`);
    // A ceremony started with room left cannot end over the limit either.
    const started = await registrationOptions(user);
    await addPasskey(user, "The last one");
    const late = await rejection(
      register(user, {
        challengeId: started.challengeId,
        name: "One more",
        response: createPasskey(started.options).response,
      }),
    );
    expect([late.status, late.response.message]).toEqual([400, passkeyLimitMessage]);
    const full = await rejection(registrationOptions(user));
    expect([full.status, full.response.message]).toEqual([400, passkeyLimitMessage]);
    expect(await list(user)).toHaveLength(passkeysPerRecord);
  });

  it("refuses a registration challenge used twice, expired, or issued to another user", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const refused = { status: 400, message: addFailed, data: {} };

    const first = await registrationOptions(alice);
    const made = createPasskey(first.options);
    const body = { challengeId: first.challengeId, name: "Phone", response: made.response };
    await register(alice, body);
    expect((await rejection(register(alice, body))).response).toEqual(refused);

    // Used by another user, it is spent for its own user too.
    const second = await registrationOptions(alice);
    const forAlice = {
      challengeId: second.challengeId,
      name: "Phone",
      response: createPasskey(second.options).response,
    };
    expect((await rejection(register(bob, forAlice))).response).toEqual(refused);
    expect((await rejection(register(alice, forAlice))).response).toEqual(refused);

    const third = await registrationOptions(alice);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 301_000);
    await confirmIdentity(alice.pb); // the proof is older than that too
    const late = {
      challengeId: third.challengeId,
      name: "Phone",
      response: createPasskey(third.options).response,
    };
    expect((await rejection(register(alice, late))).response).toEqual(refused);
    vi.useRealTimers();

    expect((await rejection(register(alice, { name: "Phone", response: made.response }))).response).toEqual(
      refused,
    );
    expect((await list(alice)).length).toBe(1);
  });

  it("refuses an answer made for another origin or another rp id, and a credential already registered", async () => {
    const user = await signUp();
    for (const overrides of [{ origin: "https://phishing.example" }, { rpId: "phishing.example" }]) {
      const { challengeId, options } = await registrationOptions(user);
      const { response } = createPasskey(options, overrides);
      const error = await rejection(register(user, { challengeId, name: "Phone", response }));
      expect(error.response).toEqual({ status: 400, message: addFailed, data: {} });
    }
    const { challengeId, options } = await registrationOptions(user);
    const made = createPasskey(options);
    await register(user, { challengeId, name: "Phone", response: made.response });
    const again = await registrationOptions(user);
    const repeated = createPasskey(again.options, { same: made.credential });
    const duplicate = await rejection(
      register(user, { challengeId: again.challengeId, name: "Again", response: repeated.response }),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.response.data).toEqual({
      response: expect.objectContaining({ code: "validation_not_unique" }),
    });
    // Nor can another user register it (the same credential id, their own challenge).
    const other = await signUp();
    const theirs = await registrationOptions(other);
    const same = createPasskey(theirs.options, { same: made.credential });
    const claimed = await rejection(
      register(other, { challengeId: theirs.challengeId, name: "Mine", response: same.response }),
    );
    expect(claimed.response.data).toEqual({
      response: expect.objectContaining({ code: "validation_not_unique" }),
    });
    expect(await list(user)).toHaveLength(1);
    expect(await list(other)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("answers exactly as auth-with-password: same record, same token kind and lifetime, fields, expand", async () => {
    const user = await signUp();
    const { credential } = await addPasskey(user);
    const withPassword = await guest().collection("users").authWithPassword(user.email, fixturePassword);
    const withPasskey = await signIn(credential);
    expect(Object.keys(withPasskey).sort()).toEqual(["record", "token"]);
    expect(withPasskey.record).toEqual(withPassword.record);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const [a, b] = [claims(withPassword.token), claims(withPasskey.token)];
    expect(b).toMatchObject({ type: "auth", refreshable: true, id: user.id, collectionId: a.collectionId });
    expect(b.exp - b.iat).toBe(a.exp - a.iat);
    expect(await signIn(credential, {}, { fields: "record.id" })).toEqual({ record: { id: user.id } });
    const expand = "subscriptions_via_user";
    const expanded = await guest()
      .collection("users")
      .authWithPassword(user.email, fixturePassword, { expand });
    expect((await signIn(credential, {}, { expand })).record).toEqual(expanded.record);
  });

  it("signs in as the passkey's owner, and refuses an answer claiming another user", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const { credential } = await addPasskey(alice);
    await addPasskey(bob);
    expect((await signIn(credential)).record.id).toBe(alice.id);
    const claimingBob = { ...credential, userHandle: Buffer.from(bob.id).toString("base64url") };
    expect((await rejection(signIn(claimingBob))).response).toEqual({
      status: 400,
      message: authFailed,
      data: {},
    });
  });

  it("asks for any discoverable passkey of the site", async () => {
    const { challengeId, options } = await signInOptions();
    expect(challengeId).toMatch(/^\w{32}$/);
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "preferred" });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it("refuses a challenge used twice or expired, another origin or rp id, and an unknown credential", async () => {
    const user = await signUp();
    const { credential } = await addPasskey(user);
    const refused = { status: 400, message: authFailed, data: {} };

    const { challengeId, options } = await signInOptions();
    const body = { challengeId, response: usePasskey(credential, options) };
    await guest().send(`${base}/auth-with-passkey`, { method: "POST", body });
    expect(
      (await rejection(guest().send(`${base}/auth-with-passkey`, { method: "POST", body }))).response,
    ).toEqual(refused);

    const late = await signInOptions();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 301_000);
    const lateBody = { challengeId: late.challengeId, response: usePasskey(credential, late.options) };
    expect(
      (await rejection(guest().send(`${base}/auth-with-passkey`, { method: "POST", body: lateBody })))
        .response,
    ).toEqual(refused);
    vi.useRealTimers();

    for (const overrides of [{ origin: "https://phishing.example" }, { rpId: "phishing.example" }]) {
      expect((await rejection(signIn(credential, overrides))).response).toEqual(refused);
    }
    const unknown = createPasskey((await registrationOptions(user)).options).credential;
    expect((await rejection(signIn(unknown))).response).toEqual(refused);
    // A wrong key for a known credential id: the signature fails.
    expect((await rejection(signIn({ ...unknown, id: credential.id }))).response).toEqual(refused);
    // The right answer still signs in.
    expect((await signIn(credential)).record.id).toBe(user.id);
  });

  it("refuses a counter that does not grow (a cloned authenticator); zero on both sides is allowed", async () => {
    const user = await signUp();
    const { credential } = await addPasskey(user);
    await signIn(credential, { signCount: 0 });
    await signIn(credential, { signCount: 0 });
    await signIn(credential, { signCount: 5 });
    const refused = { status: 400, message: authFailed, data: {} };
    expect((await rejection(signIn(credential, { signCount: 5 }))).response).toEqual(refused);
    expect((await rejection(signIn(credential, { signCount: 3 }))).response).toEqual(refused);
    expect((await rejection(signIn(credential, { signCount: 0 }))).response).toEqual(refused);
    expect((await signIn(credential, { signCount: 6 })).record.id).toBe(user.id);
    expect(storedPasskeys(user.id)[0]!.counter).toBe(6);
  });
});

describe("with the default rate limits on", () => {
  it("the login page's own requests, however often it loads, leave a sign-in its budget", async () => {
    const own = await startServer({ rateLimits: defaultRateLimits });
    try {
      // The clock stands still, so every request falls in the same windows however slow the machine.
      vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
      const user = await verifiedUser(own, "limits@example.com");
      const { credential } = await addPasskey(user);
      const visitor = new PocketBase(own.url);
      visitor.autoCancellation(false);
      const options = (query: Record<string, string> = {}) =>
        visitor.send<PasskeySignInOptions>(`${base}/auth-with-passkey/options`, { method: "POST", query });
      // Each load of the login page asks for the suggestions' challenge: two loads pass, a third
      // within the window is refused (that page offers no suggestions), and that is all it costs.
      await options({ autofill: "true" });
      await options({ autofill: "true" });
      expect((await rejection(options({ autofill: "true" }))).status).toBe(429);
      // "Log in with a passkey": its challenge, then the sign-in.
      const { challengeId, options: request } = await options();
      const auth = await visitor.send<AuthAnswer>(`${base}/auth-with-passkey`, {
        method: "POST",
        body: { challengeId, response: usePasskey(credential, request) },
      });
      expect(auth.record.id).toBe(user.id);
      // The limits are on: a sign-in's own budget (2 per 3 s) is still counted.
      await options();
      expect((await rejection(options())).status).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe("who may use the passkey endpoints", () => {
  it("asks for a session of the collection: 401 for a guest, 403 for a superuser", async () => {
    const user = await signUp();
    const { info } = await addPasskey(user);
    const calls: [string, string][] = [
      ["GET", `${base}/passkeys`],
      ["POST", `${base}/passkeys/registration-options`],
      ["POST", `${base}/passkeys`],
      ["DELETE", `${base}/passkeys/${info.id}`],
    ];
    const body = (method: string) => (method === "GET" ? {} : { method, body: {} });
    for (const [method, path] of calls) {
      expect((await rejection(guest().send(path, body(method)))).response).toEqual({
        status: 401,
        message: "The request requires valid record authorization token.",
        data: {},
      });
      // "Mine only": a superuser cannot manage anyone's passkeys here.
      expect((await rejection(root.send(path, body(method)))).status).toBe(403);
    }
    expect(await list(user)).toHaveLength(1);
  });

  it("refuses every collection but users and _superusers (403), and an unknown one (404)", async () => {
    const user = await signUp();
    const refused = {
      status: 403,
      message: "The collection is not configured to allow passkey authentication.",
      data: {},
    };
    const path = "/api/collections/stremio";
    for (const [method, route] of [
      ["POST", "auth-with-passkey/options"],
      ["POST", "auth-with-passkey"],
      ["GET", "passkeys"],
      ["POST", "passkeys/registration-options"],
    ]) {
      expect(
        (await rejection(user.pb.send(`${path}/${route}`, method === "GET" ? {} : { method, body: {} })))
          .response,
      ).toEqual(refused);
    }
    // Superusers have passkeys of their own (superuser-second-factor.test.ts), out of a user's
    // reach (PocketBase's message names the token's collection).
    expect((await rejection(user.pb.send("/api/collections/_superusers/passkeys", {}))).response).toEqual({
      status: 403,
      message: "The request requires auth record from users collection.",
      data: {},
    });
    const missing = await rejection(
      guest().send("/api/collections/nope/auth-with-passkey/options", { method: "POST" }),
    );
    expect(missing.status).toBe(404);
  });

  it("deletes a user's passkeys with the user", async () => {
    const user = await signUp();
    const { credential } = await addPasskey(user);
    await addPasskey(user, "Second");
    expect(storedPasskeys(user.id)).toHaveLength(2);
    await root.collection("users").delete(user.id);
    expect(storedPasskeys(user.id)).toEqual([]);
    expect((await rejection(signIn(credential))).status).toBe(400);
  });

  it("keeps the passkeys in backups: a restore brings them back", { timeout: 60_000 }, async () => {
    const user = await signUp();
    const { credential, info } = await addPasskey(user);
    await root.backups.create("passkeys.zip");
    await user.pb.send(`${base}/passkeys/${info.id}`, { method: "DELETE" });
    await root.backups.restore("passkeys.zip");
    await root.collection("_superusers").authWithPassword("root@example.com", "a root password 1");
    expect((await signIn(credential)).record.id).toBe(user.id);
  });
});

describe("APP_URL with an IP address", () => {
  it("answers the options endpoints with a clear 400: passkeys need a domain name", async () => {
    const ipServer = await startServer({ appUrl: "http://127.0.0.1:8090" });
    try {
      const user = await verifiedUser(ipServer, "ip@example.com");
      const message =
        "Passkeys need APP_URL with a domain name, not an IP address (e.g. http://localhost:PORT in development).";
      const registration = await rejection(
        user.pb.send(`${base}/passkeys/registration-options`, { method: "POST" }),
      );
      expect(registration.response).toEqual({ status: 400, message, data: {} });
      const signInError = await rejection(
        new PocketBase(ipServer.url).send(`${base}/auth-with-passkey/options`, { method: "POST" }),
      );
      expect(signInError.response).toEqual({ status: 400, message, data: {} });
    } finally {
      await ipServer.close();
    }
  });
});

describe("pending challenges", () => {
  it("are capped: the oldest go first, so a flood cannot grow memory", () => {
    const challenges = new PasskeyChallenges();
    const first = challenges.issue("c0", "signIn x");
    for (let i = 1; i <= maxPendingChallenges + 5; i++) challenges.issue(`c${i}`, "signIn x");
    expect(challenges.size).toBe(maxPendingChallenges);
    expect(challenges.take(first, "signIn x")).toBeUndefined();
  });

  it("are used once, for their purpose only", () => {
    const challenges = new PasskeyChallenges();
    const id = challenges.issue("abc", "registration c r1");
    expect(challenges.take(id, "registration c r2")).toBeUndefined();
    expect(challenges.take(id, "registration c r1")).toBeUndefined();
    const again = challenges.issue("def", "registration c r1");
    expect(challenges.take(again, "registration c r1")).toBe("def");
    expect(challenges.take(again, "registration c r1")).toBeUndefined();
  });
});
