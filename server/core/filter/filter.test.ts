// Filter semantics (docs/api.md, "Filter language"): every scenario runs the compiled SQL against real rows.
import type { DatabaseSync } from "node:sqlite";
import PocketBase from "pocketbase";
import { beforeEach, describe, expect, it } from "vitest";
import { compileExpression, FilterError, usesSuperuserOnlyFields } from "./index.ts";
import { macroValue } from "./resolver.ts";
import {
  authAs,
  createDb,
  findCollection,
  insert,
  matchIds,
  notes,
  posts,
  requestInfo,
  stremio,
  users,
  type RunOptions,
} from "./test-fixtures.ts";

let db: DatabaseSync;
beforeEach(() => {
  db = createDb();
});

type Scenario = { expr: string; expected: string[]; options?: RunOptions };

function runScenarios(collection: typeof users, scenarios: Scenario[]) {
  for (const s of scenarios) {
    it(`${s.expr} → [${s.expected.join(", ")}]`, () => {
      expect(matchIds(db, collection, s.expr, s.options)).toEqual(s.expected);
    });
  }
}

describe("= and != fold NULL and ''", () => {
  runScenarios(users, [
    { expr: 'plan = ""', expected: ["u2"] },
    { expr: "plan = null", expected: ["u2"] },
    { expr: 'plan != ""', expected: ["u1", "u3"] },
    { expr: "plan != null", expected: ["u1", "u3"] },
    { expr: '"" = plan', expected: ["u2"] },
    { expr: '"pro" = plan', expected: ["u1", "u3"] },
    { expr: 'plan != "pro"', expected: ["u2"] },
    { expr: "stripe = plan", expected: ["u2"] },
    { expr: "stripe != plan", expected: ["u1", "u3"] },
    { expr: 'null = ""', expected: ["u1", "u2", "u3"] },
    { expr: "null != null", expected: [] },
    { expr: "verified = true", expected: ["u1", "u3"] },
    { expr: "verified = false", expected: ["u2"] },
    { expr: "verified != TRUE", expected: ["u2"] },
    { expr: "price = 0", expected: ["u2", "u3"] },
    { expr: "price > 5", expected: ["u1"] },
    { expr: "price >= 9.99", expected: ["u1"] },
    { expr: "price < 9.99", expected: ["u2", "u3"] },
    { expr: "price <= -1", expected: [] },
    { expr: 'created >= "2024-02-01"', expected: ["u2", "u3"] },
    { expr: 'created < "2024-02-01"', expected: ["u1"] },
  ]);
});

describe("&&, || and parentheses", () => {
  runScenarios(users, [
    { expr: 'name = "Alice" || name = "Bob" && admin = true', expected: ["u1"] },
    { expr: '(name = "Alice" || name = "Bob") && admin = false', expected: ["u1", "u2"] },
    { expr: '((name = "Carol"))', expected: ["u3"] },
    { expr: 'name = "Alice" // a comment\n|| name = "Bob"', expected: ["u1", "u2"] },
    { expr: "id='u1'||id='u2'&&verified=true", expected: ["u1"] },
  ]);
});

describe("~ and !~", () => {
  runScenarios(posts, [
    { expr: 'title ~ "world"', expected: ["p1"] },
    { expr: 'title ~ "WORLD"', expected: ["p1"] },
    { expr: 'title !~ "world"', expected: ["p2", "p3", "p4"] },
    { expr: 'title ~ "under_"', expected: ["p3"] },
    { expr: 'title ~ "50%"', expected: ["p2"] },
    { expr: 'title ~ "%score"', expected: ["p3", "p4"] },
    { expr: 'title ~ "under%"', expected: ["p3", "p4"] },
    { expr: 'title ~ "50\\%"', expected: ["p2"] },
    { expr: 'title ~ "%"', expected: ["p1", "p2", "p3", "p4"] },
    { expr: 'title ~ ""', expected: ["p1", "p2", "p3", "p4"] },
    { expr: "title ~ 50", expected: ["p2"] },
    { expr: 'title ~ "under\\_"', expected: ["p3"] },
  ]);

  it("wraps a column on the right in % in SQL", () => {
    insert(db, "notes", { id: "n1", body: "Hello World and more" });
    insert(db, "notes", { id: "n2", body: "nothing" });
    const options = { request: { body: { q: "world" } } };
    expect(matchIds(db, notes, "body ~ @request.body.q", options)).toEqual(["n1"]);
    expect(matchIds(db, posts, "'Hello World!' ~ title", {})).toEqual(["p1"]);
  });
});

