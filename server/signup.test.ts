import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaFile } from "./app.ts";
import { applySchema } from "./core/apply-schema.ts";
import type { Collection } from "./core/collection-types.ts";
import { autogenerate, newRecordData } from "./core/records.ts";
import { Store } from "./core/store.ts";
import { fixturePassword as password } from "./testing/fixtures.ts";
import { mailArrives, mailsTo } from "./testing/outbox.ts";
import { rejection, signupBody } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";
import { raw } from "./tools/sql.ts";

// Sign-up in one request: `POST /api/collections/users/records` leaves a complete account (the
// Stremio record with the one copy of its password, the verification email), all or nothing.

const stremioUsername = /^[a-z0-9]+_[a-z0-9]{4}@lumen\.stream$/;
const stremioPassword = /^[A-Za-z0-9!@#$%^&*]{16}$/;

describe("sign-up in one request", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  const stremioOf = (userId: string) =>
    root.collection("stremio").getFirstListItem(root.filter("user = {:userId}", { userId }));

  it("leaves the Stremio record, named on the user, and sends the verification email", async () => {
    const pb = new PocketBase(server.url);
    const user = await pb.collection("users").create(signupBody("Jean.Dupont+tv@example.com"));
    expect(user.stremio_username).toMatch(stremioUsername);
    expect(user.stremio_username).toMatch(/^jeandupont/);
    expect(user).not.toHaveProperty("stremio_password");
    const record = await stremioOf(user.id);
    // The trial streams once the address is verified.
    expect(record).toMatchObject({ email: user.stremio_username, field: "inactive" });
    expect(record.password).toMatch(stremioPassword);
    const mail = await mailArrives(server.dataDir, "Jean.Dupont+tv@example.com", /Verify your Lumen email/);
    expect(mail.link).toContain("/verify-email");
    // The owner signs in and reads their credentials: the site's second and last request.
    await pb.collection("users").authWithPassword("Jean.Dupont+tv@example.com", password, {
      expand: "stremio_via_user",
    });
    expect(pb.authStore.record?.expand?.stremio_via_user).toMatchObject({ password: record.password });
  });

  it("chooses the Stremio username itself, whatever the request sends", async () => {
    const user = await new PocketBase(server.url)
      .collection("users")
      .create(signupBody("chooser@example.com", { stremio_username: "famous@lumen.stream" }));
    expect(user.stremio_username).toMatch(/^chooser_[a-z0-9]{4}@lumen\.stream$/);
  });

  it("gives the paid plan, awaiting payment, its Stremio record as well", async () => {
    const user = await new PocketBase(server.url)
      .collection("users")
      .create(signupBody("payer@example.com", { plan: "paid", is_monthly: true, price: 4.99 }));
    expect(await stremioOf(user.id)).toMatchObject({ email: user.stremio_username, field: "inactive" });
  });

  it("gives an operator's new account its credentials but no verification email", async () => {
    const user = await root.collection("users").create(signupBody("made@example.com"));
    expect(await stremioOf(user.id)).toMatchObject({ email: user.stremio_username });
    // The verification email of a visitor's sign-up, sent after this one, arrives alone.
    await new PocketBase(server.url).collection("users").create(signupBody("visitor-after@example.com"));
    await mailArrives(server.dataDir, "visitor-after@example.com", /Verify your Lumen email/);
    expect(mailsTo(server.dataDir, "made@example.com").map((m) => m.subject)).toEqual([]);
  });

  it("creates nothing and sends nothing when the Stremio record cannot be stored", async () => {
    const { store } = server.app;
    store.exec(
      raw(`CREATE TRIGGER "refuse_stremio" BEFORE INSERT ON "stremio" BEGIN SELECT RAISE(ABORT, 'no'); END`),
    );
    try {
      const failed = await rejection(
        new PocketBase(server.url).collection("users").create(signupBody("halfway@example.com")),
      );
      expect(failed.status).toBe(400);
      expect(failed.response).toMatchObject({ message: "Failed to create record." });
    } finally {
      store.exec(raw(`DROP TRIGGER "refuse_stremio"`));
    }
    const found = await root.collection("users").getList(1, 1, { filter: 'email = "halfway@example.com"' });
    expect(found.totalItems).toBe(0);
    // The address is free: signing up again works.
    await new PocketBase(server.url).collection("users").create(signupBody("halfway@example.com"));
    await mailArrives(server.dataDir, "halfway@example.com", /Verify your Lumen email/);
    expect(mailsTo(server.dataDir, "halfway@example.com")).toHaveLength(1);
  });

  it("lets the owner replace the credentials in one request; the user's stremio_username follows", async () => {
    const pb = new PocketBase(server.url);
    const user = await pb.collection("users").create(signupBody("renew@example.com"));
    await pb.collection("users").authWithPassword("renew@example.com", password);
    const record = await stremioOf(user.id);
    await pb
      .collection("stremio")
      .update(record.id, { email: "renew_zz99@lumen.stream", password: "x".repeat(16) });
    expect((await pb.collection("users").getOne(user.id)).stremio_username).toBe("renew_zz99@lumen.stream");
    const refused = await rejection(
      pb.collection("users").update(user.id, { stremio_username: "other@lumen.stream" }),
    );
    expect(refused.status).toBe(404);
  });
});

