import { generateSync } from "otplib";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PasskeyRegistrationOptions, PasskeySignInOptions } from "#shared/passkeys.ts";
import { verifyEmailFirstMessage } from "#shared/two-factor.ts";
import { insertPasskey } from "../core/passkeys.ts";
import { enableTotp, loadTotpKey, newRecoveryCodes, newTotpSecret } from "../core/totp.ts";
import {
  createPasskey,
  type SoftwareCredential,
  storedPublicKey,
  usePasskey,
} from "../testing/authenticator.ts";
import { mailArrives } from "../testing/outbox.ts";
import { confirmIdentity, rejection, type SignedUpUser, signedUpUser } from "../testing/sdk.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";

// An account made with someone else's address, before its owner proves the address is theirs: it
// gets no second factor (a passkey, an authenticator app) that would outlive the owner's password
// reset, and one it holds from before that rule is removed by that reset, the owner told. Against
// the real server over a real port with the official SDK and a software authenticator.

const base = "/api/collections/users";
const newPassword = "the owner's new password";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const guest = () => {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  return pb;
};

let counter = 0;
/** Someone signing up with `owner-N@example.com`, an address they cannot read. */
const squat = (locale: "en" | "fr" = "en") =>
  signedUpUser(server.url, `owner-${++counter}@example.com`, { locale, name: "Squatter" });

const stored = (table: "_passkeys" | "_totp", recordId: string) =>
  server.app.store.all(`SELECT * FROM "${table}" WHERE "recordRef" = ?`, [recordId]);

/** The token of the link a mail to `email` carries (`subject`: which mail). */
const tokenOfMail = async (email: string, subject: RegExp) =>
  (await mailArrives(server.dataDir, email, subject)).token;

/** Signs in with `credential` through a fresh challenge. */
async function passkeySignIn(credential: SoftwareCredential) {
  const { challengeId, options } = await guest().send<PasskeySignInOptions>(
    `${base}/auth-with-passkey/options`,
    { method: "POST" },
  );
  return guest().send<{ token: string }>(`${base}/auth-with-passkey`, {
    method: "POST",
    body: { challengeId, response: usePasskey(credential, options) },
  });
}

/**
 * A passkey and two-factor on `user`'s account, written as the server did before an unverified
 * address was refused them. Resolves the passkey.
 */
function factorsFromBefore(user: SignedUpUser, passkeyName: string): SoftwareCredential {
  const users = server.app.store.findCollection("users")!;
  const { credential } = createPasskey({
    rp: { id: "localhost", name: "Lumen" },
    user: { id: Buffer.from(user.id).toString("base64url"), name: user.email, displayName: user.email },
    challenge: "unused",
    pubKeyCredParams: [{ alg: -7, type: "public-key" }],
  });
  insertPasskey(server.app.store, {
    collectionRef: users.id,
    recordRef: user.id,
    credentialId: credential.id,
    publicKey: storedPublicKey(credential),
    counter: 0,
    transports: ["internal"],
    name: passkeyName,
  });
  const owner = { collectionId: users.id, recordId: user.id };
  enableTotp(
    server.app.store,
    loadTotpKey(server.dataDir),
    owner,
    newTotpSecret(),
    0,
    newRecoveryCodes().hashes,
  );
  return credential;
}

/** The address's owner resets the password with the emailed link. */
async function ownerResets(email: string, subject: RegExp) {
  await guest().collection("users").requestPasswordReset(email);
  const token = await tokenOfMail(email, subject);
  await guest().collection("users").confirmPasswordReset(token, newPassword, newPassword);
}

