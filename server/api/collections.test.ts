import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import PocketBase, { type CollectionModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Store } from "../core/store.ts";
import { fixtureRoot } from "../testing/fixtures.ts";
import { rejection, signedUpUser } from "../testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "../testing/start-server.ts";

// PocketBase's collections API, read-only, through the official SDK on a real port, and the tool
// PocketBase users generate their types with (pocketbase-typegen) against it.

let server: TestServer;
let root: PocketBase;

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
});
afterAll(() => server.close());

describe("the collections API", () => {
  it("lists and shows every collection to a superuser, in PocketBase's shape, without token secrets", async () => {
    const all = await root.collections.getFullList();
    const schema = JSON.parse(readFileSync("pocketbase/pb_schema.json", "utf8")) as { name: string }[];
    expect(all.map((c) => c.name)).toEqual(expect.arrayContaining(schema.map((c) => c.name)));
    const users = await root.collections.getOne("users");
    expect(users).toMatchObject({ name: "users", type: "auth", listRule: expect.any(String) });
    expect(users.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(["email", "plan", "trial_ends"]),
    );
    expect(users.indexes.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain("secrets");
    expect(await root.collections.getOne(users.id)).toMatchObject({ name: "users" });
    const page = await root.collections.getList(1, 2, { sort: "-name" });
    expect(page.items.map((c) => c.name)).toEqual(
      all
        .map((c) => c.name)
        .sort()
        .reverse()
        .slice(0, 2),
    );
    expect((await rejection(root.collections.getOne("nope"))).status).toBe(404);
  });

  it("refuses to change one collection, saying where the schema comes from", async () => {
    for (const change of [
      () => root.collections.create({ name: "extra", type: "base" }),
      () => root.collections.update("users", { listRule: "" }),
      () => root.collections.delete("stremio"),
      () => root.collections.truncate("stremio"),
    ]) {
      const error = await rejection(change());
      expect(error.status).toBe(400);
      expect(error.response.message).toContain("pocketbase/pb_schema.json");
    }
    expect((await root.collections.getOne("users")).listRule).not.toBe("");
  });

  it("is for superusers only", async () => {
    const user = await signedUpUser(server.url, "not-root@example.com");
    expect((await rejection(user.pb.collections.getFullList())).status).toBe(403);
    expect((await rejection(user.pb.collections.getOne("users"))).status).toBe(403);
  });
});

describe("importing collections", () => {
  // A collection's records are served by the records API under its rules: a collection over one of
  // the server's own tables (`_collections` keeps every collection's token-signing secrets) would
  // hand that table to whoever its rules let in.
  const reserved = [
    "_collections",
    "_Collections",
    "_passkeys",
    "_totp",
    "_billing_events",
    "_billing_notices",
    "_search_users",
    "_search_users_data",
    "_logs",
    "_anything",
    "sqlite_master",
    "SQLITE_sequence",
  ];
  const publicCollection = (name: string) =>
    ({ name, type: "base", listRule: "", viewRule: "", fields: [] }) as unknown as CollectionModel;

  it("refuses every internal name with a 400 naming it, and changes nothing", async () => {
    const before = await root.collections.getFullList();
    const users = before.find((c) => c.name === "users")!;
    for (const name of reserved) {
      for (const attempt of [
        () => root.collections.import([...before, publicCollection(name)], false),
        () => root.collections.import([...before, publicCollection(name)], true),
        () => root.collections.import([{ ...users, name }], false),
      ]) {
        const error = await rejection(attempt());
        expect(error.status, name).toBe(400);
        expect(JSON.stringify(error.response), name).toContain(name);
      }
      // Creating or renaming one collection is refused, whatever its name.
      for (const attempt of [
        () => root.collections.create(publicCollection(name)),
        () => root.collections.update("users", { name }),
      ]) {
        expect((await rejection(attempt())).status, name).toBe(400);
      }
      const { collections } = (await rejection(root.collections.import([publicCollection(name)], false)))
        .response.data as { collections: { code: string; message: string } };
      expect(collections.code).toBe("validation_collections_import_failure");
      expect(collections.message).toContain(`The name ${name} is reserved`);
    }
    expect(await root.collections.getFullList()).toEqual(before);
    const guest = new PocketBase(server.url);
    for (const name of reserved) {
      expect((await rejection(guest.collection(name).getFullList())).status).toBe(404);
    }
  });

  it("still imports PocketBase's system collections and the schema, deleteMissing included", async () => {
    const all = await root.collections.getFullList();
    const mfas = publicCollection("_mfas");
    await expect(root.collections.import([...all, mfas], false)).resolves.toBe(true);
    expect((await root.collections.getOne("_mfas")).name).toBe("_mfas");
    await expect(root.collections.import(all, true)).resolves.toBe(true);
    expect((await root.collections.getFullList()).map((c) => c.name).sort()).toEqual(
      all.map((c) => c.name).sort(),
    );
    expect((await root.collection("_superusers").getFullList()).length).toBeGreaterThan(0);
  });

  it("forgets at start a collection stored over one of its own tables", async () => {
    // A database holding such a definition, from before these names were refused.
    const dataDir = mkdtempSync(path.join(fixtureRoot, "reserved-"));
    const store = Store.open(dataDir);
    for (const name of ["_collections", "_passkeys"]) {
      const data = JSON.stringify({ ...publicCollection(name), id: `pbc_${name}`, fields: [] });
      store.run(`INSERT INTO "_collections" ("id", "name", "data") VALUES (?, ?, ?)`, [
        `pbc_${name}`,
        name,
        data,
      ]);
    }
    store.close();
    const { server: restarted, root: rootThere } = await startServerAsRoot({ dataDir });
    try {
      const guest = new PocketBase(restarted.url);
      for (const name of ["_collections", "_passkeys"]) {
        expect((await rejection(guest.collection(name).getFullList())).status).toBe(404);
        expect((await rejection(rootThere.collections.getOne(name))).status).toBe(404);
      }
      const all = await rootThere.collections.getFullList();
      await expect(rootThere.collections.import(all, true)).resolves.toBe(true);
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("pocketbase-typegen", () => {
  it("generates the collections' types from this server", async () => {
    // Installed for the test from the npm registry, without its native SQLite module's install
    // script (only its --db mode needs it).
    const dir = mkdtempSync(path.join(fixtureRoot, "typegen-"));
    try {
      execFileSync(
        "npm",
        [
          "install",
          "--prefix",
          dir,
          "--ignore-scripts",
          "--no-audit",
          "--no-fund",
          "pocketbase-typegen@1.5.0",
        ],
        { stdio: "pipe", timeout: 120_000 },
      );
      const out = path.join(dir, "pocketbase-types.ts");
      // Run without blocking this process: the server answering it lives here.
      const run = await promisify(execFile)(
        path.join(dir, "node_modules/.bin/pocketbase-typegen"),
        ["--url", server.url, "--email", "root@example.com", "--password", "a root password 1", "--out", out],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(run.stdout).toContain("Created typescript definitions");
      expect(existsSync(out)).toBe(true);
      const types = readFileSync(out, "utf8");
      expect(types).toContain("export type UsersRecord");
      expect(types).toMatch(/plan\??: UsersPlanOptions/);
      expect(types).toContain("export type SubscriptionsRecord");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
