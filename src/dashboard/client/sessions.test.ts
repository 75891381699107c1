import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runSuperuserCommand } from "#server/cli.ts";
import { startServer, type TestServer } from "#server/testing/start-server.ts";
import { needsIdentityConfirmation } from "#src/auth/action-error.ts";
import {
  checkSuperuser,
  createSuperuserClient,
  holdsSecondFactor,
  ownIdentityActions,
  ownTwoFactorActions,
  signInSuperuser,
  signInSuperuserWithCode,
} from "./sessions.ts";
import { changeOwnPassword, listSuperusers } from "./superusers.ts";

// The dashboard's superuser session against the real server with SUPERUSER_SECOND_FACTOR=required,
// through the official SDK: what a password session is told, what it may still do, and a sign-in
// with the password and a code from the authenticator app.

let server: TestServer;
const email = "root@example.com";
const password = "a root password 1";

/** The app's code for `secret`, `stepsAhead` time steps from now (each code is accepted once). */
const appCode = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

beforeAll(async () => {
  // Refusals are logged as warnings for whoever debugs; the test reads the results instead.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  server = await startServer({ superuserSecondFactor: "required" });
  await runSuperuserCommand(server.dataDir, ["upsert", email, password]);
});
afterAll(async () => {
  await server.close();
  vi.restoreAllMocks();
});

describe("a server that requires a second factor of superusers", () => {
  it("refuses a password session, which is kept to add the first factor, then needs the code", async () => {
    const refused = vi.fn();
    const pb = createSuperuserClient(server.url, refused);
    const signIn = await signInSuperuser(pb, email, password);
    expect(signIn.success && signIn.data.superuser?.email).toBe(email);

    // Every page's request is refused, and the client says so; the session stays.
    const list = await listSuperusers(pb);
    expect(list.success ? null : list.error.status).toBe(403);
    expect(refused).toHaveBeenCalled();
    const check = await checkSuperuser(pb);
    expect(check.success && check.data).toMatchObject({
      status: "second-factor-required",
      superuser: { email },
    });
    expect(pb.authStore.isValid).toBe(true);

    // No factor yet: that session, once it confirmed it is them with the password, turns on the
    // authenticator app, and then holds one.
    expect(await holdsSecondFactor(pb)).toEqual({ success: true, data: false });
    const twoFactor = ownTwoFactorActions(pb);
    const unconfirmed = await twoFactor.setup();
    expect(!unconfirmed.success && needsIdentityConfirmation(unconfirmed.error)).toBe(true);
    const identity = ownIdentityActions(pb);
    expect(await identity.twoFactorOn()).toBe(false);
    expect((await identity.confirm({ password: "not it at all" })).success).toBe(false);
    expect((await identity.confirm({ password })).success).toBe(true);
    const setup = await twoFactor.setup();
    if (!setup.success) throw new Error(`setup refused: ${setup.error.status}`);
    const { secret } = setup.data;
    const codes = await twoFactor.confirm(setup.data.setupId, appCode(secret));
    expect(codes.success && codes.data).toHaveLength(10);
    expect(await holdsSecondFactor(pb)).toEqual({ success: true, data: true });

    // Signed in again: the password asks for the code, and that session has every power.
    const again = createSuperuserClient(server.url);
    const step = await signInSuperuser(again, email, password);
    if (!step.success || !step.data.mfaId) throw new Error("no code step");
    const withCode = await signInSuperuserWithCode(again, step.data.mfaId, appCode(secret, 1));
    expect(withCode.success && withCode.data.email).toBe(email);
    expect((await checkSuperuser(again)).success).toBe(true);
    expect((await listSuperusers(again)).success).toBe(true);

    // Its own password: a wrong current one leaves the session as it was (checked on a client of
    // its own); the right one changes it, and signing in again needs a code (`null`).
    const superuser = withCode.success ? withCode.data : null;
    const values = { password: "a new root password 2", passwordConfirm: "a new root password 2" };
    const wrong = await changeOwnPassword(again, superuser!, { ...values, oldPassword: "not it at all" });
    expect(wrong.success ? null : Object.keys(wrong.error.fieldErrors)).toEqual(["oldPassword"]);
    expect((await listSuperusers(again)).success).toBe(true);
    expect(await changeOwnPassword(again, superuser!, { ...values, oldPassword: password })).toEqual({
      success: true,
      data: null,
    });
  });
});