describe("a second factor on an account whose address is not verified", () => {
  it("cannot be added: both passkey steps and both two-factor steps answer 403 until the address is verified", async () => {
    const squatter = await squat();
    // Confirming it is them with the password changes nothing: the address comes first.
    await confirmIdentity(squatter.pb);
    const refusals = await Promise.all([
      rejection(squatter.pb.send(`${base}/passkeys/registration-options`, { method: "POST" })),
      rejection(
        squatter.pb.send(`${base}/passkeys`, {
          method: "POST",
          body: { challengeId: "x", name: "Squatter's key", response: {} },
        }),
      ),
      rejection(squatter.pb.send(`${base}/totp/setup`, { method: "POST" })),
      rejection(squatter.pb.send(`${base}/totp`, { method: "POST", body: { setupId: "x", code: "123456" } })),
      rejection(squatter.pb.send(`${base}/passkeys/x`, { method: "DELETE" })),
    ]);
    for (const error of refusals) {
      expect(error.status).toBe(403);
      expect(error.response).toEqual({ status: 403, message: verifyEmailFirstMessage, data: {} });
    }
    expect(stored("_passkeys", squatter.id)).toEqual([]);
    expect(stored("_totp", squatter.id)).toEqual([]);

    // Once the address is verified (its emailed link), the same session may add both.
    await squatter.pb.collection("users").requestVerification(squatter.email);
    await guest()
      .collection("users")
      .confirmVerification(await tokenOfMail(squatter.email, /^Verify your Lumen email$/));
    await confirmIdentity(squatter.pb);
    const { challengeId, options } = await squatter.pb.send<PasskeyRegistrationOptions>(
      `${base}/passkeys/registration-options`,
      { method: "POST" },
    );
    const { response } = createPasskey(options);
    await squatter.pb.send(`${base}/passkeys`, {
      method: "POST",
      body: { challengeId, name: "My key", response },
    });
    const setup = await squatter.pb.send<{ setupId: string; secret: string }>(`${base}/totp/setup`, {
      method: "POST",
    });
    const code = generateSync({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    await squatter.pb.send(`${base}/totp`, { method: "POST", body: { setupId: setup.setupId, code } });
    expect(stored("_passkeys", squatter.id)).toHaveLength(1);
    expect(stored("_totp", squatter.id)).toHaveLength(1);
  });

  it("is removed by the owner's password reset: the passkey no longer signs in, the password needs no code, the email lists them", async () => {
    const squatter = await squat();
    const credential = factorsFromBefore(squatter, "Squatter's key");
    expect((await passkeySignIn(credential)).token).toBeTruthy();

    await ownerResets(squatter.email, /^Reset your Lumen password$/);

    // The owner signs in with the password alone (no `401 { mfaId }`), the address now verified.
    const owner = await guest().collection("users").authWithPassword(squatter.email, newPassword);
    expect(owner.record.verified).toBe(true);
    const refused = await rejection(passkeySignIn(credential));
    expect(refused.status).toBe(400);
    expect(stored("_passkeys", squatter.id)).toEqual([]);
    expect(stored("_totp", squatter.id)).toEqual([]);

    const mail = await mailArrives(server.dataDir, squatter.email, /^Your Lumen password was changed$/);
    expect(mail.text).toContain(
      `The address of this account had not been confirmed yet, so the ways to sign in added to it were removed (the passkey "Squatter's key" and two-factor sign-in and its recovery codes). If they were yours, add them again from your account.`,
    );
  });

  it("is listed in French to a French-speaking owner", async () => {
    const squatter = await squat("fr");
    factorsFromBefore(squatter, "Clé du squatteur");
    await ownerResets(squatter.email, /^Réinitialisez votre mot de passe Lumen$/);
    const mail = await mailArrives(
      server.dataDir,
      squatter.email,
      /^Votre mot de passe Lumen a été modifié$/,
    );
    expect(mail.text).toContain(
      "L’adresse de ce compte n’avait pas encore été confirmée\u00a0: les moyens de connexion qui y avaient été ajoutés ont donc été retirés (la clé d’accès «\u00a0Clé du squatteur\u00a0» et la connexion en deux étapes et ses codes de secours).",
    );
  });

  it("stays when the address was verified before the reset, and the email names nothing removed", async () => {
    const user = await squat();
    const users = server.app.store.findCollection("users")!;
    server.app.store.update(users, user.id, { verified: true });
    const credential = factorsFromBefore(user, "My key");

    await ownerResets(user.email, /^Reset your Lumen password$/);

    expect((await passkeySignIn(credential)).token).toBeTruthy();
    expect(stored("_totp", user.id)).toHaveLength(1);
    const mfa = await rejection(guest().collection("users").authWithPassword(user.email, newPassword));
    expect(mfa.status).toBe(401);
    const mail = await mailArrives(server.dataDir, user.email, /^Your Lumen password was changed$/);
    expect(mail.text).not.toContain("removed");
  });
});
