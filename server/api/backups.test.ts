import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import PocketBase, { ClientResponseError } from "pocketbase";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { busyMessage } from "../core/backups.ts";
import { readZip, writeZip } from "../core/zip.ts";
import { fixtureRoot } from "../testing/fixtures.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { rejection } from "../testing/sdk.ts";

// The backups API through the official SDK against the real server on a real port.

const password = "a good password";
const rootEmail = "root@lumen.example";
const rootPassword = "super secret 1";

function signupBody(email: string) {
  return { email, password, passwordConfirm: password, plan: "free", price: 0, name: email.split("@")[0] };
}

async function superuserClient(server: TestServer) {
  await runSuperuserCommand(server.dataDir, ["upsert", rootEmail, rootPassword]);
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(rootEmail, rootPassword);
  return pb;
}

async function userClient(server: TestServer, email: string, signUp = true) {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  if (signUp) await pb.collection("users").create(signupBody(email));
  await pb.collection("users").authWithPassword(email, password);
  return pb;
}

/** The `data.db` inside a backup archive on disk, opened read-only from a temporary copy. */
function openArchivedDatabase(archive: Buffer): { db: DatabaseSync; dispose: () => void } {
  const dir = mkdtempSync(path.join(fixtureRoot, "backup-inspect-"));
  const entries = readZip(archive);
  expect(entries.map((e) => e.name)).toEqual(["data.db"]);
  const file = path.join(dir, "data.db");
  writeFileSync(file, entries[0]!.read());
  const db = new DatabaseSync(file);
  return {
    db,
    dispose: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bytes for a File part (a Buffer's type is wider than what File accepts). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer);

/** A zip holding `entries` (name → content), written with our writer. */
async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const dir = mkdtempSync(path.join(fixtureRoot, "backup-zip-"));
  try {
    const sources = Object.entries(entries).map(([name, content], i) => {
      const file = path.join(dir, String(i));
      writeFileSync(file, content);
      return { name, path: file };
    });
    await writeZip(path.join(dir, "out.zip"), sources);
    return readFileSync(path.join(dir, "out.zip"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("backups API", () => {
  let server: TestServer;
  let root: PocketBase;
  let alice: PocketBase;

  beforeAll(async () => {
    server = await startServer();
    root = await superuserClient(server);
    alice = await userClient(server, "alice@example.com");
  });
  afterAll(() => server.close());

  const backupsDir = () => path.join(server.dataDir, "backups");
  // Each test starts without backups, whatever the previous one left.
  afterEach(() => rmSync(backupsDir(), { recursive: true, force: true }));

  it("creates, lists (newest first) and deletes backups", async () => {
    expect(await root.backups.getFullList()).toEqual([]);
    await root.backups.create("first.zip");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await root.backups.create("");
    const list = await root.backups.getFullList();
    expect(list).toHaveLength(2);
    expect(list[0]!.key).toMatch(/^pb_backup_\d{14}\.zip$/);
    expect(list[1]!.key).toBe("first.zip");
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(["key", "modified", "size"]);
      expect(item.size).toBe(statSync(path.join(backupsDir(), item.key)).size);
      expect(item.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    }

    // The archive is a zip holding a whole copy of the database.
    const { db, dispose } = openArchivedDatabase(readFileSync(path.join(backupsDir(), "first.zip")));
    try {
      expect(db.prepare("PRAGMA integrity_check").get()?.integrity_check).toBe("ok");
      expect(
        db
          .prepare(`SELECT "email" FROM "users"`)
          .all()
          .map((r) => r.email),
      ).toEqual(["alice@example.com"]);
      expect(
        db
          .prepare(`SELECT "email" FROM "_superusers"`)
          .all()
          .map((r) => r.email),
      ).toEqual([rootEmail]);
    } finally {
      dispose();
    }

    await root.backups.delete(list[0]!.key);
    expect((await root.backups.getFullList()).map((b) => b.key)).toEqual(["first.zip"]);
    await root.backups.delete("first.zip");
    expect(await root.backups.getFullList()).toEqual([]);
    // Nothing was left behind in DATA_DIR (no temporary folders).
    expect(
      (await import("node:fs")).readdirSync(server.dataDir).filter((name) => name.startsWith(".pb_temp")),
    ).toEqual([]);
  });

  it("refuses bad names", async () => {
    await root.backups.create("taken.zip");
    const cases: [unknown, string, string][] = [
      ["Upper.zip", "validation_match_invalid", "Must be in a valid format."],
      ["with space.zip", "validation_match_invalid", "Must be in a valid format."],
      ["backup.tar", "validation_match_invalid", "Must be in a valid format."],
      ["../escape.zip", "validation_match_invalid", "Must be in a valid format."],
      ["@auto_pb_backup_x.zip", "validation_match_invalid", "Must be in a valid format."],
      [`${"a".repeat(147)}.zip`, "validation_length_out_of_range", "The length must be between 1 and 150."],
      ["taken.zip", "validation_backup_name_exists", "The backup file name is invalid or already exists."],
    ];
    for (const [name, code, message] of cases) {
      const error = await rejection(root.backups.create(name as string));
      expect(error.status, String(name)).toBe(400);
      expect(error.response).toMatchObject({
        data: { name: { code, message } },
        message: "An error occurred while validating the submitted data.",
        status: 400,
      });
    }
    const notString = await rejection(root.send("/api/backups", { method: "POST", body: { name: 12 } }));
    expect(notString.response).toEqual({
      data: {},
      message: "An error occurred while loading the submitted data.",
      status: 400,
    });
    await root.backups.delete("taken.zip");
  });

  it("refuses guests (401) and users (403) on every endpoint", async () => {
    await root.backups.create("guarded.zip");
    const guest = new PocketBase(server.url);
    const file = new File([bytes(await zipOf({ "data.db": "x" }))], "guarded2.zip");
    const calls: [string, (pb: PocketBase) => Promise<unknown>][] = [
      ["list", (pb) => pb.backups.getFullList()],
      ["create", (pb) => pb.backups.create("nope.zip")],
      ["upload", (pb) => pb.backups.upload({ file })],
      ["delete", (pb) => pb.backups.delete("guarded.zip")],
      ["restore", (pb) => pb.backups.restore("guarded.zip")],
    ];
    for (const [name, call] of calls) {
      const asGuest = await rejection(call(guest));
      expect(asGuest.response, name).toEqual({
        data: {},
        message: "The request requires valid record authorization token.",
        status: 401,
      });
      const asUser = await rejection(call(alice));
      expect(asUser.response, name).toEqual({
        data: {},
        message: "The authorized record is not allowed to perform this action.",
        status: 403,
      });
    }
    expect((await root.backups.getFullList()).map((b) => b.key)).toEqual(["guarded.zip"]);
    await root.backups.delete("guarded.zip");
  });

  it("downloads with a superuser file token only", async () => {
    await root.backups.create("download_me.zip");
    const onDisk = readFileSync(path.join(backupsDir(), "download_me.zip"));

    const token = await root.files.getToken();
    const url = root.backups.getDownloadURL(token, "download_me.zip");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="download_me.zip"');
    expect(Buffer.from(await res.arrayBuffer()).equals(onDisk)).toBe(true);

    const forbidden = { data: {}, message: "Insufficient permissions to access the resource.", status: 403 };
    // No token, an auth token instead of a file token, a user's file token, garbage.
    const userFileToken = await alice.files.getToken();
    for (const bad of ["", root.authStore.token, userFileToken, "not.a.token"]) {
      const denied = await fetch(
        `${server.url}/api/backups/download_me.zip?token=${encodeURIComponent(bad)}`,
      );
      expect(denied.status).toBe(403);
      expect(await denied.json()).toEqual(forbidden);
    }

    const missing = await fetch(root.backups.getDownloadURL(token, "missing.zip"));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      data: {},
      message: "The requested resource wasn't found.",
      status: 404,
    });
    for (const key of [
      "..%2Fdata.db",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e",
      ".%2E%2Fdata.db",
      "..%5Cdata.db",
    ]) {
      const traversal = await fetch(`${server.url}/api/backups/${key}?token=${encodeURIComponent(token)}`);
      expect(traversal.status, key).toBe(404);
    }
    await root.backups.delete("download_me.zip");
  });

  it("issues file tokens to any signed-in record and refuses guests", async () => {
    const token = await alice.files.getToken();
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(claims.type).toBe("file");
    expect(claims.id).toBe(alice.authStore.record!.id);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(180);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(170);
    const guest = await rejection(new PocketBase(server.url).files.getToken());
    expect(guest.response).toEqual({
      data: {},
      message: "The request requires valid record authorization token.",
      status: 401,
    });
  });

  it("deletes: unknown keys 404, traversal refused", async () => {
    const notFound = { data: {}, message: "The requested resource wasn't found.", status: 404 };
    expect((await rejection(root.backups.delete("missing.zip"))).response).toEqual(notFound);
    for (const key of ["../data.db", "..", "../../data.db", "..\\data.db", ".hidden"]) {
      const error = await rejection(root.backups.delete(key));
      expect(error.status, key).toBe(404);
    }
    const raw = await fetch(`${server.url}/api/backups/..%2Fdata.db`, {
      method: "DELETE",
      headers: { Authorization: root.authStore.token },
    });
    expect(raw.status).toBe(404);
    expect(existsSync(path.join(server.dataDir, "data.db"))).toBe(true);
    expect(existsSync(server.dataDir)).toBe(true);
  });

  it("uploads archives and validates them", async () => {
    await root.backups.create("source.zip");
    const good = readFileSync(path.join(backupsDir(), "source.zip"));
    // Over the 1 MiB body limit of other requests: uploads have their own limit.
    const large = await zipOf({
      "data.db": readZip(good)[0]!.read(),
      "padding.bin": Buffer.alloc(2 * 1024 * 1024, 7),
    });
    await root.backups.upload({ file: new File([bytes(good)], "uploaded.zip") });
    await root.backups.upload({ file: new File([bytes(large)], "@auto_pb_backup_other_20260101000000.zip") });
    expect(readFileSync(path.join(backupsDir(), "uploaded.zip")).equals(good)).toBe(true);
    expect((await root.backups.getFullList()).map((b) => b.key).sort()).toEqual([
      "@auto_pb_backup_other_20260101000000.zip",
      "source.zip",
      "uploaded.zip",
    ]);

    const invalid = async (file: File | undefined, code: string, message?: string) => {
      const error = await rejection(root.backups.upload(file ? { file } : { other: "x" }));
      expect(error.status).toBe(400);
      expect(error.response.message).toBe("An error occurred while validating the submitted data.");
      expect(error.response.data.file.code).toBe(code);
      if (message) expect(error.response.data.file.message).toBe(message);
    };
    await invalid(undefined, "validation_required", "Cannot be blank.");
    await invalid(new File([bytes(good)], "uploaded.zip"), "validation_backup_name_exists");
    await invalid(
      new File(["plain text"], "text.zip"),
      "validation_invalid_mime_type",
      '"text.zip" mime type must be one of: application/zip.',
    );
    await invalid(
      new File([bytes(await zipOf({ "other.txt": "x" }))], "nodb.zip"),
      "validation_invalid_backup",
    );
    await invalid(
      new File([bytes(await zipOf({ "data.db": "not sqlite" }))], "notdb.zip"),
      "validation_invalid_backup",
    );
    await invalid(
      new File([bytes(good.subarray(0, good.length - 40))], "cut.zip"),
      "validation_invalid_backup",
    );
    for (const name of ["../evil.zip", "evil.txt", ".evil.zip", "ev il.zip"]) {
      await invalid(new File([bytes(good)], name), "validation_invalid_backup_name");
    }
    expect(existsSync(path.join(server.dataDir, "evil.zip"))).toBe(false);
    expect((await root.backups.getFullList()).map((b) => b.key)).toHaveLength(3);

    for (const key of ["source.zip", "uploaded.zip", "@auto_pb_backup_other_20260101000000.zip"]) {
      await root.backups.delete(key);
    }
  });

  it("refuses to restore unknown keys and archives that are not this server's database", async () => {
    const missing = await rejection(root.backups.restore("missing.zip"));
    expect(missing.response).toEqual({ data: {}, message: "Missing or invalid backup file.", status: 400 });
    expect((await rejection(root.backups.restore("../data.db"))).status).toBe(400);

    // A SQLite database without this server's _collections table (say, another app's).
    const dir = mkdtempSync(path.join(fixtureRoot, "foreign-"));
    const foreign = new DatabaseSync(path.join(dir, "data.db"));
    foreign.exec(`CREATE TABLE "things" ("id" TEXT); INSERT INTO "things" VALUES ('x');`);
    foreign.close();
    const archive = await zipOf({ "data.db": readFileSync(path.join(dir, "data.db")) });
    rmSync(dir, { recursive: true, force: true });
    await root.backups.upload({ file: new File([bytes(archive)], "foreign.zip") });

    const before = await root.collection("users").getFullList({ sort: "id" });
    const error = await rejection(root.backups.restore("foreign.zip"));
    expect(error.status).toBe(400);
    expect(error.response.message).toMatch(
      /^Failed to restore the backup\. The database is not one of this server's/,
    );
    // Nothing changed, and the server still answers with the same data and sessions.
    expect(await root.collection("users").getFullList({ sort: "id" })).toEqual(before);
    await alice.collection("users").authRefresh();
    await root.backups.delete("foreign.zip");
  });
});

describe("restore", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it(
    "brings back exactly the snapshot; tokens follow the restored tokenKeys",
    { timeout: 60_000 },
    async () => {
      const root = await superuserClient(server);
      const alice = await userClient(server, "alice@example.com");
      const bob = await userClient(server, "bob@example.com");
      const carol = await userClient(server, "carol@example.com");
      for (const [pb, email] of [
        [alice, "alice_s@lumen.stream"],
        [bob, "bob_s@lumen.stream"],
        [carol, "carol_s@lumen.stream"],
      ] as const) {
        await pb
          .collection("stremio")
          .create({ user: pb.authStore.record!.id, email, password: "pw", field: "active" });
      }
      const aliceTokenBeforeBackup = alice.authStore.token;
      const bobTokenBeforeBackup = bob.authStore.token;

      const snapshot = async () => ({
        users: await root.collection("users").getFullList({ sort: "id" }),
        stremio: await root.collection("stremio").getFullList({ sort: "id" }),
        superusers: await root.collection("_superusers").getFullList({ sort: "id" }),
        // Every stored column, hidden ones included (password hashes, tokenKeys).
        rows: ["users", "stremio", "_superusers", "_collections"].map((table) =>
          server.app.store.all(`SELECT * FROM "${table}" ORDER BY "id"`),
        ),
      });
      const before = await snapshot();
      expect(before.users).toHaveLength(3);
      expect(before.stremio).toHaveLength(3);

      await root.backups.create("snapshot.zip");

      // Change, delete and create after the backup.
      const aliceId = alice.authStore.record!.id;
      const bobId = bob.authStore.record!.id;
      const carolId = carol.authStore.record!.id;
      await root
        .collection("users")
        .update(aliceId, { name: "Alice Changed", plan: "paid", is_monthly: true, price: 4.99 });
      const bobStremio = before.stremio.find((s) => s.user === bobId)!;
      await bob
        .collection("stremio")
        .update(bobStremio.id, { email: "bob_changed@lumen.stream", field: "paused" });
      const carolStremio = before.stremio.find((s) => s.user === carolId)!;
      await root.collection("stremio").delete(carolStremio.id);
      await root.collection("users").delete(carolId);
      const bobAfterBackup = await userClient(server, "bob@example.com", false); // same tokenKey as in the snapshot
      const dave = await userClient(server, "dave@example.com");
      await dave
        .collection("stremio")
        .create({ user: dave.authStore.record!.id, email: "dave_s@lumen.stream" });
      // Alice changes her password: her tokenKey rotates, her old token stops working.
      await alice.collection("users").update(aliceId, {
        oldPassword: password,
        password: "a new password",
        passwordConfirm: "a new password",
      });
      const aliceNew = new PocketBase(server.url);
      await aliceNew.collection("users").authWithPassword("alice@example.com", "a new password");
      const stale = new PocketBase(server.url);
      stale.authStore.save(aliceTokenBeforeBackup);
      expect((await rejection(stale.collection("users").authRefresh())).status).toBe(401);

      const changed = await snapshot();
      expect(changed.users).not.toEqual(before.users);
      expect(changed.stremio).not.toEqual(before.stremio);

      await root.backups.restore("snapshot.zip");

      // The data equals the snapshot, record for record and column for column.
      const after = await snapshot();
      expect(after.users).toEqual(before.users);
      expect(after.stremio).toEqual(before.stremio);
      expect(after.superusers).toEqual(before.superusers);
      expect(after.rows).toEqual(before.rows);
      // The backup itself is still there.
      expect((await root.backups.getFullList()).map((b) => b.key)).toEqual(["snapshot.zip"]);

      // Tokens are checked against the restored tokenKeys and collection secrets:
      // - issued before the restore to a user of the snapshot whose tokenKey is the snapshot's: valid.
      const check = async (token: string) => {
        const pb = new PocketBase(server.url);
        pb.authStore.save(token);
        return pb.collection("users").authRefresh();
      };
      expect((await check(bobTokenBeforeBackup)).record.id).toBe(bobId);
      expect((await check(bobAfterBackup.authStore.token)).record.id).toBe(bobId);
      expect((await root.collection("_superusers").authRefresh()).record.email).toBe(rootEmail);
      // - Alice's token from before the backup works again (her snapshot tokenKey is back), and the
      //   one signed with the tokenKey her password change made is refused.
      expect((await check(aliceTokenBeforeBackup)).record.name).toBe("alice");
      expect((await rejection(check(aliceNew.authStore.token))).status).toBe(401);
      await aliceNew
        .collection("users")
        .authWithPassword("alice@example.com", password)
        .then((auth) => expect(auth.record.id).toBe(aliceId));
      // - the user created after the backup is gone: its token is a guest's.
      const daveId = dave.authStore.record!.id;
      expect((await rejection(dave.collection("users").authRefresh())).response).toEqual({
        data: {},
        message: "The request requires valid record authorization token.",
        status: 401,
      });
      expect((await rejection(dave.collection("users").getOne(daveId))).status).toBe(404);
      expect((await rejection(root.collection("users").getOne(daveId))).status).toBe(404);
      // - Carol, deleted after the backup, is back and can sign in.
      const carolAgain = await userClient(server, "carol@example.com", false);
      expect(carolAgain.authStore.record!.id).toBe(carolId);

      // The server keeps writing to the restored database.
      const erin = await userClient(server, "erin@example.com");
      expect((await root.collection("users").getFullList()).map((u) => u.email).sort()).toEqual([
        "alice@example.com",
        "bob@example.com",
        "carol@example.com",
        "erin@example.com",
      ]);
      expect(erin.authStore.isValid).toBe(true);
      expect(server.app.store.db.prepare("PRAGMA integrity_check").get()?.integrity_check).toBe("ok");
      expect(server.app.store.db.prepare("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
      await root.backups.delete("snapshot.zip");
    },
  );
});

describe("a backup under load", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it(
    "runs while 50 sign-ups go on; every sign-up succeeds; a second operation is refused meanwhile",
    { timeout: 60_000 },
    async () => {
      const root = await superuserClient(server);
      // Some bulk, so the copy takes long enough for requests to interleave with it.
      await root.collection("users").create(signupBody("owner@example.com"));
      const padding = "x".repeat(2000);
      server.app.store.db.exec(`CREATE TABLE "padding" ("value" TEXT)`);
      server.app.store.transaction(() => {
        for (let i = 0; i < 5000; i++)
          server.app.store.run(`INSERT INTO "padding" VALUES (?)`, [`${i}${padding}`]);
      });

      const signups = Array.from({ length: 50 }, (_, i) =>
        new PocketBase(server.url).collection("users").create(signupBody(`load${i}@example.com`)),
      );
      let finished = 0;
      for (const signup of signups)
        void signup.then(
          () => finished++,
          () => {},
        );
      // The backup starts once sign-ups are writing, with most still in flight.
      while (finished < 3) await new Promise((resolve) => setTimeout(resolve, 5));

      // Besides the sign-ups, a write at every turn of the event loop while the copy runs: the copy
      // must let them through (SQLite's online backup) and still produce a whole database.
      let writesDuringBackup = 0;
      const writer = setInterval(() => {
        if (!server.app.backups.activeKey) return;
        server.app.store.run(`INSERT INTO "padding" VALUES ('during')`);
        writesDuringBackup++;
      }, 0);
      const backup = root.backups.create("under_load.zip");
      for (let i = 0; i < 2000 && !server.app.backups.activeKey; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      // Meanwhile another backup or a restore is refused with PocketBase's message.
      expect(server.app.backups.activeKey).toBe("under_load.zip");
      const second = await rejection(root.backups.create("second.zip"));
      expect(second.response).toEqual({ data: {}, message: busyMessage, status: 400 });
      const restore = await rejection(root.backups.restore("under_load.zip"));
      expect(restore.response).toEqual({ data: {}, message: busyMessage, status: 400 });

      await backup;
      clearInterval(writer);
      expect(finished).toBeLessThan(50);
      const results = await Promise.allSettled(signups);
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      expect(writesDuringBackup).toBeGreaterThan(0);

      expect((await root.backups.getFullList()).map((b) => b.key)).toEqual(["under_load.zip"]);
      const users = await root.collection("users").getFullList();
      expect(users).toHaveLength(51);

      const archive = readFileSync(path.join(server.dataDir, "backups", "under_load.zip"));
      const { db, dispose } = openArchivedDatabase(archive);
      try {
        expect(db.prepare("PRAGMA integrity_check").get()?.integrity_check).toBe("ok");
        const padding = Number(db.prepare(`SELECT COUNT(*) AS n FROM "padding"`).get()?.n);
        expect(padding).toBeGreaterThanOrEqual(5000);
        expect(padding).toBeLessThanOrEqual(5000 + writesDuringBackup);
        const archived = Number(db.prepare(`SELECT COUNT(*) AS n FROM "users"`).get()?.n);
        expect(archived).toBeGreaterThanOrEqual(4);
        expect(archived).toBeLessThanOrEqual(51);
      } finally {
        dispose();
      }
    },
  );
});
