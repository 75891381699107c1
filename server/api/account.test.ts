import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePassword as password } from "../testing/fixtures.ts";
import { mailArrives, mailsTo } from "../testing/outbox.ts";
import { rejection, signedUpUser } from "../testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "../testing/start-server.ts";

// A user's own account, against the real server over a real port with the official SDK: the data
// download, the deletion, and the security emails that tell the owner what changed.

describe("a user's own account", () => {
  let server: TestServer;
  let root: PocketBase;

  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  async function signUp(email: string, locale: "en" | "fr" = "en") {
    const stremio = { email: "camille@lumen.stream", password: "stremio-secret-1" };
    const fields = { name: "Camille", newsletter: true, affiliate_code: "AFF-7Q2K9D4M", locale };
    return await signedUpUser(server.url, email, fields, stremio);
  }

  it("downloads everything stored about the user as a JSON file, and no secret", async () => {
    const user = await signUp("export@example.com");
    const response = await fetch(`${server.url}/api/account/export`, {
      headers: { Authorization: user.pb.authStore.token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lumen-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({
      id: user.id,
      email: "export@example.com",
      name: "Camille",
      plan: "free",
      newsletter: true,
      affiliate_code: "AFF-7Q2K9D4M",
      stremio_username: "camille@lumen.stream",
      locale: "en",
    });
    expect(data.account.trial_ends).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(data.stremio).toEqual([
      expect.objectContaining({ email: "camille@lumen.stream", field: "inactive" }),
    ]);
    expect(data.subscription).toBeNull();
    for (const secret of ["password", "tokenKey", "stremio-secret-1", "$2"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("exports only for a signed-in user: 401 for a guest, 403 for a superuser", async () => {
    const guest = await rejection(new PocketBase(server.url).send("/api/account/export", {}));
    expect(guest.status).toBe(401);
    const superuser = await rejection(root.send("/api/account/export", {}));
    expect(superuser.status).toBe(403);
  });

  it("deletes the account after the password, with its Stremio record and sessions, and says goodbye", async () => {
    const user = await signUp("leave@example.com", "fr");
    const other = await signUp("stay@example.com");
    const token = user.pb.authStore.token;

    const missing = await rejection(user.pb.send("/api/account/delete", { method: "POST", body: {} }));
    expect(missing.status).toBe(400);
    expect(missing.response.data).toMatchObject({ password: { code: "validation_required" } });
    const wrong = await rejection(
      user.pb.send("/api/account/delete", { method: "POST", body: { password: "not it at all" } }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.response.data).toMatchObject({ password: { code: "validation_invalid_password" } });
    expect((await root.collection("users").getOne(user.id)).email).toBe("leave@example.com");

    await user.pb.send("/api/account/delete", { method: "POST", body: { password } });
    expect((await rejection(root.collection("users").getOne(user.id))).status).toBe(404);
    expect(await root.collection("stremio").getFullList({ filter: `user = "${user.id}"` })).toEqual([]);
    // The old token opens nothing any more.
    const stale = new PocketBase(server.url);
    stale.authStore.save(token);
    expect((await rejection(stale.collection("users").getOne(user.id))).status).toBe(404);
    expect((await rejection(stale.send("/api/account/export", {}))).status).toBe(401);
    // Nobody else's account moved.
    expect((await other.pb.collection("users").getOne(other.id)).email).toBe("stay@example.com");

    const goodbye = await mailArrives(server.dataDir, user.email, /Votre compte Lumen est supprimé/);
    expect(goodbye.text).toContain("vos identifiants Stremio sont supprimés");
    expect(goodbye.text).not.toContain("abonnement");
    expect(goodbye.text).toContain("http://localhost:8090/fr\n");
  });

  it("mails the owner when the password changes, with no token and no sign-in link", async () => {
    const user = await signUp("pw@example.com");
    await user.pb.collection("users").update(user.id, {
      oldPassword: password,
      password: "another horse 2",
      passwordConfirm: "another horse 2",
    });
    const mail = await mailArrives(server.dataDir, user.email, /Your Lumen password was changed/);
    expect(mail.html).toContain('href="http://localhost:8090/forgot-password"');
    expect(mail.text).not.toMatch(/token=/);
  });

  it("mails the old address when the email changes, naming the new one", async () => {
    const user = await signUp("old@example.com", "fr");
    await root.collection("users").update(user.id, { email: "new@example.com" });
    const mail = await mailArrives(
      server.dataDir,
      "old@example.com",
      /L’adresse e-mail de votre compte Lumen a changé/,
    );
    expect(mail.text).toContain("«\u00a0new@example.com\u00a0»");
    expect(mail.text).toContain("http://localhost:8090/fr/discord\n");
    expect(mailsTo(server.dataDir, "new@example.com")).toEqual([]);
  });
  // Last: the failures it piles up also count against this client's IP.
  it("throttles wrong passwords per account: the right one is refused too once the limit is reached", async () => {
    const user = await signUp("guess@example.com");
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) {
      status = (
        await rejection(
          user.pb.send("/api/account/delete", { method: "POST", body: { password: `guess ${i}` } }),
        )
      ).status;
    }
    expect(status).toBe(429);
    const right = await rejection(
      user.pb.send("/api/account/delete", { method: "POST", body: { password } }),
    );
    expect(right.status).toBe(429);
    expect((await root.collection("users").getOne(user.id)).email).toBe("guess@example.com");
  });
});