describe("multi-valued fields: plain operators need all values, ? operators any", () => {
  runScenarios(posts, [
    // Without :each a multi-valued field is its stored JSON text, as in PocketBase.
    { expr: 'tags ?= "a"', expected: [] },
    { expr: 'tags ~ "a"', expected: ["p1"] },
    { expr: 'tags:each ?= "a"', expected: ["p1"] },
    { expr: 'tags:each ?= "b"', expected: ["p1", "p2"] },
    { expr: 'tags:each = "b"', expected: ["p2"] },
    // An empty list joins one NULL value, and NULL IS NOT "b".
    { expr: 'tags:each ?!= "b"', expected: ["p1", "p3", "p4"] },
    { expr: 'tags:each != "b"', expected: ["p3", "p4"] },
    { expr: "tags:length > 1", expected: ["p1"] },
    { expr: "tags:length = 0", expected: ["p3"] },
    { expr: 'editors.name ?= "Bob"', expected: ["p1", "p2"] },
    { expr: 'editors.name = "Bob"', expected: ["p2"] },
    { expr: 'editors.name ?!= "Bob"', expected: ["p1", "p3", "p4"] },
    { expr: 'editors.name ?~ "ali"', expected: ["p1"] },
    { expr: "editors.verified = false", expected: ["p2"] },
    { expr: "editors:length = 0", expected: ["p3", "p4"] },
    { expr: 'editors.id ?= "u1"', expected: ["p1"] },
    { expr: "editors.id ?= author", expected: ["p1", "p2", "p3"] },
    { expr: 'editors.name ?= "Bob" && editors.verified ?= true', expected: [] },
  ]);
});

describe("relation paths, back-relations and JSON", () => {
  runScenarios(stremio, [
    { expr: 'user.email = "alice@example.com"', expected: ["s1"] },
    { expr: 'user.name ~ "bo"', expected: ["s2"] },
    { expr: 'user.id = "u1"', expected: ["s1"] },
    { expr: "user.verified = true && user.name = 'Alice'", expected: ["s1"] },
    { expr: "user.created < created", expected: ["s1"] },
  ]);
  runScenarios(posts, [
    { expr: "author.verified = true", expected: ["p1", "p4"] },
    { expr: 'author.stremio_via_user.email = "alice-stremio"', expected: ["p1"] },
    { expr: "author.stremio_via_user.id = null", expected: ["p3", "p4"] },
    { expr: "author = null", expected: ["p3"] },
    { expr: "meta.x = 1", expected: ["p1"] },
    { expr: 'meta.list.0 = "q"', expected: ["p1"] },
    { expr: 'meta = "str"', expected: ["p3"] },
    { expr: "meta = null", expected: ["p2"] },
    { expr: "meta.1 = 2", expected: ["p4"] },
  ]);
  runScenarios(users, [
    { expr: 'stremio_via_user.password = "pw1"', expected: ["u1"] },
    { expr: "stremio_via_user.id != null", expected: ["u1", "u2"] },
    { expr: "posts_via_author.views > 5", expected: ["u1"] },
    { expr: "posts_via_editors.views ?= 0", expected: ["u2"] },
  ]);
});

describe("@collection", () => {
  runScenarios(users, [
    { expr: "@collection.stremio.user ?= id", expected: ["u1", "u2"] },
    // A plain `=` must hold for every stremio row, which never happens with two different owners.
    { expr: "@collection.stremio.user = id", expected: [] },
    {
      expr: '@collection.stremio.user ?= id && @collection.stremio.email ?= "alice-stremio"',
      expected: ["u1"],
    },
    {
      expr: '@collection.stremio:a.user ?= id && @collection.stremio:b.email ?= "alice-stremio"',
      expected: ["u1", "u2"],
    },
    { expr: "@collection.pbc_3889915199.user ?= id", expected: ["u1", "u2"] },
    { expr: '@collection.users.admin ?= true && id = "u2"', expected: ["u2"] },
  ]);
});

