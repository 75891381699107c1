import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "./cli.ts";
import { readOutbox, waitForOutbox } from "./testing/outbox.ts";
import { rejection } from "./testing/sdk.ts";
import { startServer, type TestServer } from "./testing/start-server.ts";

// What the superuser dashboard does, through the official SDK on a real port: edit any user's
// fields, send their verification or reset mail, delete them (their `stremio` record goes too), and
// never remove the last superuser.

const password = "a good password";
let server: TestServer;
let root: PocketBase;

async function signUp(email: string) {
  const pb = new PocketBase(server.url);
  await pb.collection("users").create({ email, password, passwordConfirm: password, plan: "free" });
  await pb.collection("users").authWithPassword(email, password);
  return pb;
}

/** The Stremio record sign-up gave the signed-in user of `pb`. */
async function withStremio(pb: PocketBase) {
  const user = pb.authStore.record!.id;
  return pb.collection("stremio").getFirstListItem(pb.filter("user = {:user}", { user }));
}

beforeAll(async () => {
  server = await startServer();
  await runSuperuserCommand(server.dataDir, ["upsert", "root@lumen.example", "super secret 1"]);
  root = new PocketBase(server.url);
  await root.collection("_superusers").authWithPassword("root@lumen.example", "super secret 1");
});
afterAll(() => server.close());

describe("superusers edit every users field the dashboard shows", () => {
  it("name, email, stripe, admin, verified; the plan fields follow the billing state", async () => {
    const user = await signUp("edit-me@example.com");
    const id = user.authStore.record!.id;
    const changes = {
      name: "Edited",
      email: "edited@example.com",
      stripe: "cus_edited",
      admin: true,
      verified: true,
    };
    const updated = await root.collection("users").update(id, changes);
    expect(updated).toMatchObject(changes);
    expect(await root.collection("users").getOne(id)).toMatchObject(changes);
    // Then back, every boolean the other way.
    const back = { stripe: "", admin: false, verified: false };
    expect(await root.collection("users").update(id, back)).toMatchObject(back);
    // A plan sent by hand is not what the user paid for: the trial's free plan stays.
    const planned = await root
      .collection("users")
      .update(id, { plan: "paid", price: 49.99, is_monthly: false });
    expect(planned).toMatchObject({ plan: "free", price: 0, is_monthly: false });
  });

  it("a user can't PATCH the same fields on their own record", async () => {
    const user = await signUp("plain@example.com");
    const id = user.authStore.record!.id;
    for (const body of [
      { verified: true },
      { admin: true },
      { stripe: "cus_self" },
      { price: 49.99 },
      { plan: "paid", price: 4.99, is_monthly: true },
    ]) {
      const error = await rejection(user.collection("users").update(id, body));
      expect([400, 404], JSON.stringify(body)).toContain(error.status);
    }
    expect(await root.collection("users").getOne(id)).toMatchObject({
      verified: false,
      admin: false,
      stripe: "",
      price: 0,
      plan: "free",
    });
  });

  it("trigger request-verification and request-password-reset for any user", async () => {
    // An account an operator made: sign-up sent it no verification email of its own.
    await root
      .collection("users")
      .create({ email: "mail-me@example.com", password, passwordConfirm: password, plan: "free" });
    const user = new PocketBase(server.url);
    await user.collection("users").authWithPassword("mail-me@example.com", password);
    const before = readOutbox(server.dataDir).length;
    await root.collection("users").requestVerification("mail-me@example.com");
    await root.collection("users").requestPasswordReset("mail-me@example.com");
    const mails = (await waitForOutbox(server.dataDir, before + 2)).filter((mail) =>
      mail.to.includes("mail-me@example.com"),
    );
    expect(mails.map((mail) => mail.link.split("?")[0]).sort()).toEqual([
      "http://localhost:8090/reset-password",
      "http://localhost:8090/verify-email",
    ]);
    expect(user.authStore.isValid).toBe(true);
  });
});

describe("deleting a user deletes their stremio record (cascade)", () => {
  it("a superuser deletes a user: the stremio record is gone too", async () => {
    const user = await signUp("gone@example.com");
    const id = user.authStore.record!.id;
    const stremio = await withStremio(user);
    await root.collection("users").delete(id);
    expect((await rejection(root.collection("users").getOne(id))).status).toBe(404);
    expect((await rejection(root.collection("stremio").getOne(stremio.id))).status).toBe(404);
    expect(
      server.app.store.findById(server.app.store.findCollection("stremio")!, stremio.id),
    ).toBeUndefined();
  });

  it("users (themselves, an `admin` user) can't delete: 403, both records stay", async () => {
    const user = await signUp("stays@example.com");
    const id = user.authStore.record!.id;
    const stremio = await withStremio(user);
    const admin = await signUp("admin-deleter@example.com");
    await root.collection("users").update(admin.authStore.record!.id, { admin: true });
    for (const pb of [user, admin]) {
      const error = await rejection(pb.collection("users").delete(id));
      expect(error.status).toBe(403);
      expect(error.response.message).toBe("Only superusers can perform this action.");
    }
    const guest = await rejection(new PocketBase(server.url).collection("users").delete(id));
    expect(guest.status).toBe(403);
    expect(await root.collection("users").getOne(id)).toMatchObject({ id });
    expect(await root.collection("stremio").getOne(stremio.id)).toMatchObject({ user: id });
  });
});

describe("superusers are always verified", () => {
  it("as PocketBase: created or updated with `verified: false`, a superuser stays verified", async () => {
    const created = await root.collection("_superusers").create({
      email: "unverified-root@lumen.example",
      password: "super secret 2",
      passwordConfirm: "super secret 2",
      verified: false,
    });
    expect(created.verified).toBe(true);
    const updated = await root.collection("_superusers").update(created.id, { verified: false });
    expect(updated.verified).toBe(true);
    await root.collection("_superusers").delete(created.id);
  });
});

describe("the last superuser can't be deleted", () => {
  it("400 with PocketBase's message for the only one; a second one may go", async () => {
    const rootId = root.authStore.record!.id;
    const only = await rejection(root.collection("_superusers").delete(rootId));
    expect(only.status).toBe(400);
    expect(only.response).toEqual({
      data: {},
      message: "You can't delete the only existing superuser.",
      status: 400,
    });
    expect(await root.collection("_superusers").getOne(rootId)).toMatchObject({ id: rootId });

    const second = await root
      .collection("_superusers")
      .create({ email: "second@lumen.example", password, passwordConfirm: password });
    const other = new PocketBase(server.url);
    await other.collection("_superusers").authWithPassword("second@lumen.example", password);
    // Two superusers: one may delete the other, and then the survivor is the last one.
    await other.collection("_superusers").delete(rootId);
    const last = await rejection(other.collection("_superusers").delete(second.id));
    expect(last.status).toBe(400);
    expect(last.response.message).toBe("You can't delete the only existing superuser.");
    expect((await other.collection("_superusers").getFullList()).map((s) => s.id)).toEqual([second.id]);

    // Put root back for the other tests of this file (order-independent).
    await runSuperuserCommand(server.dataDir, ["upsert", "root@lumen.example", "super secret 1"]);
    await root.collection("_superusers").authWithPassword("root@lumen.example", "super secret 1");
  });
});