describe("a database from before the Stremio password was kept once", () => {
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Collection[];
  // The users collection as it was: with its own copy of the Stremio password.
  const before = schema.map((collection) =>
    collection.name !== "users"
      ? collection
      : {
          ...collection,
          fields: [
            ...collection.fields,
            { id: "text3463143529", name: "stremio_password", type: "text", max: 255 },
          ],
        },
  );

  it("moves each user's copy onto their Stremio record, keeps a newer record, and drops the field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "stremio-once-"));
    const store = Store.open(dir);
    try {
      store.importCollections(before, false);
      const users = store.findCollection("users")!;
      const stremio = store.findCollection("stremio")!;
      const insert = (collection: Collection, values: Record<string, unknown>) => {
        const record = { ...newRecordData(collection), ...values };
        autogenerate(collection, record);
        store.insert(collection, record);
        return String(record.id);
      };
      const user = (email: string, username: string, secret: string) =>
        insert(users, {
          email,
          password: "x",
          tokenKey: "",
          plan: "free",
          stremio_username: username,
          stremio_password: secret,
        });
      const lone = user("lone@example.com", "lone_aaaa@lumen.stream", "lone-secret");
      const empty = user("empty@example.com", "empty_bbbb@lumen.stream", "empty-secret");
      insert(stremio, { user: empty, email: "empty_bbbb@lumen.stream", password: "", field: "active" });
      const newer = user("newer@example.com", "newer_old1@lumen.stream", "old-secret");
      insert(stremio, {
        user: newer,
        email: "newer_new2@lumen.stream",
        password: "new-secret",
        field: "active",
      });
      const none = user("none@example.com", "", "");

      applySchema(store, schema);
      applySchema(store, schema);

      const current = store.findCollection("users")!;
      expect(current.fields.map((f) => f.name)).not.toContain("stremio_password");
      const recordOf = (id: string) => store.find(stremio, {}).filter((r) => r.user === id);
      expect(recordOf(lone)).toEqual([
        expect.objectContaining({ email: "lone_aaaa@lumen.stream", password: "lone-secret" }),
      ]);
      expect(recordOf(empty)).toEqual([
        expect.objectContaining({ email: "empty_bbbb@lumen.stream", password: "empty-secret" }),
      ]);
      expect(recordOf(newer)).toEqual([
        expect.objectContaining({ email: "newer_new2@lumen.stream", password: "new-secret" }),
      ]);
      expect(store.findById(current, newer)).toMatchObject({ stremio_username: "newer_new2@lumen.stream" });
      expect(store.findById(current, newer)).not.toHaveProperty("stremio_password");
      expect(recordOf(none)).toEqual([]);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