describe("modifiers, macros and functions", () => {
  runScenarios(users, [
    { expr: 'name:lower = "alice"', expected: ["u1"] },
    { expr: 'email:lower ~ "BOB"', expected: ["u2"] },
    { expr: "created < @now", expected: ["u1", "u2", "u3"] },
    { expr: "created > @yearEnd", expected: [] },
    { expr: 'strftime("%Y", created) = "2024"', expected: ["u1", "u2"] },
    { expr: 'strftime("%Y-%m", created, "+1 month") = "2024-02"', expected: ["u1"] },
    { expr: "geoDistance(0, 0, 0, 0) = 0", expected: ["u1", "u2", "u3"] },
    { expr: "name = true", expected: [] },
  ]);

  it("computes macros in UTC in PocketBase's datetime format", () => {
    const now = new Date("2026-03-15T10:20:30.456Z");
    expect(macroValue("@now", now)).toBe("2026-03-15 10:20:30.456Z");
    expect(macroValue("@todayStart", now)).toBe("2026-03-15 00:00:00.000Z");
    expect(macroValue("@monthEnd", now)).toBe("2026-03-31 23:59:59.999Z");
    expect(macroValue("@yesterday", now)).toBe("2026-03-14 10:20:30.456Z");
    expect(macroValue("@weekday", now)).toBe(0);
    expect(macroValue("@month", now)).toBe(3);
    expect(macroValue("@nope", now)).toBeUndefined();
  });
});

describe("client filters of non-superusers", () => {
  const filter = (isSuperuser = false): RunOptions => ({ mode: "filter", isSuperuser });

  it.each([
    [users, "tokenKey = 'x'"],
    [users, "password != ''"],
    [users, "tokenKey:lower = 'x'"],
    [users, "name = 'x' || tokenKey = 'x'"],
    [posts, "author.tokenKey = 'x'"],
    [posts, "secret = 's'"],
    [stremio, "user.password ~ '$2a'"],
  ])("rejects the hidden field in %s: %s", (collection, expr) => {
    expect(() => matchIds(db, collection, expr, filter())).toThrow(FilterError);
  });

  it("lets rules and superusers use hidden fields", () => {
    expect(matchIds(db, users, "tokenKey = 'key-u2'", {})).toEqual(["u2"]);
    expect(matchIds(db, users, "tokenKey = 'key-u2'", filter(true))).toEqual(["u2"]);
    expect(matchIds(db, posts, "secret = 's'", filter(true))).toEqual(["p1"]);
  });

  it("only finds users by email when the email is public", () => {
    expect(matchIds(db, users, 'email = "alice@example.com"', filter())).toEqual([]);
    expect(matchIds(db, users, 'email = "bob@example.com"', filter())).toEqual(["u2"]);
    expect(matchIds(db, users, 'email ~ "example.com"', filter())).toEqual(["u2"]);
    expect(matchIds(db, users, 'email != ""', filter())).toEqual(["u2"]);
    // Through a relation, as a user who may list that user: the same visibility applies.
    const as = (id: string): RunOptions => ({ ...filter(), request: { auth: authAs(db, id) } });
    expect(matchIds(db, stremio, 'user.email = "alice@example.com"', as("u1"))).toEqual([]);
    expect(matchIds(db, stremio, 'user.email = "bob@example.com"', as("u2"))).toEqual(["s2"]);
    // `email` of a base collection is a plain field.
    expect(matchIds(db, stremio, 'email = "alice-stremio"', filter())).toEqual(["s1"]);
  });

  it("reaches related records only through the related collection's listRule", () => {
    const as = (id: string): RunOptions => ({ ...filter(), request: { auth: authAs(db, id) } });
    // users.listRule is `id = @request.auth.id`: a guest lists no user, u1 lists only u1.
    expect(matchIds(db, stremio, 'user.name != ""', filter())).toEqual([]);
    expect(matchIds(db, stremio, 'user.name != ""', as("u1"))).toEqual(["s1"]);
    // stremio.listRule is `user = @request.auth.id`: a back-relation sees only one's own record.
    expect(matchIds(db, users, 'stremio_via_user.password = "pw2"', as("u1"))).toEqual([]);
    expect(matchIds(db, users, 'stremio_via_user.password = "pw2"', as("u2"))).toEqual(["u2"]);
    // Rules and superusers see every related record.
    expect(matchIds(db, users, 'stremio_via_user.password = "pw2"', {})).toEqual(["u2"]);
    expect(matchIds(db, users, 'stremio_via_user.password = "pw2"', filter(true))).toEqual(["u2"]);
  });

  it("does not restrict email in rules or for superusers", () => {
    expect(matchIds(db, users, 'email = "alice@example.com"', filter(true))).toEqual(["u1"]);
    expect(matchIds(db, users, 'email = "alice@example.com"', {})).toEqual(["u1"]);
  });

  it("flags @collection. and @request. for the caller's 403, even inside quotes", () => {
    expect(usesSuperuserOnlyFields("@collection.users.id ?= id")).toBe("@collection.");
    expect(usesSuperuserOnlyFields('name = "@request.auth.id"')).toBe("@request.");
    expect(usesSuperuserOnlyFields("@request.auth.id = id && @collection.x.y = 1")).toBe("@collection.");
    expect(usesSuperuserOnlyFields("name = '@request'")).toBeNull();
  });
});

