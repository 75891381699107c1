import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// An `admin` user (not a superuser) sees every account for the admin page, but never another user's
// secrets: not in the record, not in an expand, not through the order of a sort or the matches of a
// filter.

const password = "a good password";
let server: TestServer;
let root: PocketBase;
let admin: PocketBase;
let owner: PocketBase;
let probe: PocketBase;
const secret = "s3cret-stremio-pass";
// A numeric Stremio password, which strftime and geoDistance read as a number.
const pin = "1234567890";

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const pb = new PocketBase(server.url);
  await pb.collection("users").create({ email, password, passwordConfirm: password, plan: "free", ...extra });
  await pb.collection("users").authWithPassword(email, password);
  return pb;
}

/** Gives the signed-in user of `pb` these Stremio credentials, as the account page does. */
async function setStremio(pb: PocketBase, credentials: { email?: string; password: string }) {
  const stremio = pb.collection("stremio");
  const record = await stremio.getFirstListItem(pb.filter("user = {:id}", { id: pb.authStore.record!.id }));
  await stremio.update(record.id, credentials);
}

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot());
  owner = await signUp("m-owner@example.com");
  await setStremio(owner, { email: "owner_x@lumen.stream", password: secret });
  // Probes with public emails on either side of the owner's hidden one.
  probe = await signUp("a-probe@example.com", { emailVisibility: true });
  await setStremio(probe, { password: pin });
  await signUp("z-probe@example.com", { emailVisibility: true });
  admin = await signUp("admin@example.com");
  const users = server.app.store.findCollection("users")!;
  server.app.store.update(users, admin.authStore.record!.id, { admin: true });
});
afterAll(() => server.close());

const ownerId = () => owner.authStore.record!.id;

describe("an admin user reading other accounts", () => {
  it("sees that credentials exist (stremio_username), never the Stremio password", async () => {
    const viewed = await admin.collection("users").getOne(ownerId(), { expand: "stremio_via_user" });
    expect(viewed.stremio_username).toBe("owner_x@lumen.stream");
    expect(JSON.stringify(viewed)).not.toContain(secret);
    const listed = await admin.collection("users").getFullList({ expand: "stremio_via_user" });
    expect(listed.map((user) => user.id)).toContain(ownerId());
    expect(JSON.stringify(listed)).not.toContain(secret);
    // The owner still reads their own, on their Stremio record.
    const own = await owner.collection("users").getOne(ownerId(), { expand: "stremio_via_user" });
    expect(own.expand?.stremio_via_user).toMatchObject({ email: "owner_x@lumen.stream", password: secret });
    const readable = await admin.collection("stremio").getFullList();
    expect(readable.map((record) => record.user)).toEqual([admin.authStore.record!.id]);
  });

  it("cannot learn a hidden email from the order of a sort", async () => {
    for (const sort of ["email", "-email", "email:lower"]) {
      const emails = (await admin.collection("users").getFullList({ sort })).map((u) => u.email ?? "");
      const at = (email: string) => emails.indexOf(email);
      const hidden = emails.findIndex((email, i) => email === "" && i > at("a-probe@example.com"));
      const between =
        hidden > Math.min(at("a-probe@example.com"), at("z-probe@example.com")) &&
        hidden < Math.max(at("a-probe@example.com"), at("z-probe@example.com"));
      expect(between, `${sort}: ${JSON.stringify(emails)}`).toBe(false);
    }
  });

  it("cannot match on another user's Stremio password, directly or through stremio_via_user", async () => {
    for (const filter of [
      `stremio_via_user.password = "${secret}"`,
      'stremio_via_user.password ~ "s3cret"',
      'stremio_via_user.email ~ "owner_x"',
    ]) {
      const found = await admin.collection("users").getList(1, 50, { filter });
      expect(found.items, filter).toEqual([]);
    }
    // Their owner may, on their own record.
    const own = await owner
      .collection("users")
      .getList(1, 50, { filter: `stremio_via_user.password = "${secret}"` });
    expect(own.items.map((user) => user.id)).toEqual([ownerId()]);
  });

  it("still finds users by a public email and counts plans, as the admin page does", async () => {
    const found = await admin.collection("users").getFirstListItem('email = "z-probe@example.com"');
    expect(found.email).toBe("z-probe@example.com");
    expect((await admin.collection("users").getList(1, 1, { filter: 'plan = "free"' })).totalItems).toBe(4);
  });
});

describe("an admin user filtering through functions and modifiers", () => {
  // Each pair differs only in whether it holds for the probe's real Stremio password.
  const pairs: [holds: string, fails: string][] = [
    [
      'strftime("%s", stremio_via_user.password, "unixepoch") ~ "1234%"',
      'strftime("%s", stremio_via_user.password, "unixepoch") ~ "9876%"',
    ],
    [
      `geoDistance(0, 0, stremio_via_user.password, 0) = geoDistance(0, 0, ${pin}, 0)`,
      "geoDistance(0, 0, stremio_via_user.password, 0) = geoDistance(0, 0, 1234567000, 0)",
    ],
    [`stremio_via_user.password:lower = "${pin}"`, 'stremio_via_user.password:lower = "0"'],
    [`stremio_via_user.password:length = "${pin}"`, 'stremio_via_user.password:length = "0"'],
    [`stremio_via_user.password:each = "${pin}"`, 'stremio_via_user.password:each = "0"'],
  ];
  const count = async (pb: PocketBase, filter: string) =>
    (
      await pb
        .collection("users")
        .getList(1, 1, { filter: `id = "${probe.authStore.record!.id}" && (${filter})` })
    ).totalItems;

  it("gets the same answer whatever another user's Stremio password is", async () => {
    for (const [holds, fails] of pairs) {
      expect(await count(admin, holds), holds).toBe(await count(admin, fails));
    }
  });

  it("leaves superusers and the owner filtering on the real value", async () => {
    for (const pb of [root, probe]) {
      for (const [holds, fails] of pairs) {
        expect(await count(pb, holds), holds).toBe(1);
        expect(await count(pb, fails), fails).toBe(0);
      }
    }
  });
});
