// The `users` and `stremio` API rules (docs/api.md, "Collections") executed against real rows: who sees and changes what.
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import {
  authAs,
  createAllowed,
  createDb,
  matchIds,
  posts,
  stremio,
  users,
  type RunOptions,
} from "./test-fixtures.ts";

let db: DatabaseSync;
beforeEach(() => {
  db = createDb();
});

const as = (userId: string | null, more: RunOptions["request"] = {}): RunOptions => ({
  request: { auth: userId ? authAs(db, userId) : null, ...more },
});

describe("list and view rules", () => {
  const scenarios: {
    name: string;
    rule: () => [typeof users, string];
    who: string | null;
    expected: string[];
  }[] = [
    { name: "guest sees no user", rule: () => [users, users.listRule!], who: null, expected: [] },
    { name: "alice sees only herself", rule: () => [users, users.listRule!], who: "u1", expected: ["u1"] },
    {
      name: "the admin sees only herself with the owner rule",
      rule: () => [users, users.viewRule!],
      who: "u3",
      expected: ["u3"],
    },
    {
      name: "guest sees no stremio record",
      rule: () => [stremio, stremio.listRule!],
      who: null,
      expected: [],
    },
    {
      name: "alice sees her stremio record",
      rule: () => [stremio, stremio.listRule!],
      who: "u1",
      expected: ["s1"],
    },
    {
      name: "bob sees his stremio record",
      rule: () => [stremio, stremio.viewRule!],
      who: "u2",
      expected: ["s2"],
    },
    {
      name: "carol has no stremio record",
      rule: () => [stremio, stremio.listRule!],
      who: "u3",
      expected: [],
    },
    {
      name: "an admin rule lets the admin list everyone",
      rule: () => [users, "id = @request.auth.id || @request.auth.admin = true"],
      who: "u3",
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "the same admin rule keeps a non-admin to herself",
      rule: () => [users, "id = @request.auth.id || @request.auth.admin = true"],
      who: "u1",
      expected: ["u1"],
    },
    {
      name: "the same admin rule shows a guest nothing",
      rule: () => [users, "id = @request.auth.id || @request.auth.admin = true"],
      who: null,
      expected: [],
    },
  ];
  for (const s of scenarios) {
    it(s.name, () => {
      const [collection, rule] = s.rule();
      expect(matchIds(db, collection, rule, as(s.who))).toEqual(s.expected);
    });
  }
});

describe("users createRule over a virtual row (sign-up)", () => {
  const signup = { email: "new@example.com", password: "12345678", passwordConfirm: "12345678" };
  const scenarios: { name: string; body: Record<string, unknown>; allowed: boolean }[] = [
    { name: "plain sign-up", body: signup, allowed: true },
    {
      name: "sign-up sending the defaults",
      body: { ...signup, admin: false, is_api: false, price: 0, stripe: "" },
      allowed: true,
    },
    { name: "defaults as form strings", body: { ...signup, price: "0" }, allowed: true },
    { name: "admin: true", body: { ...signup, admin: true }, allowed: false },
    { name: 'admin: "true" (string)', body: { ...signup, admin: "true" }, allowed: false },
    { name: "admin: null counts as submitted", body: { ...signup, admin: null }, allowed: false },
    { name: "is_api: true", body: { ...signup, is_api: true }, allowed: false },
    { name: "price mismatch", body: { ...signup, price: 4.99 }, allowed: false },
    { name: "price mismatch as a string", body: { ...signup, price: "4.99" }, allowed: false },
    { name: "a stripe id", body: { ...signup, stripe: "cus_evil" }, allowed: false },
    { name: "unrelated fields are free", body: { ...signup, name: "Zoe", plan: "free" }, allowed: true },
  ];
  for (const s of scenarios) {
    it(`${s.name} → ${s.allowed ? "accepted" : "rejected"}`, () => {
      expect(createAllowed(db, users, s.body, as(null))).toBe(s.allowed);
    });
  }
});

describe("stremio createRule over a virtual row", () => {
  it.each([
    { who: null, user: "u1", allowed: false },
    { who: "u1", user: "u1", allowed: true },
    { who: "u1", user: "u2", allowed: false },
    { who: "u1", user: "", allowed: false },
  ])("$who creating for $user → $allowed", ({ who, user, allowed }) => {
    expect(createAllowed(db, stremio, { user, email: "x", password: "y" }, as(who))).toBe(allowed);
  });
});

describe("updateRule against the stored row", () => {
  const scenarios: { name: string; who: string | null; body: Record<string, unknown>; expected: string[] }[] =
    [
      { name: "owner renames herself", who: "u1", body: { name: "Alicia" }, expected: ["u1"] },
      { name: "owner sends admin unchanged", who: "u1", body: { admin: false }, expected: ["u1"] },
      { name: "owner tries admin: true", who: "u1", body: { admin: true }, expected: [] },
      { name: "owner keeps her price", who: "u1", body: { price: 9.99 }, expected: ["u1"] },
      { name: "owner lowers her price", who: "u1", body: { price: 0 }, expected: [] },
      { name: "owner keeps her plan", who: "u1", body: { plan: "pro" }, expected: ["u1"] },
      { name: "owner changes her plan", who: "u1", body: { plan: "free" }, expected: [] },
      { name: "owner clears her stripe id", who: "u1", body: { stripe: "" }, expected: [] },
      { name: "bob with an empty plan sends it unchanged", who: "u2", body: { plan: "" }, expected: ["u2"] },
      { name: "guest", who: null, body: { name: "x" }, expected: [] },
      { name: "an admin user only matches her own row", who: "u3", body: { name: "x" }, expected: ["u3"] },
      { name: "an admin user resending her admin flag", who: "u3", body: { admin: true }, expected: ["u3"] },
      { name: "an admin user cannot grant herself is_api", who: "u3", body: { is_api: true }, expected: [] },
    ];
  for (const s of scenarios) {
    it(s.name, () => {
      expect(matchIds(db, users, users.updateRule!, as(s.who, { body: s.body }))).toEqual(s.expected);
    });
  }

  it.each([
    { body: {}, expected: ["s1"] },
    { body: { user: "u1" }, expected: ["s1"] },
    { body: { user: "u2" }, expected: [] },
    { body: { email: "new" }, expected: ["s1"] },
  ])("stremio update by alice with $body", ({ body, expected }) => {
    expect(matchIds(db, stremio, stremio.updateRule!, as("u1", { body }))).toEqual(expected);
  });
});

