// The `sort` parameter (docs/api.md, "Query parameters"): executed ORDER BY, specials, limits and rejections.
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { FilterError, maxSortFields } from "./index.ts";
import { createDb, posts, sortedIds, stremio, users, type RunOptions } from "./test-fixtures.ts";

let db: DatabaseSync;
beforeEach(() => {
  db = createDb();
});

describe("compileSort", () => {
  const scenarios: { sort: string; collection: typeof users; expected: string[]; options?: RunOptions }[] = [
    { sort: "created", collection: users, expected: ["u1", "u2", "u3"] },
    { sort: "-created", collection: users, expected: ["u3", "u2", "u1"] },
    { sort: "+name", collection: users, expected: ["u1", "u2", "u3"] },
    { sort: "-price,name", collection: users, expected: ["u1", "u2", "u3"] },
    { sort: " -price , -name ", collection: users, expected: ["u1", "u3", "u2"] },
    { sort: "-plan,id", collection: users, expected: ["u1", "u3", "u2"] },
    { sort: "name:lower", collection: users, expected: ["u1", "u2", "u3"] },
    { sort: "@rowid", collection: users, expected: ["u1", "u2", "u3"] },
    { sort: "-@rowid", collection: users, expected: ["u3", "u2", "u1"] },
    { sort: "-user.name", collection: stremio, expected: ["s2", "s1"], options: { isSuperuser: true } },
    { sort: "user.created", collection: stremio, expected: ["s1", "s2"] },
    {
      sort: "-views,-author.name",
      collection: posts,
      expected: ["p1", "p4", "p3", "p2"],
      options: { isSuperuser: true },
    },
    { sort: "meta.x,id", collection: posts, expected: ["p2", "p3", "p4", "p1"] },
    { sort: "tokenKey", collection: users, expected: ["u1", "u2", "u3"], options: { isSuperuser: true } },
    { sort: "", collection: users, expected: ["u1", "u2", "u3"] },
  ];
  for (const s of scenarios) {
    it(`${JSON.stringify(s.sort)} on ${s.collection.name}`, () => {
      expect(sortedIds(db, s.collection, s.sort, s.options)).toEqual(s.expected);
    });
  }

  it("sorts randomly with @random", () => {
    const orders = new Set(Array.from({ length: 40 }, () => sortedIds(db, users, "@random").join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it(`accepts ${maxSortFields} fields and rejects more`, () => {
    expect(sortedIds(db, users, Array(maxSortFields).fill("name").join(","))).toHaveLength(3);
    expect(() =>
      sortedIds(
        db,
        users,
        Array(maxSortFields + 1)
          .fill("name")
          .join(","),
      ),
    ).toThrow(FilterError);
  });

  it.each([
    "nope",
    "-nope",
    "tokenKey",
    "-password",
    "user.tokenKey",
    "name,",
    ",name",
    "-",
    "@request.auth.id",
    "@request.query.x",
    "null",
    "name:upper",
    "name asc",
    "name; DROP TABLE users",
    "x".repeat(256),
  ])("rejects %j for a non-superuser", (sort) => {
    const collection = sort.startsWith("user.") ? stremio : users;
    expect(() => sortedIds(db, collection, sort)).toThrow(FilterError);
  });
});
