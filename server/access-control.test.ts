import { describe, expect, it } from "vitest";
import { newRecordToken } from "./core/auth.ts";
import { signJwt } from "./tools/jwt.ts";
import { createTestApp, fixturePassword, type TestApp } from "./testing/fixtures.ts";

// Who may do what, for every endpoint and collection: guest, owner (alice), another user (bob), an
// `admin` user and a superuser, each against alice's records, each on a fresh database.

type Role = "guest" | "owner" | "other" | "admin" | "superuser";
const roles: Role[] = ["guest", "owner", "other", "admin", "superuser"];
const tokenOf = (t: TestApp, role: Role) =>
  role === "guest"
    ? undefined
    : t.tokens[({ owner: "alice", other: "bob", admin: "admin", superuser: "superuser" } as const)[role]];

type Case = {
  endpoint: string;
  method: string;
  url: string;
  body?: (t: TestApp) => unknown;
  /** Expected status per role; `check` may assert more (e.g. whether alice's record is listed). */
  expect: Record<Role, number>;
  check?: (role: Role, text: string, t: TestApp) => void;
};

/** The same status for every role. */
const all = (status: number): Record<Role, number> => ({
  guest: status,
  owner: status,
  other: status,
  admin: status,
  superuser: status,
});
/** `denied` for everyone but the superuser, who gets `allowed`. */
const superuserOnly = (denied: number, allowed: number) => ({ ...all(denied), superuser: allowed });

const signup = {
  email: "new@example.com",
  password: "a good password",
  passwordConfirm: "a good password",
  plan: "free",
};
const listedAlice = (visible: Role[]) => (role: Role, text: string) =>
  expect(text.includes("aliceaaaaaaaaaa"), `${role} sees alice`).toBe(visible.includes(role));
const listedStremio = (visible: Role[]) => (role: Role, text: string) =>
  expect(text.includes("stremioalice000"), `${role} sees alice's stremio record`).toBe(
    visible.includes(role),
  );

const cases: Case[] = [
  // users
  {
    endpoint: "users list",
    method: "GET",
    url: "/api/collections/users/records",
    expect: all(200),
    check: listedAlice(["owner", "admin", "superuser"]),
  },
  {
    endpoint: "users list by id filter",
    method: "GET",
    url: `/api/collections/users/records?filter=${encodeURIComponent('id = "aliceaaaaaaaaaa"')}`,
    expect: all(200),
    check: listedAlice(["owner", "admin", "superuser"]),
  },
  {
    endpoint: "users view",
    method: "GET",
    url: "/api/collections/users/records/aliceaaaaaaaaaa",
    expect: { guest: 404, owner: 200, other: 404, admin: 200, superuser: 200 },
  },
  {
    endpoint: "users create",
    method: "POST",
    url: "/api/collections/users/records",
    body: () => signup,
    expect: all(200),
  },
  {
    endpoint: "users update",
    method: "PATCH",
    url: "/api/collections/users/records/aliceaaaaaaaaaa",
    body: () => ({ name: "changed" }),
    expect: { guest: 404, owner: 200, other: 404, admin: 404, superuser: 200 },
  },
  {
    endpoint: "users delete",
    method: "DELETE",
    url: "/api/collections/users/records/aliceaaaaaaaaaa",
    expect: superuserOnly(403, 204),
  },
  {
    endpoint: "users auth-refresh",
    method: "POST",
    url: "/api/collections/users/auth-refresh",
    expect: { guest: 401, owner: 200, other: 200, admin: 200, superuser: 403 },
  },
  {
    endpoint: "users request-email-change",
    method: "POST",
    url: "/api/collections/users/request-email-change",
    body: () => ({ newEmail: "fresh@example.com" }),
    expect: { guest: 401, owner: 204, other: 204, admin: 204, superuser: 403 },
  },
  {
    endpoint: "users auth-with-password",
    method: "POST",
    url: "/api/collections/users/auth-with-password",
    body: () => ({ identity: "alice@example.com", password: fixturePassword }),
    expect: all(200),
  },
  // stremio
  {
    endpoint: "stremio list",
    method: "GET",
    url: "/api/collections/stremio/records",
    expect: all(200),
    check: listedStremio(["owner", "superuser"]),
  },
  {
    endpoint: "stremio list, expanded from users",
    method: "GET",
    url: "/api/collections/users/records?expand=stremio_via_user",
    expect: all(200),
    check: listedStremio(["owner", "superuser"]),
  },
  {
    endpoint: "stremio view",
    method: "GET",
    url: "/api/collections/stremio/records/stremioalice000",
    expect: { guest: 404, owner: 200, other: 404, admin: 404, superuser: 200 },
  },
  {
    endpoint: "stremio create for the admin user",
    method: "POST",
    url: "/api/collections/stremio/records",
    body: (t) => ({ user: t.users.admin.id, field: "active" }),
    expect: { guest: 400, owner: 400, other: 400, admin: 200, superuser: 200 },
  },
  {
    endpoint: "stremio update",
    method: "PATCH",
    url: "/api/collections/stremio/records/stremioalice000",
    body: () => ({ password: "changed" }),
    expect: { guest: 404, owner: 200, other: 404, admin: 404, superuser: 200 },
  },
  {
    endpoint: "stremio delete",
    method: "DELETE",
    url: "/api/collections/stremio/records/stremioalice000",
    expect: superuserOnly(403, 204),
  },
  // _superusers
  {
    endpoint: "_superusers list",
    method: "GET",
    url: "/api/collections/_superusers/records",
    expect: superuserOnly(403, 200),
  },
  {
    endpoint: "_superusers view",
    method: "GET",
    url: "/api/collections/_superusers/records/rootrootrootroo",
    expect: superuserOnly(403, 200),
  },
  {
    endpoint: "_superusers create",
    method: "POST",
    url: "/api/collections/_superusers/records",
    body: () => ({
      email: "root2@example.com",
      password: "a good password",
      passwordConfirm: "a good password",
    }),
    expect: superuserOnly(403, 200),
  },
  {
    endpoint: "_superusers update",
    method: "PATCH",
    url: "/api/collections/_superusers/records/rootrootrootroo",
    body: () => ({ emailVisibility: true }),
    expect: superuserOnly(403, 200),
  },
  {
    endpoint: "_superusers delete",
    method: "DELETE",
    url: "/api/collections/_superusers/records/rootrootrootroo",
    // The fixture's superuser is the only one: even a superuser can't delete it.
    expect: superuserOnly(403, 400),
    check: (role, text) => {
      if (role === "superuser")
        expect(text).toBe(
          '{"data":{},"message":"You can\'t delete the only existing superuser.","status":400}',
        );
    },
  },
  // collections
  {
    endpoint: "collections import",
    method: "PUT",
    url: "/api/collections/import",
    body: () => ({ collections: [{ name: "extra", type: "base" }] }),
    expect: { guest: 401, owner: 403, other: 403, admin: 403, superuser: 204 },
  },
];