describe("pb.filter() values round-trip", () => {
  const pb = new PocketBase("http://x");
  const values = [
    'O"Brien',
    "it's",
    "back\\slash",
    "trailing\\",
    "\\\\double",
    "both ' and \" and \\",
    "line\nbreak\ttab",
    "emoji 🎬 é",
    "semi; DROP TABLE users; --",
    "'); DELETE FROM notes; --",
    "100% under_score",
    "\\%",
  ];

  it.each(values)("finds the row holding %j", (value) => {
    insert(db, "notes", { id: "target", body: value });
    insert(db, "notes", { id: "other", body: `${value}x` });
    const expr = pb.filter("body = {:value}", { value });
    expect(matchIds(db, notes, expr, { mode: "filter" })).toEqual(["target"]);
    expect(matchIds(db, notes, pb.filter("body != {:value}", { value }), { mode: "filter" })).toEqual([
      "other",
    ]);
    // Injection: the value is a bound parameter, never SQL text.
    const compiled = compileExpression(expr, {
      collection: notes,
      findCollection,
      request: requestInfo(),
      alias: "r",
      mode: "filter",
      isSuperuser: false,
    });
    expect(compiled.params).toEqual([value]);
    expect(compiled.sql).toBe('"r"."body" = ?');
    expect(db.prepare('SELECT COUNT(*) AS n FROM "users"').get()).toEqual({ n: 3 });
  });

  it("binds numbers, booleans, null and dates like the SDK writes them", () => {
    expect(matchIds(db, users, pb.filter("price = {:p}", { p: 9.99 }))).toEqual(["u1"]);
    expect(matchIds(db, users, pb.filter("verified = {:v}", { v: false }))).toEqual(["u2"]);
    expect(matchIds(db, users, pb.filter("plan = {:p}", { p: null }))).toEqual(["u2"]);
    const date = new Date("2024-02-01T00:00:00.000Z");
    expect(matchIds(db, users, pb.filter("created < {:d}", { d: date }))).toEqual(["u1"]);
    expect(matchIds(db, posts, pb.filter("meta.x = {:x} && title ~ {:t}", { x: 1, t: "World" }))).toEqual([
      "p1",
    ]);
  });

  it("keeps request values bound too", () => {
    const evil = "x' OR '1'='1";
    const compiled = compileExpression("name = @request.body.name || @request.auth.id = ''", {
      collection: users,
      findCollection,
      request: requestInfo({ body: { name: evil }, auth: authAs(db, "u1") }),
      alias: "r",
      mode: "rule",
      isSuperuser: false,
    });
    expect(compiled.sql).not.toContain(evil);
    expect(compiled.params).toContain(evil);
    expect(compiled.params).toContain("u1");
  });
});
