import PocketBase from "pocketbase";
import { runSuperuserCommand } from "./cli.ts";
import { mailArrives, mailsTo } from "./testing/outbox.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejection, signedUpUser } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// The operators' record of a user, through the official SDK on a real port: what a superuser
// changes on a user is kept (field, old → new, by whom), notes are signed by their author, and no
// visitor, not even the site's admins, reads or writes either.

let server: TestServer;
let root: PocketBase;

const changesOf = async (userId: string) =>
  (
    await root
      .collection("user_changes")
      .getFullList({ filter: root.filter("user = {:id}", { id: userId }), sort: "created,id" })
  )
    .map(({ field, old, new: now, author }) => ({ field, old, new: now, author }))
    // One save's changes share their moment: in the order of their fields' names.
    .sort((a, b) => a.field.localeCompare(b.field));

/** A second superuser, ops@example.com, signed in. */
async function otherSuperuser(): Promise<PocketBase> {
  await runSuperuserCommand(server.dataDir, ["upsert", "ops@example.com", "an ops password 1"]);
  const ops = new PocketBase(server.url);
  await ops.collection("_superusers").authWithPassword("ops@example.com", "an ops password 1");
  return ops;
}

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
});
afterAll(() => server.close());

describe("the record of changes", () => {
  it("keeps each field a superuser changes, with the old and new values and who changed it", async () => {
    const user = await signedUpUser(server.url, "changed@example.com", { name: "Before" });
    await root.collection("users").update(user.id, { name: "After", verified: true, admin: true });
    expect(await changesOf(user.id)).toEqual([
      { field: "admin", old: "false", new: "true", author: "root@example.com" },
      { field: "name", old: "Before", new: "After", author: "root@example.com" },
      { field: "verified", old: "false", new: "true", author: "root@example.com" },
    ]);
  });

  it("says a password changed, never its value; a user's own change is not the operators' record", async () => {
    const user = await signedUpUser(server.url, "secret@example.com");
    await user.pb.collection("users").update(user.id, { name: "Mine" });
    await root
      .collection("users")
      .update(user.id, { password: "a new password 1", passwordConfirm: "a new password 1" });
    expect(await changesOf(user.id)).toEqual([
      { field: "password", old: "", new: "", author: "root@example.com" },
    ]);
  });

  it("keeps a superuser's new account and payment recorded by hand", async () => {
    const created = await root.collection("users").create({
      email: "made@example.com",
      password: "a made password 1",
      passwordConfirm: "a made password 1",
      plan: "free",
    });
    const until = `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)} 23:59:59.999Z`;
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: created.id, until, interval: "year" },
    });
    const changes = await changesOf(created.id);
    expect(changes[0]).toEqual({
      field: "created",
      old: "",
      new: "made@example.com",
      author: "root@example.com",
    });
    expect(changes.find((change) => change.field === "subscription")).toEqual({
      field: "subscription",
      old: "",
      new: `active, year, ${until}`,
      author: "root@example.com",
    });
  });

  it("is append-only: no superuser edits or deletes an entry", async () => {
    const user = await signedUpUser(server.url, "kept@example.com");
    await root.collection("users").update(user.id, { name: "Kept" });
    const [entry] = await root
      .collection("user_changes")
      .getFullList({ filter: root.filter("user = {:id}", { id: user.id }) });
    for (const attempt of [
      () => root.collection("user_changes").update(entry!.id, { new: "Forged", author: "x@y.z" }),
      () => root.collection("user_changes").delete(entry!.id),
    ]) {
      const error = await rejection(attempt());
      expect(error.status).toBe(400);
      expect(error.response).toMatchObject({ status: 400, message: expect.stringContaining("Failed to") });
    }
    expect(await changesOf(user.id)).toEqual([
      { field: "name", old: "Payer", new: "Kept", author: "root@example.com" },
    ]);
  });

  it("is written by the server only: the records API refuses it, even to a superuser", async () => {
    const user = await signedUpUser(server.url, "forged@example.com");
    const error = await rejection(
      root
        .collection("user_changes")
        .create({ user: user.id, field: "plan", old: "free", new: "paid", author: "x" }),
    );
    expect(error.status).toBe(400);
    expect(await changesOf(user.id)).toEqual([]);
  });
});

