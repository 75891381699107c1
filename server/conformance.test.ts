import { readFileSync } from "node:fs";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaFile } from "./app.ts";
import { runSuperuserCommand } from "./cli.ts";
import { readOutbox } from "./testing/outbox.ts";
import { startServer, type TestServer } from "./testing/start-server.ts";
import { rejection } from "./testing/sdk.ts";

// The official SDK against the real server over a real port: what the site does, end to end.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = () => new PocketBase(server.url);

function signupBody(email: string, password: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    emailVisibility: true,
    name: "Camille Martin",
    affiliate_code: "AFF-7Q2K9D4M",
    password,
    passwordConfirm: password,
    plan: "free",
    newsletter: true,
    is_monthly: false,
    admin: false,
    is_api: false,
    price: "0",
    stripe: "",
    verified: false,
    locale: "en",
    ...extra,
  };
}

/** The last outbox message sent to `to`, once every queued mail left. */
/**
 * The last mail to `to` whose link leads to `path` (the sign-up's verification email is sent
 * apart, and may be written in the same millisecond as the one asked for).
 */
async function lastMail(to: string, path: string) {
  await server.app.mailer.idle();
  const mail = readOutbox(server.dataDir)
    .filter((m) => m.to === to && m.link.includes(path))
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe("the pocketbase SDK against our server", () => {
  it("checks health", async () => {
    await expect(client().health.check()).resolves.toEqual({
      message: "API is healthy.",
      code: 200,
      data: {},
    });
  });

  it("signs up, signs in, refreshes, reads its record, and finds itself by email with pb.filter", async () => {
    const pb = client();
    const created = await pb.collection("users").create(signupBody("camille@example.com", "a good password"));
    expect(created).toMatchObject({ email: "camille@example.com", plan: "free", price: 0, verified: false });
    expect(created).not.toHaveProperty("password");

    const auth = await pb.collection("users").authWithPassword("camille@example.com", "a good password");
    expect(auth.record.id).toBe(created.id);
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.isSuperuser).toBe(false);
    expect(pb.authStore.record?.email).toBe("camille@example.com");

    const refreshed = await pb.collection("users").authRefresh();
    expect(refreshed.record.id).toBe(created.id);
    expect(pb.authStore.isValid).toBe(true);

    expect((await pb.collection("users").getOne(created.id)).name).toBe("Camille Martin");
    const found = await pb
      .collection("users")
      .getFirstListItem(pb.filter("email = {:email}", { email: "camille@example.com" }), {
        requestKey: null,
      });
    expect(found.id).toBe(created.id);

    const list = await pb.collection("users").getList(1, 30, { sort: "-created" });
    expect(list).toMatchObject({ page: 1, perPage: 30, totalItems: 1, totalPages: 1 });
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
    expect(await pb.collection("users").getFullList()).toHaveLength(1);
  });

  it("escapes pb.filter values exactly like PocketBase (quotes in values)", async () => {
    const pb = client();
    const email = "o'neil@example.com";
    const name = 'Say "hi" to O\'Neil';
    await pb.collection("users").create(signupBody(email, "a good password", { name }));
    await pb.collection("users").authWithPassword(email, "a good password");
    const byEmail = await pb.collection("users").getFirstListItem(pb.filter("email = {:email}", { email }));
    expect(byEmail.email).toBe(email);
    const byName = await pb.collection("users").getFirstListItem(pb.filter("name = {:name}", { name }));
    expect(byName.name).toBe(name);
  });

  it("reports failures as ClientResponseError with PocketBase's status and data", async () => {
    const pb = client();
    await pb.collection("users").create(signupBody("dup@example.com", "a good password"));
    const duplicate = await rejection(
      pb.collection("users").create(signupBody("dup@example.com", "a good password")),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.url).toContain("/api/collections/users/records");
    expect(duplicate.response.message).toBe("Failed to create record.");
    expect(duplicate.response.data.email).toEqual({
      code: "validation_not_unique",
      message: "Value must be unique.",
    });

    const login = await rejection(
      pb.collection("users").authWithPassword("dup@example.com", "wrong password"),
    );
    expect(login.status).toBe(400);
    expect(login.message).toBe("Failed to authenticate.");
    expect(login.response).toEqual({ data: {}, message: "Failed to authenticate.", status: 400 });

    const escalation = await rejection(
      pb.collection("users").create(signupBody("evil@example.com", "a good password", { admin: true })),
    );
    expect(escalation.status).toBe(400);
    expect(escalation.response.data).toEqual({});

    const missing = await rejection(
      pb.collection("users").getFirstListItem(pb.filter("email = {:e}", { e: "x@y.zz" })),
    );
    expect(missing.status).toBe(404);

    const refresh = await rejection(client().collection("users").authRefresh());
    expect(refresh.status).toBe(401);
  });

  it("creates, finds and updates the stremio record like the site", async () => {
    const pb = client();
    const user = await pb.collection("users").create(signupBody("stremio@example.com", "a good password"));
    await pb.collection("users").authWithPassword("stremio@example.com", "a good password");
    // Sign-up made the record: the generated username, named on the user too.
    expect(user.stremio_username).toMatch(/^stremio_[a-z0-9]{4}@lumen\.stream$/);
    const stremio = pb.collection("stremio");
    const found = await stremio.getFirstListItem(pb.filter("user = {:user}", { user: user.id }), {
      expand: "user",
    });
    // Streaming on the trial waits for a verified address.
    expect(found).toMatchObject({ email: user.stremio_username, field: "inactive" });
    expect(found.password).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
    expect(found.expand?.user.email).toBe("stremio@example.com");
    // New credentials, as the account page makes them: the user's stremio_username follows.
    const updated = await stremio.update(found.id, { email: "stremio_cd34@lumen.stream", password: "pw" });
    expect(updated).toMatchObject({ email: "stremio_cd34@lumen.stream", password: "pw" });
    await pb.collection("users").authRefresh();
    expect(pb.authStore.record?.stremio_username).toBe("stremio_cd34@lumen.stream");
  });

  it("changes the password with oldPassword; the old token stops working", async () => {
    const pb = client();
    const user = await pb.collection("users").create(signupBody("change@example.com", "old password 1"));
    await pb.collection("users").authWithPassword("change@example.com", "old password 1");
    const bad = await rejection(
      pb.collection("users").update(user.id, {
        oldPassword: "nope",
        password: "new password 1",
        passwordConfirm: "new password 1",
      }),
    );
    expect(bad.response.data.oldPassword.code).toBe("validation_invalid_old_password");
    await pb.collection("users").update(user.id, {
      oldPassword: "old password 1",
      password: "new password 1",
      passwordConfirm: "new password 1",
    });
    expect((await rejection(pb.collection("users").authRefresh())).status).toBe(401);
    await pb.collection("users").authWithPassword("change@example.com", "new password 1");
    expect(pb.authStore.isValid).toBe(true);
  });

  it("verifies the email through the outbox", async () => {
    const pb = client();
    await pb
      .collection("users")
      .create(signupBody("verify@example.com", "a good password", { locale: "fr" }));
    await pb.collection("users").authWithPassword("verify@example.com", "a good password");
    expect(await pb.collection("users").requestVerification("verify@example.com")).toBe(true);
    const mail = await lastMail("verify@example.com", "/verify-email?token=");
    expect(mail.link).toContain("/fr/verify-email?token=");
    expect(await pb.collection("users").confirmVerification(mail.token)).toBe(true);
    expect(pb.authStore.record?.verified).toBe(true);
    expect((await pb.collection("users").authRefresh()).record.verified).toBe(true);
    const again = await rejection(pb.collection("users").confirmVerification("garbage"));
    expect(again.response.data.token.code).toBe("validation_invalid_token_claims");
  });

  it("resets a forgotten password through the outbox", async () => {
    const pb = client();
    await pb.collection("users").create(signupBody("reset@example.com", "forgotten pass"));
    expect(await pb.collection("users").requestPasswordReset("reset@example.com")).toBe(true);
    expect(await pb.collection("users").requestPasswordReset("unknown@example.com")).toBe(true);
    const mail = await lastMail("reset@example.com", "/reset-password?token=");
    expect(mail.link).toContain("/reset-password?token=");
    expect(
      await pb.collection("users").confirmPasswordReset(mail.token, "remembered pass", "remembered pass"),
    ).toBe(true);
    await rejection(pb.collection("users").authWithPassword("reset@example.com", "forgotten pass"));
    const auth = await pb.collection("users").authWithPassword("reset@example.com", "remembered pass");
    expect(auth.record.verified).toBe(true);
  });

  it("changes the email through the outbox", async () => {
    const pb = client();
    await pb.collection("users").create(signupBody("before@example.com", "a good password"));
    await pb.collection("users").authWithPassword("before@example.com", "a good password");
    expect(await pb.collection("users").requestEmailChange("after@example.com")).toBe(true);
    const mail = await lastMail("after@example.com", "/confirm-email-change?token=");
    expect(mail.link).toContain("/confirm-email-change?token=");
    expect(await pb.collection("users").confirmEmailChange(mail.token, "a good password")).toBe(true);
    const auth = await pb.collection("users").authWithPassword("after@example.com", "a good password");
    expect(auth.record).toMatchObject({ email: "after@example.com", verified: true });
  });

  it("authenticates a superuser made with the CLI; it sees everything and imports the schema", async () => {
    expect(
      await runSuperuserCommand(server.dataDir, ["upsert", "admin@lumen.example", "super secret 1"]),
    ).toContain("Successfully saved superuser");
    const pb = client();
    const auth = await pb.collection("_superusers").authWithPassword("admin@lumen.example", "super secret 1");
    expect(auth.record.collectionId).toBe("pbc_3142635823");
    expect(pb.authStore.isSuperuser).toBe(true);
    const all = await pb.collection("users").getFullList({ sort: "email" });
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((u) => typeof u.email === "string")).toBe(true);
    const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
    await expect(pb.collections.import(schema, false)).resolves.toBe(true);
    const guest = await rejection(client().collections.import(schema, false));
    expect(guest.status).toBe(401);
  });
});