describe("access-control matrix", () => {
  for (const c of cases) {
    describe(c.endpoint, () => {
      for (const role of roles) {
        it(`${role}: ${c.expect[role]}`, async () => {
          const t = await createTestApp();
          try {
            const res = await t.request(c.method, c.url, { token: tokenOf(t, role), body: c.body?.(t) });
            expect(res.status, res.text).toBe(c.expect[role]);
            c.check?.(role, res.text, t);
          } finally {
            await t.close();
          }
        });
      }
    });
  }
});

describe("privilege escalation attempts, all rejected", () => {
  const validSignup = {
    email: "eve@example.com",
    password: "a good password",
    passwordConfirm: "a good password",
    plan: "free",
    price: "0",
  };
  const signupAttempts: Record<string, unknown>[] = [
    { admin: true },
    { admin: "true" },
    { admin: 1 },
    { admin: "1" },
    { admin: "t" },
    { is_api: true },
    { is_api: "TRUE" },
    { verified: true },
    { verified: "1" },
    { stripe: "cus_123" },
    { stripe: ["cus_123"] },
    { stripe: 123 },
    { price: "4.99" },
    { price: 49.99 },
    { price: "-1" },
    { "price+": 4.99 },
    { plan: "paid" },
    { plan: "paid", is_monthly: true, price: "49.99" },
    { plan: "paid", is_monthly: false, price: 4.99 },
    { plan: ["free", "paid"], price: 4.99 },
    { plan: "enterprise" },
    { id: "rootrootrootroo" },
    { id: "aliceaaaaaaaaaa" },
  ];
  for (const attempt of signupAttempts) {
    it(`sign-up with ${JSON.stringify(attempt)}`, async () => {
      const t = await createTestApp();
      try {
        const res = await t.request("POST", "/api/collections/users/records", {
          body: { ...validSignup, ...attempt },
        });
        // Refused, or (for values PocketBase casts away, like a list for a text field) stored harmless.
        const users = t.app.store.find(t.app.store.findCollection("users")!);
        const eve = users.find((u) => u.email === "eve@example.com");
        if (res.status !== 400) {
          expect(res.status, res.text).toBe(200);
          expect(eve).toMatchObject({
            admin: false,
            is_api: false,
            verified: false,
            stripe: "",
            plan: "free",
            price: 0,
          });
        } else expect(eve).toBeUndefined();
        expect(users.filter((u) => u.admin)).toHaveLength(1);
      } finally {
        await t.close();
      }
    });
  }

  const updateAttempts: Record<string, unknown>[] = [
    { admin: true },
    { admin: 1 },
    { admin: "1" },
    { is_api: true },
    { stripe: "cus_123" },
    { stripe: "" },
    { price: 49.99 },
    { price: 0 },
    { "price+": 10 },
    { "price-": 10 },
    { plan: "paid" },
    { plan: "free" },
    { is_monthly: true },
    { verified: false, admin: true },
    { name: "ok", admin: true },
  ];
  for (const attempt of updateAttempts) {
    it(`owner update with ${JSON.stringify(attempt)}`, async () => {
      const t = await createTestApp();
      try {
        const res = await t.request("PATCH", "/api/collections/users/records/aliceaaaaaaaaaa", {
          token: t.tokens.alice,
          body: attempt,
        });
        expect(res.status, res.text).toBe(404);
        const alice = t.app.store.findById(t.app.store.findCollection("users")!, "aliceaaaaaaaaaa")!;
        expect(alice).toMatchObject({
          admin: false,
          is_api: false,
          stripe: "",
          price: 0,
          plan: "free",
          is_monthly: false,
          name: "Alice",
        });
      } finally {
        await t.close();
      }
    });
  }

  it("owner cannot verify themselves, change their email or their id", async () => {
    const t = await createTestApp();
    try {
      const url = "/api/collections/users/records/bobbbbbbbbbbbbb";
      for (const body of [{ verified: true }, { email: "bob2@example.com" }, { id: "bobnewbobnewbob" }]) {
        const res = await t.request("PATCH", url, { token: t.tokens.bob, body });
        expect(res.status, res.text).toBe(400);
      }
      expect(t.app.store.findById(t.app.store.findCollection("users")!, "bobbbbbbbbbbbbb")).toMatchObject({
        verified: false,
        email: "bob@example.com",
      });
    } finally {
      await t.close();
    }
  });

  it("forged tokens are guests", async () => {
    const t = await createTestApp();
    try {
      const users = t.app.store.findCollection("users")!;
      const superusers = t.app.store.findCollection("_superusers")!;
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const aliceKey = String(t.users.alice.tokenKey) + t.app.store.secret(users, "authToken");
      const forged = [
        `${part({ alg: "none", typ: "JWT" })}.${part({ collectionId: superusers.id, exp: 9999999999, id: "rootrootrootroo", type: "auth" })}.`,
        signJwt(
          { collectionId: superusers.id, id: "rootrootrootroo", refreshable: true, type: "auth" },
          aliceKey,
          3600,
        ),
        signJwt(
          { collectionId: users.id, id: "bobbbbbbbbbbbbb", refreshable: true, type: "auth" },
          aliceKey,
          3600,
        ),
        signJwt(
          { collectionId: users.id, id: "aliceaaaaaaaaaa", refreshable: true, type: "auth" },
          "secret",
          3600,
        ),
        signJwt({ collectionId: users.id, id: "aliceaaaaaaaaaa", type: "auth" }, aliceKey, -1),
        newRecordToken(t.app.store, users, t.users.alice, "passwordReset"),
        `${t.tokens.alice.slice(0, -2)}xx`,
      ];
      for (const token of forged) {
        const view = await t.request("GET", "/api/collections/users/records/aliceaaaaaaaaaa", { token });
        expect(view.status).toBe(404);
        const list = await t.request("GET", "/api/collections/_superusers/records", { token });
        expect(list.status).toBe(403);
        const refresh = await t.request("POST", "/api/collections/users/auth-refresh", { token });
        expect(refresh.status).toBe(401);
      }
    } finally {
      await t.close();
    }
  });

  it("hidden fields cannot be read, filtered, sorted or picked", async () => {
    const t = await createTestApp();
    try {
      const token = t.tokens.alice;
      for (const query of [
        "filter=" + encodeURIComponent('tokenKey != ""'),
        "filter=" + encodeURIComponent('password ~ "$2"'),
        "sort=tokenKey",
        "sort=-password",
      ]) {
        expect((await t.request("GET", `/api/collections/users/records?${query}`, { token })).status).toBe(
          400,
        );
      }
      const picked = await t.request("GET", "/api/collections/users/records?fields=password,tokenKey,id", {
        token,
      });
      expect(picked.text).not.toContain("tokenKey");
      expect(picked.text).not.toContain("$2");
      const superuser = await t.request("GET", "/api/collections/users/records", {
        token: t.tokens.superuser,
      });
      expect(superuser.text).not.toContain('"tokenKey"');
      expect(superuser.text).not.toContain('"password"');
    } finally {
      await t.close();
    }
  });

  it("a stremio record cannot be moved to, created for, or read from someone else", async () => {
    const t = await createTestApp();
    try {
      const moved = await t.request("PATCH", "/api/collections/stremio/records/stremioalice000", {
        token: t.tokens.alice,
        body: { user: t.users.bob.id },
      });
      expect(moved.status).toBe(404);
      const listAll = await t.request(
        "GET",
        `/api/collections/stremio/records?filter=${encodeURIComponent('user != ""')}`,
        { token: t.tokens.alice },
      );
      expect(listAll.json.totalItems).toBe(1);
      const expandOther = await t.request("GET", "/api/collections/users/records?expand=stremio_via_user", {
        token: t.tokens.admin,
      });
      expect(expandOther.text).not.toContain("stremiobob00000");
      expect(t.app.store.findById(t.app.store.findCollection("stremio")!, "stremioalice000")).toMatchObject({
        user: "aliceaaaaaaaaaa",
      });
    } finally {
      await t.close();
    }
  });
});