describe("@request.* values", () => {
  const scenarios: { name: string; expr: string; request: RunOptions["request"]; expected: string[] }[] = [
    {
      name: "guest auth id folds to ''",
      expr: '@request.auth.id = ""',
      request: {},
      expected: ["u1", "u2", "u3"],
    },
    { name: "guest is not authenticated", expr: '@request.auth.id != ""', request: {}, expected: [] },
    {
      name: "guest auth field compared to null",
      expr: "@request.auth.verified = null",
      request: {},
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "missing body key is unset",
      expr: "@request.body.admin:isset = false",
      request: { body: {} },
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "false counts as set",
      expr: "@request.body.admin:isset = true",
      request: { body: { admin: false } },
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "set key, different check",
      expr: "@request.body.admin:isset = false",
      request: { body: { admin: false } },
      expected: [],
    },
    {
      name: "query values",
      expr: '@request.query.page = "2"',
      request: { query: { page: "2" } },
      expected: ["u1", "u2", "u3"],
    },
    { name: "query isset", expr: "@request.query.page:isset = true", request: { query: {} }, expected: [] },
    {
      name: "headers",
      expr: '@request.headers.x_token = "abc"',
      request: { headers: { x_token: "abc" } },
      expected: ["u1", "u2", "u3"],
    },
    { name: "method", expr: '@request.method = "PATCH"', request: { method: "GET" }, expected: [] },
    { name: "context", expr: '@request.context = "default"', request: {}, expected: ["u1", "u2", "u3"] },
    {
      name: "body value against a column",
      expr: "name = @request.body.name",
      request: { body: { name: "Bob" } },
      expected: ["u2"],
    },
    {
      name: "body :lower",
      expr: "name:lower = @request.body.name:lower",
      request: { body: { name: "CAROL" } },
      expected: ["u3"],
    },
    {
      name: "nested body value",
      expr: '@request.body.profile.city = "Paris"',
      request: { body: { profile: { city: "Paris" } } },
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "unknown @request.body key is NULL",
      expr: "@request.body.nope = null",
      request: {},
      expected: ["u1", "u2", "u3"],
    },
    {
      name: "body relation path",
      expr: "@request.body.user.name = 'Bob'",
      request: { body: { user: "u2" } },
      expected: [],
    },
  ];
  for (const s of scenarios) {
    it(s.name, () => {
      expect(matchIds(db, users, s.expr, { request: s.request })).toEqual(s.expected);
    });
  }

  it("reads the auth record in memory", () => {
    const alice = as("u1");
    expect(
      matchIds(db, users, '@request.auth.collectionName = "users" && id = @request.auth.id', alice),
    ).toEqual(["u1"]);
    expect(
      matchIds(db, users, "@request.auth.verified = true && @request.auth.admin = false", alice),
    ).toEqual(["u1", "u2", "u3"]);
    expect(matchIds(db, users, "@request.auth.price = price", alice)).toEqual(["u1"]);
    // Secrets are never part of the auth record a rule sees.
    expect(matchIds(db, users, '@request.auth.tokenKey = "key-u1"', alice)).toEqual([]);
  });

  it("follows a body relation into the related collection", () => {
    const body = { user: "u2" };
    expect(matchIds(db, stremio, '@request.body.user.name = "Bob"', as("u1", { body }))).toEqual([
      "s1",
      "s2",
    ]);
    expect(matchIds(db, stremio, '@request.body.user.name = "Alice"', as("u1", { body }))).toEqual([]);
    expect(matchIds(db, stremio, "@request.body.user.name = null", as("u1", { body: {} }))).toEqual([
      "s1",
      "s2",
    ]);
  });

  it("follows a multiple body relation, binding the ids as one JSON value", () => {
    const ids = [...Array.from({ length: 40_000 }, (_, i) => `x${i}`), "u1", "u2"];
    const request = { body: { editors: ids, tags: ["b"] } };
    const all = ["p1", "p2", "p3", "p4"];
    expect(matchIds(db, posts, '@request.body.editors.name ?= "Bob"', { request })).toEqual(all);
    expect(matchIds(db, posts, '@request.body.editors.name = "Bob"', { request })).toEqual([]);
    expect(matchIds(db, posts, "@request.body.editors:length = 40002", { request })).toEqual(all);
    expect(matchIds(db, posts, '@request.body.editors:each ?= "u2"', { request })).toEqual(all);
    expect(matchIds(db, posts, '@request.body.tags:each ?= "a"', { request })).toEqual([]);
    expect(matchIds(db, posts, '@request.body.tags:each = "b"', { request })).toEqual(all);
  });
});
