import type { default as PocketBase, CollectionModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejection, signedUpUser } from "../testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "../testing/start-server.ts";

// PocketBase's "Import collections", through the official SDK on a real port: `_superusers` is
// treated as PocketBase treats a system collection, accepted as it is (an export of this server or
// of a real PocketBase holds it) but its API rules and its name never change; a name SQLite
// refuses is the import's 400, never a 500.

let server: TestServer;
let root: PocketBase;

/** Part of a collection, as an import may send it (the rest keeps its stored value). */
const partial = (collection: Record<string, unknown>) => collection as unknown as CollectionModel;

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
});
afterAll(() => server.close());

describe("importing _superusers", () => {
  it("refuses to change its API rules: no user lists the superusers or sets their passwords", async () => {
    const user = await signedUpUser(server.url, "would-be-manager@example.com");
    const before = await root.collections.getOne("_superusers");
    const signedIn = "@request.auth.id != ''";
    for (const rules of [
      { listRule: "", viewRule: "" },
      { updateRule: signedIn, manageRule: signedIn },
      { authRule: "verified = false" },
    ]) {
      const error = await rejection(
        root.collections.import([partial({ name: "_superusers", type: "auth", ...rules })], false),
      );
      expect(error.status).toBe(400);
      expect(error.response.data).toEqual({
        collections: {
          code: "validation_collections_import_failure",
          message:
            "Failed to import the collections configuration. The API rules of the system collection _superusers cannot be changed.",
        },
      });
    }
    expect(await root.collections.getOne("_superusers")).toEqual(before);
    expect((await rejection(user.pb.collection("_superusers").getList())).status).toBe(403);
    const [superuser] = await root.collection("_superusers").getFullList();
    const update = user.pb
      .collection("_superusers")
      .update(superuser!.id, { password: "taken over 1234", passwordConfirm: "taken over 1234" });
    expect((await rejection(update)).status).toBe(403);
    await expect(
      root.collection("_superusers").authWithPassword("root@example.com", "a root password 1"),
    ).resolves.toBeTruthy();
  });

  it("refuses to rename it, and still takes it unchanged, alone or in the whole schema", async () => {
    const superusers = await root.collections.getOne("_superusers");
    const renamed = await rejection(
      root.collections.import([partial({ id: superusers.id, name: "admins" })], false),
    );
    expect(renamed.status).toBe(400);
    expect(renamed.response.data).toHaveProperty(
      "collections.message",
      "Failed to import the collections configuration. The system collection _superusers cannot be renamed.",
    );
    await expect(root.collections.import([superusers], false)).resolves.toBe(true);
    await expect(root.collections.import(await root.collections.getFullList(), true)).resolves.toBe(true);
    expect(await root.collections.getOne("_superusers")).toEqual(superusers);
  });
});

describe("importing a name SQLite already uses", () => {
  it("answers 400 for an index's name, its own name in another case, or two names swapped; then imports as before", async () => {
    const before = await root.collections.getFullList();
    const id = (name: string) => before.find((c) => c.name === name)!.id;
    const index = "idx_stremio_user";
    expect(before.find((c) => c.name === "stremio")!.indexes.join()).toContain(index);
    for (const [collections, name] of [
      [[...before, partial({ name: index, type: "base", listRule: "", fields: [] })], index],
      [[partial({ id: id("stremio"), name: index })], index],
      [[partial({ id: id("stremio"), name: "Stremio" })], "Stremio"],
      [
        [
          partial({ id: id("user_notes"), name: "user_changes" }),
          partial({ id: id("user_changes"), name: "user_notes" }),
        ],
        "user_changes",
      ],
    ] as const) {
      const error = await rejection(root.collections.import([...collections], false));
      expect(error.status, name).toBe(400);
      expect(error.response.data).toHaveProperty(
        "collections.message",
        `Failed to import the collections configuration. The name ${name} is already used by another table or index.`,
      );
    }
    expect(await root.collections.getFullList()).toEqual(before);
    await expect(root.collections.import(before, true)).resolves.toBe(true);
  });
});
