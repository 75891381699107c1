// Tokenizer and parser: what parses, what is rejected, and the size limits (docs/api.md, "Filter language").
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { FilterError, maxExpressions, maxFilterLength } from "./index.ts";
import { parse } from "./parser.ts";
import { createDb, matchIds, posts, users } from "./test-fixtures.ts";
import { tokenize } from "./tokenizer.ts";

let db: DatabaseSync;
beforeEach(() => {
  db = createDb();
});

describe("tokenizer", () => {
  it("reads identifiers, modifiers, texts, numbers, signs, joins and groups", () => {
    expect(tokenize("(@request.body.a:isset = -1.5 || tags:each ?!= 'x')")).toEqual([
      { type: "(" },
      { type: "identifier", value: "@request.body.a:isset" },
      { type: "sign", value: "=" },
      { type: "number", value: -1.5 },
      { type: "join", value: "||" },
      { type: "identifier", value: "tags:each" },
      { type: "sign", value: "?!=" },
      { type: "text", value: "x" },
      { type: ")" },
    ]);
  });

  it("skips // comments up to the end of the line", () => {
    expect(tokenize("a = 1 // a = 2\n// only a comment\n&& b = 2 //")).toHaveLength(7);
  });

  it.each([
    [`"it's"`, "it's"],
    [`'say "hi"'`, 'say "hi"'],
    [`"a\\"b"`, 'a"b'],
    [`'a\\'b'`, "a'b"],
    [`"back\\\\slash"`, "back\\slash"],
    [`"trailing\\\\"`, "trailing\\"],
    [`"tab\\tnew\\nline"`, "tab\tnew\nline"],
    [`"\\u00e9t\\u00e9"`, "été"],
    [`"C:\\dir"`, "C:\\dir"],
    [`'\\"'`, '\\"'],
    [`"50\\%"`, "50\\%"],
  ])("unescapes the text %s", (text, value) => {
    expect(tokenize(text)).toEqual([{ type: "text", value }]);
  });

  it("reads function calls with nested arguments", () => {
    expect(tokenize('strftime("%Y", created, "start of year")')).toEqual([
      {
        type: "function",
        name: "strftime",
        args: [
          { type: "text", value: "%Y" },
          { type: "identifier", value: "created" },
          { type: "text", value: "start of year" },
        ],
      },
    ]);
  });
});

describe("parser", () => {
  it("binds && tighter than ||", () => {
    const expr = parse("a = 1 || b = 2 && c = 3");
    expect(expr).toMatchObject({ type: "or", right: { type: "and" } });
  });

  it("counts every comparison against the limit, groups included", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `(id = "${i}")`).join(" || ");
    expect(() => parse(many(maxExpressions))).not.toThrow();
    expect(() => parse(many(maxExpressions + 1))).toThrow(FilterError);
  });
});

describe("limits", () => {
  it(`rejects client filters over ${maxFilterLength} bytes, but not rules`, () => {
    const padded = (length: number) => `name = "${"x".repeat(length - 9)}"`;
    expect(padded(maxFilterLength)).toHaveLength(maxFilterLength);
    expect(matchIds(db, users, padded(maxFilterLength), { mode: "filter" })).toEqual([]);
    expect(() => matchIds(db, users, padded(maxFilterLength + 1), { mode: "filter" })).toThrow(FilterError);
    expect(matchIds(db, users, padded(maxFilterLength + 1), { mode: "rule" })).toEqual([]);
    // Bytes, as in Go: 2-byte characters count twice.
    expect(() => matchIds(db, users, `name = "${"é".repeat(1800)}"`, { mode: "filter" })).toThrow(
      FilterError,
    );
  });

  it(`accepts ${maxExpressions} expressions and rejects one more`, () => {
    const ors = (n: number) => Array.from({ length: n }, (_, i) => `id = "u${i}"`).join(" || ");
    expect(matchIds(db, users, ors(maxExpressions), { mode: "filter" })).toEqual(["u1", "u2", "u3"]);
    expect(() => matchIds(db, users, ors(maxExpressions + 1), { mode: "filter" })).toThrow(FilterError);
    expect(() => matchIds(db, users, ors(maxExpressions + 1), { mode: "rule" })).toThrow(FilterError);
  });

  it("rejects hostile nesting with a FilterError instead of a stack overflow", () => {
    const deep = `${"(".repeat(1700)}id = "u1"${")".repeat(1700)}`;
    expect(() => matchIds(db, users, deep, { mode: "filter" })).toThrow(FilterError);
    expect(matchIds(db, users, `${"(".repeat(20)}id = "u1"${")".repeat(20)}`)).toEqual(["u1"]);
  });
});

describe("malformed input is a FilterError", () => {
  it.each([
    " ",
    "// only a comment",
    "(",
    ")",
    "()",
    "(name = 'x'",
    "name = 'x')",
    "((name = 'x')",
    "name = 'x' (id = 'y')",
    "name = ",
    "= 'x'",
    "name",
    "name 'x'",
    "name = 'x",
    'name = "x',
    'name = "x\\"',
    "name == 'x'",
    "name =! 'x'",
    "name <> 'x'",
    "name ?? 'x'",
    "name = 'x' &&",
    "&& name = 'x'",
    "name = 'x' & id = 'y'",
    "name = 'x' ||| id = 'y'",
    "name = 'x' id = 'y'",
    "name = 'x' && && id = 'y'",
    "name = 1.",
    "name = 1.2.3",
    "name = -",
    "name = .5",
    "name / 1",
    "name = 'x' / comment",
    "name; = 1",
    "name = 'x'; DROP TABLE users",
    "name.= 1",
    "name: = 1",
    "@ = 1",
    "# = 1",
    "unknown = 1",
    "constructor = 1",
    "__proto__ = 1",
    "toString = 1",
    "@collection.constructor.id = 1",
    "name:upper = 'x'",
    "name:lower:lower = 'x'",
    "@request = 1",
    "@request.foo = 1",
    "@collection.nope.id = 1",
    "@collection.stremio = 1",
    "name.x = 1",
    "id.name = 1",
    "nope_via_user.id = 1",
    "stremio_via_nope.id = 1",
    "name = strftime()",
    "name = strftime(1)",
    "name = strftime('%Y', created, 1)",
    "name = geoDistance(1, 2, 3)",
    "name = unknownFn(1)",
    "name = strftime('%Y',",
    "name = strftime('%Y',,created)",
    "name = strftime('%Y' created)",
    "name = a(b(c(d(1))))",
    "name = 'x' \r",
  ])("%j", (expr) => {
    expect(() => matchIds(db, users, expr, { mode: "filter" })).toThrow(FilterError);
  });

  it("treats the empty string as no condition (an open rule, a skipped filter)", () => {
    expect(matchIds(db, users, "", { mode: "filter" })).toEqual(["u1", "u2", "u3"]);
    expect(matchIds(db, posts, "")).toEqual(["p1", "p2", "p3", "p4"]);
  });
});
