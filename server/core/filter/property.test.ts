// Properties over generated input: nothing escapes as anything but a FilterError, whatever is accepted
// prepares and runs, and every pb.filter() value round-trips as a bound parameter.
import type { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import PocketBase from "pocketbase";
import { beforeAll, describe, expect, it } from "vitest";
import { compileExpression, compileSort, FilterError } from "./index.ts";
import {
  authAs,
  createDb,
  findCollection,
  insert,
  matchIds,
  notes,
  posts,
  requestInfo,
  users,
} from "./test-fixtures.ts";
import type { Collection } from "../collection-types.ts";
import type { CompileOptions } from "./types.ts";
import { signOperators } from "./tokenizer.ts";

let db: DatabaseSync;
beforeAll(() => {
  db = createDb();
});

function options(collection: Collection, mode: "rule" | "filter", auth: boolean): CompileOptions {
  return {
    collection,
    findCollection,
    alias: "r",
    mode,
    isSuperuser: false,
    request: requestInfo({
      auth: auth ? authAs(db, "u1") : null,
      body: { admin: true, price: "9.99", tags: ["a", "b"], editors: ["u1"], author: "u2", name: "x'y" },
      query: { page: "2" },
      headers: { x_token: "t" },
    }),
  };
}

/** Compiles and runs; returns false when the input was rejected with a FilterError. */
function compileAndRun(
  collection: Collection,
  expr: string,
  mode: "rule" | "filter",
  auth: boolean,
): boolean {
  let where;
  try {
    where = compileExpression(expr, options(collection, mode, auth));
  } catch (error) {
    if (error instanceof FilterError) return false;
    throw error;
  }
  db.prepare(`SELECT "r"."id" FROM "${collection.name}" "r" WHERE ${where.sql}`).all(...where.params);
  return true;
}

// Pieces of real filters, so that generated input reaches the resolver and the compiler, not only the lexer.
const operand = fc.oneof(
  fc.constantFrom(
    "id",
    "name",
    "email",
    "verified",
    "price",
    "tokenKey",
    "created",
    "title",
    "tags",
    "tags:each",
    "tags:length",
    "editors.name",
    "editors.id",
    "editors:length",
    "author.email",
    "author.stremio_via_user.email",
    "meta.x",
    "meta.list.0",
    "stremio_via_user.password",
    "posts_via_author.views",
    "name:lower",
    "@request.auth.id",
    "@request.auth.admin",
    "@request.auth.collectionName",
    "@request.body.admin",
    "@request.body.admin:isset",
    "@request.body.tags:each",
    "@request.body.tags:length",
    "@request.body.author.name",
    "@request.body.name:lower",
    "@request.query.page",
    "@request.headers.x_token",
    "@request.method",
    "@collection.stremio.user",
    "@collection.posts:p.views",
    "@now",
    "@todayStart",
    "null",
    "true",
    "FALSE",
    "nope",
    "constructor",
    "__proto__",
    "toString",
    "@request.body.constructor",
    "@request.auth.__proto__",
    "@collection.constructor.id",
    'strftime("%Y", created)',
    "geoDistance(1, 2, price, 4)",
  ),
  fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 8 }).map((s) => `'${s.replaceAll("'", "\\'")}'`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => String(n)),
  fc.integer().map(String),
);
const sign = fc.constantFrom(...signOperators);
const comparison = fc.tuple(operand, sign, operand).map((parts) => parts.join(" "));
const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    comparison,
    fc.tuple(tie("expr"), fc.constantFrom("&&", "||"), tie("expr")).map((parts) => parts.join(" ")),
    tie("expr").map((e) => `(${e})`),
  ),
})).expr;
/** Valid-looking pieces with random damage: dropped, duplicated or garbage tokens. */
const damaged = fc
  .array(
    fc.oneof(operand, sign, fc.constantFrom("&&", "||", "(", ")", "//", "\n", "'", '"', "\\", ",", ";")),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(" "));

describe("generated filters", () => {
  it("random strings: only FilterError, and accepted SQL always runs", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), fc.boolean(), (input, auth) => {
        compileAndRun(users, input, "filter", auth);
        compileAndRun(posts, input, "rule", auth);
      }),
      { numRuns: 1500 },
    );
    // 1,500 runs take about 5 s alone: more than the default timeout on a busy machine.
  }, 30_000);

  it("well-formed expressions compile and run on every collection, in both modes", () => {
    let accepted = 0;
    fc.assert(
      fc.property(expression, fc.boolean(), (input, auth) => {
        for (const collection of [users, posts]) {
          if (compileAndRun(collection, input, "rule", auth)) accepted++;
          compileAndRun(collection, input, "filter", !auth);
        }
      }),
      { numRuns: 600 },
    );
    // The generator must exercise the compiler, not just produce rejected input.
    expect(accepted).toBeGreaterThan(100);
  });

  it("damaged expressions: only FilterError, and accepted SQL always runs", () => {
    fc.assert(
      fc.property(damaged, fc.boolean(), (input, auth) => {
        compileAndRun(users, input, "filter", auth);
        compileAndRun(posts, input, "rule", auth);
      }),
      { numRuns: 1500 },
    );
  });

  it("sorts: only FilterError, and accepted ORDER BY always runs", () => {
    const sortField = fc.oneof(
      operand,
      fc.constantFrom("@random", "@rowid", "", " "),
      fc.string({ unit: "binary", maxLength: 10 }),
    );
    const sortInput = fc
      .array(fc.tuple(fc.constantFrom("", "-", "+", " -"), sortField), { maxLength: 10 })
      .map((items) => items.map(([dir, field]) => dir + field).join(","));
    fc.assert(
      fc.property(sortInput, fc.boolean(), (sort, isSuperuser) => {
        const { mode: _mode, ...rest } = { ...options(posts, "filter", true), isSuperuser };
        let order;
        try {
          order = compileSort(sort, rest);
        } catch (error) {
          if (error instanceof FilterError) return;
          throw error;
        }
        const orderBy = order.sql ? ` ORDER BY ${order.sql}` : "";
        db.prepare(`SELECT "r"."id" FROM "posts" "r"${orderBy}`).all(...order.params);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("pb.filter() escaping", () => {
  const pb = new PocketBase("http://x");

  it("any string value is found exactly, bound and never spliced into SQL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (value) => {
        db.exec('DELETE FROM "notes"');
        insert(db, "notes", { id: "target", body: value });
        insert(db, "notes", { id: "other", body: `${value}!` });
        const expr = pb.filter("body = {:value} && id != {:other}", { value, other: "other" });
        expect(matchIds(db, notes, expr, { mode: "filter" })).toEqual(["target"]);
        const compiled = compileExpression(expr, options(notes, "filter", false));
        // "" folds with NULL instead of binding (see = semantics); every other value is a parameter.
        expect(compiled.params).toEqual(value === "" ? ["other"] : [value, "other"]);
        if (value !== "") expect(compiled.sql).toBe('("r"."body" = ? AND "r"."id" IS NOT ?)');
      }),
      { numRuns: 500 },
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM "users"').get()).toEqual({ n: 3 });
  });
});
