import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSync } from "otplib";
import PocketBase from "pocketbase";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  invalidTotpCode,
  invalidTotpSetup,
  mfaSeconds,
  recoveryCodeCount,
  totpPeriodSeconds,
  totpSetupSeconds,
  type TotpRecoveryCodes,
  type TotpSetup,
  type TotpStatus,
} from "#shared/two-factor.ts";
import { secondFactorRequiredMessage } from "#shared/superuser-second-factor.ts";
import { runSuperuserCommand } from "../cli.ts";
import { fixturePassword } from "../testing/fixtures.ts";
import { mailArrives, mailsTo } from "../testing/outbox.ts";
import { confirmIdentity, rejection, verifiedUser } from "../testing/sdk.ts";
import { startServer, startServerAsRoot, type TestServer } from "../testing/start-server.ts";
import type { AppOptions } from "../app.ts";
import { later } from "../testing/clock.ts";

// Two-factor sign-in with an authenticator app, against the real server over a real port with
// the official SDK. Codes come from otplib as an app makes them; the clock (Date only) is moved a
// step forward for each new code, since a code is accepted once per time step.

const authFailed = "Failed to authenticate.";
const mfaExpired = "Invalid or expired MFA session.";

let server: TestServer;
let root: PocketBase;

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The app's code for `secret` one time step later than the last one asked for. */
function freshCode(secret: string): string {
  later(totpPeriodSeconds);
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** An account of `collection` signed in with its password, on a client of its own. */
type Account = { pb: PocketBase; id: string; email: string; collection: string };

let counter = 0;
async function signUp(locale: "en" | "fr" = "en"): Promise<Account> {
  const user = await verifiedUser(server, `totp-${++counter}@example.com`, { locale });
  return { ...user, collection: "users" };
}

async function newSuperuser(): Promise<Account> {
  const email = `totp-root-${++counter}@example.com`;
  await root
    .collection("_superusers")
    .create({ email, password: fixturePassword, passwordConfirm: fixturePassword });
  const pb = guest();
  await pb.collection("_superusers").authWithPassword(email, fixturePassword);
  await confirmIdentity(pb);
  return { pb, id: pb.authStore.record!.id, email, collection: "_superusers" };
}

function guest(url = server.url) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

const path = (account: Account, route: string) => `/api/collections/${account.collection}/${route}`;

const status = (account: Account) => account.pb.send<TotpStatus>(path(account, "totp"), {});
const setup = (account: Account) =>
  account.pb.send<TotpSetup>(path(account, "totp/setup"), { method: "POST" });
const confirm = (account: Account, body: Record<string, unknown>) =>
  account.pb.send<TotpRecoveryCodes>(path(account, "totp"), { method: "POST", body });
const turnOff = (account: Account, code: string) =>
  account.pb.send(path(account, "totp"), { method: "DELETE", body: { code } });
const renewCodes = (account: Account, code: string) =>
  account.pb.send<TotpRecoveryCodes>(path(account, "totp/recovery-codes"), {
    method: "POST",
    body: { code },
  });

/** Turns two-factor on for `account`: its secret and recovery codes. */
async function enrol(account: Account) {
  const { setupId, secret } = await setup(account);
  const { recoveryCodes } = await confirm(account, { setupId, code: freshCode(secret) });
  return { secret, recoveryCodes };
}

/** Two accounts with two-factor on. */
async function twoEnrolled() {
  const [alice, bob] = [await signUp(), await signUp()];
  return { alice, bob, aliceKeys: await enrol(alice), bobKeys: await enrol(bob) };
}

/** The mfaId of a right password: PocketBase's MFA 401. */
async function passwordStep(account: Account): Promise<string> {
  const error = await rejection(
    guest(account.pb.baseURL).collection(account.collection).authWithPassword(account.email, fixturePassword),
  );
  expect(error.status).toBe(401);
  expect(Object.keys(error.response)).toEqual(["mfaId"]);
  return error.response.mfaId as string;
}

type AuthAnswer = { token: string; record: Record<string, unknown> & { id: string } };

const codeStep = (account: Account, body: Record<string, unknown>, query: Record<string, string> = {}) =>
  guest(account.pb.baseURL).send<AuthAnswer>(path(account, "auth-with-totp"), {
    method: "POST",
    body,
    query,
  });

/** Both steps of a sign-in, the second with `code`. */
async function signIn(account: Account, code: string) {
  return codeStep(account, { mfaId: await passwordStep(account), code });
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

const storedRows = (recordId: string) =>
  server.app.store.all(`SELECT * FROM "_totp" WHERE "recordRef" = ?`, [recordId]);

describe("turning two-factor sign-in on", () => {
  it("shows a secret to scan, turns on with a code from it, and gives recovery codes", async () => {
    const user = await signUp();
    expect(await status(user)).toEqual({ enabled: false, created: "", recoveryCodesLeft: 0 });
    const { setupId, secret, uri } = await setup(user);
    expect(setupId).toMatch(/^\w{32}$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe("otpauth:");
    expect(parsed.host).toBe("totp");
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Lumen:${user.email}`);
    expect(parsed.searchParams.get("secret")).toBe(secret);
    expect(parsed.searchParams.get("issuer")).toBe("Lumen");
    // Nothing is on until a code is confirmed.
    expect((await status(user)).enabled).toBe(false);

    const { recoveryCodes } = await confirm(user, { setupId, code: freshCode(secret) });
    expect(recoveryCodes).toHaveLength(recoveryCodeCount);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(recoveryCodeCount);
    expect(await status(user)).toEqual({
      enabled: true,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      recoveryCodesLeft: recoveryCodeCount,
    });
    // Only hashes are kept.
    const [row] = storedRows(user.id);
    for (const code of recoveryCodes) expect(String(row!.recoveryCodes)).not.toContain(code);
    // Once on, a new setup is refused.
    expect((await rejection(setup(user))).response).toEqual({
      status: 400,
      message: "Two-factor sign-in is already on.",
      data: {},
    });
  });

  it("refuses a wrong code (the setup stays pending), and an unknown, expired or other account's setup", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const { setupId, secret } = await setup(alice);
    const wrong = await rejection(confirm(alice, { setupId, code: "000000" }));
    expect(wrong.response).toEqual({
      status: 400,
      message: "An error occurred while validating the submitted data.",
      data: { code: { code: invalidTotpCode, message: "Invalid or expired code." } },
    });
    const badSetup = {
      status: 400,
      message: "An error occurred while validating the submitted data.",
      data: { setupId: { code: invalidTotpSetup, message: "Invalid or expired setup." } },
    };
    expect((await rejection(confirm(bob, { setupId, code: freshCode(secret) }))).response).toEqual(badSetup);
    expect((await rejection(confirm(alice, { setupId: "nosuchsetup", code: "123456" }))).response).toEqual(
      badSetup,
    );
    const blank = await rejection(confirm(alice, { setupId: "", code: " " }));
    expect(blank.response.data).toEqual({
      setupId: expect.objectContaining({ code: "validation_required" }),
      code: expect.objectContaining({ code: "validation_required" }),
    });
    // The wrong code left it pending: the right one still turns it on.
    await confirm(alice, { setupId, code: freshCode(secret) });
    expect((await status(alice)).enabled).toBe(true);
    expect((await status(bob)).enabled).toBe(false);

    const late = await setup(bob);
    later(totpSetupSeconds + 1);
    await confirmIdentity(bob.pb); // the proof is older than that too
    expect(
      (await rejection(confirm(bob, { setupId: late.setupId, code: freshCode(late.secret) }))).response,
    ).toEqual(badSetup);
    expect((await status(bob)).enabled).toBe(false);
  });
});

describe("signing in with two-factor on", () => {
  it("answers a right password with PocketBase's MFA 401, then a code gives a working token marked mfa", async () => {
    const user = await signUp();
    const { secret } = await enrol(user);
    const error = await rejection(guest().collection("users").authWithPassword(user.email, fixturePassword));
    expect(error.status).toBe(401);
    expect(error.response).toEqual({ mfaId: expect.stringMatching(/^\w{32}$/) });
    // A wrong password still says nothing of a second step.
    const wrongPassword = await rejection(
      guest().collection("users").authWithPassword(user.email, "wrong password 1"),
    );
    expect(wrongPassword.response).toEqual({ status: 400, message: authFailed, data: {} });

    const auth = await codeStep(user, { mfaId: error.response.mfaId, code: freshCode(secret) });
    expect(Object.keys(auth).sort()).toEqual(["record", "token"]);
    expect(auth.record.id).toBe(user.id);
    expect(claims(auth.token)).toMatchObject({ type: "auth", refreshable: true, id: user.id, mfa: true });
    const pb = guest();
    pb.authStore.save(auth.token, auth.record as never);
    expect((await pb.collection("users").getOne(user.id)).email).toBe(user.email);
    // The same answer as auth-with-password: fields and expand apply.
    expect(await signIn(user, freshCode(secret)).then(() => "ok")).toBe("ok");
    const picked = await codeStep(
      user,
      { mfaId: await passwordStep(user), code: freshCode(secret) },
      { fields: "record.id" },
    );
    expect(picked).toEqual({ record: { id: user.id } });
  });

  it("accepts a code once, a step early or late, and no further off", async () => {
    const user = await signUp();
    const { secret } = await enrol(user);
    const code = freshCode(secret);
    await signIn(user, code);
    const replayed = await rejection(signIn(user, code));
    expect(replayed.response).toEqual({ status: 400, message: authFailed, data: {} });
    // Clocks drift: the next step's code is accepted now, then nothing earlier than it.
    later(totpPeriodSeconds);
    const now = Math.floor(Date.now() / 1000);
    const ahead = generateSync({ secret, epoch: now + totpPeriodSeconds });
    const tooFar = generateSync({ secret, epoch: now + 2 * totpPeriodSeconds });
    expect((await rejection(signIn(user, tooFar))).status).toBe(400);
    await signIn(user, ahead);
    const current = generateSync({ secret, epoch: now });
    expect((await rejection(signIn(user, current))).response.message).toBe(authFailed);
  });

  it("signs in once with each recovery code, and tells the owner how many are left", async () => {
    const user = await signUp();
    const { recoveryCodes } = await enrol(user);
    const [first, second] = recoveryCodes;
    // Typed in capitals without the dash, it still counts.
    expect((await signIn(user, first!.toUpperCase().replace("-", ""))).record.id).toBe(user.id);
    expect((await rejection(signIn(user, first!))).response).toEqual({
      status: 400,
      message: authFailed,
      data: {},
    });
    await signIn(user, second!);
    expect((await status(user)).recoveryCodesLeft).toBe(recoveryCodeCount - 2);
    vi.useRealTimers();
    const mail = await mailArrives(
      server.dataDir,
      user.email,
      /^A recovery code was used to sign in to your Lumen account$/,
    );
    expect(mail.text).toMatch(/You have (8|9) left\./);
    expect(mail.text).toContain("http://localhost:8090/account\n");
  });

  it("refuses an expired mfaId, another collection's, and lets no one use another account's code", async () => {
    const { alice, aliceKeys, bobKeys } = await twoEnrolled();
    const expired = await passwordStep(alice);
    later(mfaSeconds + 1);
    expect(
      (await rejection(codeStep(alice, { mfaId: expired, code: freshCode(aliceKeys.secret) }))).response,
    ).toEqual({ status: 400, message: mfaExpired, data: {} });
    // Alice's second step is Alice's: Bob's codes do not complete it.
    const aliceStep = await passwordStep(alice);
    const bobCode = freshCode(bobKeys.secret);
    expect((await rejection(codeStep(alice, { mfaId: aliceStep, code: bobCode }))).response.message).toBe(
      authFailed,
    );
    expect(
      (await rejection(codeStep(alice, { mfaId: aliceStep, code: bobKeys.recoveryCodes[0] }))).response
        .message,
    ).toBe(authFailed);
    // Nor does an mfaId of users open a session of _superusers.
    const onSuperusers = await rejection(
      guest().send("/api/collections/_superusers/auth-with-totp", {
        method: "POST",
        body: { mfaId: aliceStep, code: freshCode(aliceKeys.secret) },
      }),
    );
    expect(onSuperusers.response).toEqual({ status: 400, message: mfaExpired, data: {} });
    // A wrong code left the session open; once it succeeds, it is spent.
    const code = freshCode(aliceKeys.secret);
    expect((await codeStep(alice, { mfaId: aliceStep, code })).record.id).toBe(alice.id);
    expect(
      (await rejection(codeStep(alice, { mfaId: aliceStep, code: freshCode(aliceKeys.secret) }))).response,
    ).toEqual({ status: 400, message: mfaExpired, data: {} });
    expect(
      (await rejection(codeStep(alice, { mfaId: "nosuchsession", code: "123456" }))).response.message,
    ).toBe(mfaExpired);
  });

  it("ends the second step when the password changes in between", async () => {
    const user = await signUp();
    const { secret } = await enrol(user);
    const mfaId = await passwordStep(user);
    await user.pb.collection("users").update(user.id, {
      oldPassword: fixturePassword,
      password: "another password 1",
      passwordConfirm: "another password 1",
    });
    expect((await rejection(codeStep(user, { mfaId, code: freshCode(secret) }))).response.message).toBe(
      mfaExpired,
    );
  });

  it("throttles wrong codes per account, like passwords: 429 even for the right code, other accounts unaffected", async () => {
    const { alice, bob, aliceKeys, bobKeys } = await twoEnrolled();
    const mfaId = await passwordStep(alice);
    for (let i = 0; i < 5; i++) {
      expect((await rejection(codeStep(alice, { mfaId, code: "000000" }))).status).toBe(400);
    }
    // The clock stays within the window: the next step's code, right but refused.
    const code = generateSync({
      secret: aliceKeys.secret,
      epoch: Math.floor(Date.now() / 1000) + totpPeriodSeconds,
    });
    const throttled = await rejection(codeStep(alice, { mfaId, code }));
    expect(throttled.response).toEqual({ status: 429, message: "Too Many Requests.", data: {} });
    // Turning it off or renewing the codes counts against the same account.
    expect((await rejection(turnOff(alice, code))).status).toBe(429);
    expect((await rejection(renewCodes(alice, code))).status).toBe(429);
    expect((await signIn(bob, freshCode(bobKeys.secret))).record.id).toBe(bob.id);
    // The window passes: the right code works again.
    later(61);
    expect(
      (await codeStep(alice, { mfaId: await passwordStep(alice), code: freshCode(aliceKeys.secret) })).record
        .id,
    ).toBe(alice.id);
  });

  it("changes nothing for accounts without two-factor", async () => {
    const user = await signUp();
    const auth = await guest().collection("users").authWithPassword(user.email, fixturePassword);
    expect(auth.record.id).toBe(user.id);
    expect(claims(auth.token).mfa).toBeUndefined();
    const noSession = await rejection(codeStep(user, { mfaId: "x".repeat(32), code: "123456" }));
    expect(noSession.response.message).toBe(mfaExpired);
  });

  it("checks the collection's authRule before asking for a code, as PocketBase does", async () => {
    const user = await signUp();
    await enrol(user);
    const { store } = server.app;
    const authRule = store.findCollection("users")!.authRule;
    // A rule this user fails (their address is verified, as two-factor asks).
    store.importCollections([{ id: "_pb_users_auth_", authRule: "email = 'nobody@example.com'" }], false);
    try {
      const error = await rejection(
        guest().collection("users").authWithPassword(user.email, fixturePassword),
      );
      expect(error.response).toEqual({
        status: 403,
        message: "The request doesn't satisfy the collection requirements to authenticate.",
        data: {},
      });
    } finally {
      store.importCollections([{ id: "_pb_users_auth_", authRule }], false);
    }
  });
});

describe("turning it off and renewing recovery codes", () => {
  it("turns off with a current code or a recovery code, never without one", async () => {
    const user = await signUp();
    const { secret, recoveryCodes } = await enrol(user);
    const refused = await rejection(turnOff(user, "000000"));
    expect(refused.response).toEqual({
      status: 400,
      message: "An error occurred while validating the submitted data.",
      data: { code: { code: invalidTotpCode, message: "Invalid or expired code." } },
    });
    expect((await rejection(turnOff(user, ""))).response.data).toEqual({
      code: expect.objectContaining({ code: "validation_required" }),
    });
    expect((await status(user)).enabled).toBe(true);
    await turnOff(user, recoveryCodes[3]!);
    expect(await status(user)).toEqual({ enabled: false, created: "", recoveryCodesLeft: 0 });
    expect(storedRows(user.id)).toEqual([]);
    // Off: the password alone signs in again, and off again is refused.
    expect((await guest().collection("users").authWithPassword(user.email, fixturePassword)).record.id).toBe(
      user.id,
    );
    expect((await rejection(turnOff(user, freshCode(secret)))).response).toEqual({
      status: 400,
      message: "Two-factor sign-in is not on.",
      data: {},
    });
    // And on again with a new secret, off with a code from the app.
    const again = await enrol(user);
    expect(again.secret).not.toBe(secret);
    await turnOff(user, freshCode(again.secret));
    expect((await status(user)).enabled).toBe(false);
  });

  it("renews the recovery codes with a code: the old ones stop working", async () => {
    const user = await signUp();
    const { secret, recoveryCodes } = await enrol(user);
    // A recovery code with its last letter changed (to another letter of the codes' alphabet).
    const wrong = recoveryCodes[0]!.replace(/.$/, (last) => (last === "x" ? "y" : "x"));
    expect((await rejection(renewCodes(user, wrong))).response.data).toEqual({
      code: expect.objectContaining({ code: invalidTotpCode }),
    });
    // A recovery code may renew them too (it is spent).
    await signIn(user, recoveryCodes[1]!);
    const renewed = await renewCodes(user, freshCode(secret));
    expect(renewed.recoveryCodes).toHaveLength(recoveryCodeCount);
    expect(renewed.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await status(user)).recoveryCodesLeft).toBe(recoveryCodeCount);
    expect((await rejection(signIn(user, recoveryCodes[2]!))).response.message).toBe(authFailed);
    expect((await signIn(user, renewed.recoveryCodes[0]!)).record.id).toBe(user.id);
  });

  it("mails the owner at each change, in their language", async () => {
    const en = await signUp("en");
    const fr = await signUp("fr");
    for (const user of [en, fr]) {
      const { secret } = await enrol(user);
      await renewCodes(user, freshCode(secret));
      await turnOff(user, freshCode(secret));
    }
    vi.useRealTimers();
    const on = await mailArrives(
      server.dataDir,
      en.email,
      /^Two-factor sign-in was turned on for your Lumen account$/,
    );
    expect(on.text).toContain("write to us on our community page");
    expect(on.text).toContain("http://localhost:8090/discord\n");
    await mailArrives(server.dataDir, en.email, /^New recovery codes were made for your Lumen account$/);
    const off = await mailArrives(
      server.dataDir,
      en.email,
      /^Two-factor sign-in was turned off for your Lumen account$/,
    );
    expect(off.text).toContain("http://localhost:8090/account\n");
    const onFr = await mailArrives(
      server.dataDir,
      fr.email,
      /^La connexion en deux étapes a été activée sur votre compte Lumen$/,
    );
    expect(onFr.text).toContain("http://localhost:8090/fr/discord\n");
    await mailArrives(
      server.dataDir,
      fr.email,
      /^De nouveaux codes de secours ont été créés pour votre compte Lumen$/,
    );
    await mailArrives(
      server.dataDir,
      fr.email,
      /^La connexion en deux étapes a été désactivée sur votre compte Lumen$/,
    );
    const used = await signUp("fr");
    const { recoveryCodes } = await enrol(used);
    await signIn(used, recoveryCodes[0]!);
    vi.useRealTimers();
    const usedMail = await mailArrives(
      server.dataDir,
      used.email,
      /^Un code de secours a servi à vous connecter à votre compte Lumen$/,
    );
    expect(usedMail.text).toContain(`Il vous en reste ${recoveryCodeCount - 1}.`);
  });
});

describe("who may use the two-factor endpoints", () => {
  it("lets superusers turn it on for themselves and sign in with a code", async () => {
    const admin = await newSuperuser();
    const { secret } = await enrol(admin);
    const auth = await signIn(admin, freshCode(secret));
    expect(auth.record.id).toBe(admin.id);
    expect(claims(auth.token)).toMatchObject({ mfa: true, collectionId: "pbc_3142635823" });
    const pb = guest();
    pb.authStore.save(auth.token, auth.record as never);
    expect((await pb.collection("users").getList(1, 1)).page).toBe(1);
    // Their emails are in English and lead to the dashboard.
    vi.useRealTimers();
    const mail = await mailArrives(
      server.dataDir,
      admin.email,
      /^Two-factor sign-in was turned on for your Lumen account$/,
    );
    expect(mail.text).toContain("http://localhost:8090/_/\n");
  });

  it("asks for a session of the collection: 401 for a guest, 403 for another collection's", async () => {
    const user = await signUp();
    const calls: [string, string][] = [
      ["GET", "totp"],
      ["POST", "totp/setup"],
      ["POST", "totp"],
      ["DELETE", "totp"],
      ["POST", "totp/recovery-codes"],
    ];
    const options = (method: string) => (method === "GET" ? {} : { method, body: {} });
    for (const [method, route] of calls) {
      expect((await rejection(guest().send(path(user, route), options(method)))).response).toEqual({
        status: 401,
        message: "The request requires valid record authorization token.",
        data: {},
      });
      // A superuser's token is not a user's: no one manages another's two-factor sign-in here.
      expect((await rejection(root.send(path(user, route), options(method)))).status).toBe(403);
      expect(
        (await rejection(user.pb.send(`/api/collections/_superusers/${route}`, options(method)))).status,
      ).toBe(403);
    }
  });

  it("refuses a base collection (403) and an unknown one (404)", async () => {
    const user = await signUp();
    const refused = {
      status: 403,
      message: "The collection is not configured to allow two-factor authentication.",
      data: {},
    };
    for (const [method, route] of [
      ["GET", "totp"],
      ["POST", "totp/setup"],
      ["POST", "auth-with-totp"],
    ]) {
      const options = method === "GET" ? {} : { method, body: {} };
      expect((await rejection(user.pb.send(`/api/collections/stremio/${route}`, options))).response).toEqual(
        refused,
      );
      expect((await rejection(user.pb.send(`/api/collections/nope/${route}`, options))).status).toBe(404);
    }
  });

  it("deletes the two-factor row with its record", async () => {
    const user = await signUp();
    await enrol(user);
    expect(storedRows(user.id)).toHaveLength(1);
    await root.collection("users").delete(user.id);
    expect(storedRows(user.id)).toEqual([]);
  });

  it("keeps two-factor in backups: a restore brings it back", { timeout: 60_000 }, async () => {
    const user = await signUp();
    const { secret } = await enrol(user);
    vi.useRealTimers();
    await root.backups.create("totp.zip");
    const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 10 * totpPeriodSeconds });
    later(10 * totpPeriodSeconds);
    await turnOff(user, code);
    vi.useRealTimers();
    await root.backups.restore("totp.zip");
    await root.collection("_superusers").authWithPassword("root@example.com", "a root password 1");
    expect((await passwordStep(user)).length).toBe(32);
    // The same key opens the restored secret: the app's codes sign in (past the step used to turn it on).
    later(2 * totpPeriodSeconds);
    expect((await signIn(user, freshCode(secret))).record.id).toBe(user.id);
  });
});

describe("two-factor secrets at rest", () => {
  /** Whether `text` is anywhere in the files `files` (the database, its WAL, an archive). */
  const foundIn = (text: string, ...files: string[]) =>
    files.some((file) => {
      try {
        return readFileSync(file).includes(text);
      } catch {
        return false;
      }
    });
  const databaseFiles = (dataDir: string) => ["data.db", "data.db-wal"].map((f) => join(dataDir, f));

  it("are sealed: neither data.db nor a backup holds a secret or its key, and codes still sign in", async () => {
    const user = await signUp();
    const { secret, recoveryCodes } = await enrol(user);
    expect((await signIn(user, freshCode(secret))).record.id).toBe(user.id);
    vi.useRealTimers();
    const [row] = storedRows(user.id);
    expect(String(row!.secret)).not.toContain(secret);
    expect(foundIn(secret, ...databaseFiles(server.dataDir))).toBe(false);
    await root.backups.create("sealed.zip");
    const archive = join(server.dataDir, "backups", "sealed.zip");
    const key = readFileSync(join(server.dataDir, "totp.key"), "utf8").trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(foundIn(secret, archive)).toBe(false);
    expect(foundIn(key, archive)).toBe(false);
    for (const code of recoveryCodes)
      expect(foundIn(code, archive, ...databaseFiles(server.dataDir))).toBe(false);
  });

  /**
   * Runs `steps` with servers over one data folder of its own, one at a time: `start` stops the
   * running one first. All are stopped and the folder removed at the end.
   */
  async function overOneFolder(
    steps: (start: (options?: Partial<AppOptions>) => Promise<TestServer>, dataDir: string) => Promise<void>,
  ) {
    const dataDir = mkdtempSync(join(tmpdir(), "pb-totp-"));
    let running: TestServer | undefined;
    const start = async (options: Partial<AppOptions> = {}) => {
      await running?.close();
      running = undefined;
      running = await startServer({ ...options, dataDir });
      return running;
    };
    try {
      await steps(start, dataDir);
    } finally {
      vi.useRealTimers();
      await running?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("seals a secret written in clear before, at the next start, and it keeps signing in", async () => {
    await overOneFolder(async (start, dataDir) => {
      const first = await start();
      const made = await verifiedUser(first, "clear-secret@example.com");
      const user: Account = { ...made, collection: "users" };
      const { secret } = await enrol(user);
      // A row as written before secrets were sealed: the base32 secret itself.
      first.app.store.run(`UPDATE "_totp" SET "secret" = ? WHERE "recordRef" = ?`, [secret, user.id]);
      expect((await signIn(user, freshCode(secret))).record.id).toBe(user.id);
      vi.useRealTimers();
      const restarted = await start();
      const [row] = restarted.app.store.all(`SELECT * FROM "_totp" WHERE "recordRef" = ?`, [user.id]);
      expect(String(row!.secret)).not.toContain(secret);
      expect(foundIn(secret, ...databaseFiles(dataDir))).toBe(false);
      // Past the steps already used (the clock went back to the real time).
      later(2 * totpPeriodSeconds);
      const again = { ...user, pb: guest(restarted.url) };
      expect((await signIn(again, freshCode(secret))).record.id).toBe(user.id);
    });
  });

  it(
    "restored where another key is set: the app's codes fail, recovery codes still sign in, the log says why; the right key opens them",
    { timeout: 60_000 },
    async () => {
      const user = await signUp();
      const { secret, recoveryCodes } = await enrol(user);
      vi.useRealTimers();
      await root.backups.create("moved.zip");
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        await overOneFolder(async (start, dataDir) => {
          const other = await start({ totpEncryptionKey: "ab".repeat(32) });
          await runSuperuserCommand(dataDir, ["upsert", "root@example.com", fixturePassword]);
          const otherRoot = guest(other.url);
          await otherRoot.collection("_superusers").authWithPassword("root@example.com", fixturePassword);
          mkdirSync(join(dataDir, "backups"), { recursive: true });
          copyFileSync(join(server.dataDir, "backups", "moved.zip"), join(dataDir, "backups", "moved.zip"));
          await otherRoot.backups.restore("moved.zip");
          expect(errors.mock.calls.flat().join("\n")).toMatch(
            /\d+ of \d+ two-factor secret\(s\) checked do not open with this server's key \(TOTP_ENCRYPTION_KEY/,
          );
          const moved = { ...user, pb: guest(other.url) };
          // Never a 500: the app's code is refused as a wrong one, a recovery code gets in.
          later(totpPeriodSeconds);
          expect((await rejection(signIn(moved, freshCode(secret)))).response).toEqual({
            status: 400,
            message: authFailed,
            data: {},
          });
          expect((await signIn(moved, recoveryCodes[0]!)).record.id).toBe(user.id);
          vi.useRealTimers();
          // Started again with the key of the server that made the backup, the app's codes work.
          const key = readFileSync(join(server.dataDir, "totp.key"), "utf8").trim();
          const again = await start({ totpEncryptionKey: key });
          later(2 * totpPeriodSeconds);
          const withKey = { ...user, pb: guest(again.url) };
          expect((await signIn(withKey, freshCode(secret))).record.id).toBe(user.id);
        });
      } finally {
        errors.mockRestore();
      }
    },
  );
});

describe("backing off wrong codes", () => {
  const minutes = 60;
  /** A wrong code at the second step: its status (400 counted, 429 refused). */
  const wrongCode = async (account: Account) => (await rejection(signIn(account, "000000"))).status;
  /** The right code at the second step: 200, or the refusal's status. */
  const rightCode = (account: Account, secret: string) =>
    signIn(account, freshCode(secret)).then(
      () => 200,
      (error: { status: number }) => error.status,
    );
  /** `count` wrong codes, 5 a minute: each one counted (400). */
  async function wrongCodes(account: Account, count: number) {
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % 5 === 0) later(61);
      expect(await wrongCode(account)).toBe(400);
    }
  }

  it("locks for longer after each wrong code from the 10th, 429 even for the right code, other accounts unaffected; a new password ends it", async () => {
    const { alice, bob, aliceKeys, bobKeys } = await twoEnrolled();
    await wrongCodes(alice, 10);
    // The minute is over, but the 10th wrong code locked the account for 15 minutes.
    later(61);
    const locked = await rejection(signIn(alice, freshCode(aliceKeys.secret)));
    expect(locked.response).toEqual({ status: 429, message: "Too Many Requests.", data: {} });
    expect(await rightCode(bob, bobKeys.secret)).toBe(200);
    later(15 * minutes);
    expect(await wrongCode(alice)).toBe(400);
    // The 11th locks for 30 minutes: 16 are not enough.
    later(16 * minutes);
    expect(await rightCode(alice, aliceKeys.secret)).toBe(429);
    later(15 * minutes);
    expect(await wrongCode(alice)).toBe(400);
    // The 12th: an hour.
    later(31 * minutes);
    expect(await rightCode(alice, aliceKeys.secret)).toBe(429);
    expect((await rejection(turnOff(alice, freshCode(aliceKeys.secret)))).status).toBe(429);
    expect((await rejection(signIn(alice, aliceKeys.recoveryCodes[0]!))).status).toBe(429);
    // The owner changes the password (by a reset link, or here while still signed in): the lock is gone.
    const newPassword = "a new password 1";
    await alice.pb.collection("users").update(alice.id, {
      oldPassword: fixturePassword,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    const step = await rejection(guest().collection("users").authWithPassword(alice.email, newPassword));
    const auth = await codeStep(alice, { mfaId: step.response.mfaId, code: freshCode(aliceKeys.secret) });
    expect(auth.record.id).toBe(alice.id);
  });

  it("forgets wrong codes after a right one, and after a day without any", async () => {
    const user = await signUp();
    const { secret } = await enrol(user);
    await wrongCodes(user, 9);
    later(61);
    expect(await rightCode(user, secret)).toBe(200);
    await wrongCodes(user, 9);
    later(24 * 60 * minutes);
    await wrongCodes(user, 9);
    later(61);
    expect(await rightCode(user, secret)).toBe(200);
  });

  it("mails the owner once at the 10th wrong code, in their language", { timeout: 30_000 }, async () => {
    const en = await signUp("en");
    const fr = await signUp("fr");
    const enKeys = await enrol(en);
    await enrol(fr);
    await wrongCodes(en, 10);
    await wrongCodes(fr, 10);
    // A right code after the lock starts the count again: ten more wrong codes the same day mail nothing.
    later(16 * minutes);
    expect(await rightCode(en, enKeys.secret)).toBe(200);
    later(61);
    await wrongCodes(en, 10);
    vi.useRealTimers();
    const mail = await mailArrives(
      server.dataDir,
      en.email,
      /^Wrong two-factor codes were entered on your Lumen account$/,
    );
    expect(mail.text).toContain("10 wrong two-factor codes were entered on your Lumen account");
    expect(mail.text).toContain("whoever entered them knows your password");
    expect(mail.text).toContain("change your password right away");
    expect(mail.text).toContain("http://localhost:8090/forgot-password\n");
    const frMail = await mailArrives(
      server.dataDir,
      fr.email,
      /^Des codes erronés ont été saisis sur votre compte Lumen$/,
    );
    expect(frMail.text).toContain("connaît votre mot de passe");
    expect(frMail.text).toContain("http://localhost:8090/fr/forgot-password\n");
    await server.app.mailer.idle();
    const warnings = mailsTo(server.dataDir, en.email).filter((m) =>
      m.subject.startsWith("Wrong two-factor"),
    );
    expect(warnings).toHaveLength(1);
  });
});

describe("with SUPERUSER_SECOND_FACTOR=required", () => {
  it("lets a superuser without a second factor turn it on with the password's token, then asks for codes", async () => {
    const strict = await startServer({ superuserSecondFactor: "required" });
    try {
      const email = "strict-root@example.com";
      await runSuperuserCommand(strict.dataDir, ["upsert", email, fixturePassword]);
      const pb = guest(strict.url);
      await pb.collection("_superusers").authWithPassword(email, fixturePassword);
      const admin: Account = { pb, id: pb.authStore.record!.id, email, collection: "_superusers" };
      const refused = { status: 403, message: secondFactorRequiredMessage, data: {} };
      // The password's token has no superuser powers, but may turn two-factor on, once, after
      // confirming it is them with the password again.
      expect((await rejection(pb.collection("users").getList(1, 1))).response).toEqual(refused);
      await confirmIdentity(pb);
      expect((await rejection(pb.collection("users").getList(1, 1))).response).toEqual(refused);
      const { secret } = await enrol(admin);
      expect((await rejection(status(admin))).response).toEqual(refused);
      // From now on: the password, then a code, and the token has every power.
      const auth = await signIn(admin, freshCode(secret));
      const signedIn = guest(strict.url);
      signedIn.authStore.save(auth.token, auth.record as never);
      expect((await signedIn.collection("users").getList(1, 1)).page).toBe(1);
      expect((await status({ ...admin, pb: signedIn })).enabled).toBe(true);
    } finally {
      vi.useRealTimers();
      await strict.close();
    }
  });
});