describe("notes on a user", () => {
  it("are signed by the superuser who writes them, whatever the request says", async () => {
    const user = await signedUpUser(server.url, "noted@example.com");
    const note = await root
      .collection("user_notes")
      .create({ user: user.id, text: "Called about the invoice.", author: "someone@else.example" });
    expect(note).toMatchObject({ text: "Called about the invoice.", author: "root@example.com" });
    const edited = await root
      .collection("user_notes")
      .update(note.id, { text: "Called twice.", author: "x@y.z" });
    expect(edited).toMatchObject({ text: "Called twice.", author: "root@example.com" });
  });

  it("keep their author when another superuser edits them, and say who last edited them and when", async () => {
    const user = await signedUpUser(server.url, "edited-note@example.com");
    const note = await root.collection("user_notes").create({ user: user.id, text: "First words." });
    expect(note).toMatchObject({ author: "root@example.com", editor: "" });
    const ops = await otherSuperuser();
    const edited = await ops
      .collection("user_notes")
      .update(note.id, { text: "Other words.", author: "ops@example.com", editor: "root@example.com" });
    expect(edited).toMatchObject({
      text: "Other words.",
      author: "root@example.com",
      editor: "ops@example.com",
    });
    expect(edited.updated >= note.updated).toBe(true);
  });

  it("refuse an empty note", async () => {
    const user = await signedUpUser(server.url, "empty-note@example.com");
    const error = await rejection(root.collection("user_notes").create({ user: user.id, text: "" }));
    expect(error.status).toBe(400);
    expect(error.response.data).toHaveProperty("text.code", "validation_required");
  });
});

describe("nobody but a superuser", () => {
  it("reads or writes notes and the record of changes, not the user, not a site admin", async () => {
    const user = await signedUpUser(server.url, "curious@example.com");
    const admin = await signedUpUser(server.url, "site-admin@example.com");
    await root.collection("users").update(admin.id, { admin: true });
    await root.collection("user_notes").create({ user: user.id, text: "Private." });
    for (const visitor of [user.pb, admin.pb]) {
      for (const name of ["user_notes", "user_changes"]) {
        expect((await rejection(visitor.collection(name).getList())).status, name).toBe(403);
        const created = await rejection(
          visitor.collection(name).create({ user: user.id, text: "x", field: "x" }),
        );
        expect(created.status, name).toBe(403);
      }
      // Nor through their own record's back-relations.
      const own = await visitor
        .collection("users")
        .getOne(user.id, { expand: "user_notes_via_user,user_changes_via_user" })
        .catch(() => null);
      expect(own?.expand ?? {}).toEqual({});
    }
  });

  it("the notes and the record of changes go with their user", async () => {
    const user = await signedUpUser(server.url, "leaving@example.com");
    await root.collection("user_notes").create({ user: user.id, text: "Leaving." });
    await root.collection("users").update(user.id, { name: "Gone soon" });
    await root.collection("users").delete(user.id);
    const left = async (name: string) =>
      (await root.collection(name).getList(1, 1, { filter: root.filter("user = {:id}", { id: user.id }) }))
        .totalItems;
    expect([await left("user_notes"), await left("user_changes")]).toEqual([0, 0]);
  });
});

describe("a superuser's password", () => {
  it("set by another superuser is mailed to its owner, not when they set it themselves", async () => {
    const ops = await otherSuperuser();
    const opsId = ops.authStore.record!.id;
    await ops.collection("_superusers").update(opsId, {
      password: "an ops password 2",
      passwordConfirm: "an ops password 2",
      oldPassword: "an ops password 1",
    });
    await root
      .collection("_superusers")
      .update(opsId, { password: "an ops password 3", passwordConfirm: "an ops password 3" });
    const mail = await mailArrives(
      server.dataDir,
      "ops@example.com",
      /^The password of your Lumen superuser account was changed$/,
    );
    expect(mail.text).toContain("root@example.com changed the password of your Lumen superuser account");
    expect(mail.text).toContain("http://localhost:8090/_/");
    expect(mailsTo(server.dataDir, "ops@example.com")).toHaveLength(1);
  });

  it("reaches its owner's address even when the same save changes it", async () => {
    await runSuperuserCommand(server.dataDir, ["upsert", "night@example.com", "a night password 1"]);
    const [night] = await root
      .collection("_superusers")
      .getFullList({ filter: root.filter("email = {:email}", { email: "night@example.com" }) });
    await root.collection("_superusers").update(night!.id, {
      email: "elsewhere@example.com",
      password: "a night password 2",
      passwordConfirm: "a night password 2",
    });
    const mail = await mailArrives(
      server.dataDir,
      "night@example.com",
      /^The password of your Lumen superuser account was changed$/,
    );
    expect(mail.text).toContain("root@example.com changed the password");
    expect(mailsTo(server.dataDir, "elsewhere@example.com")).toEqual([]);
  });
});
