import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRoot } from "../testing/fixtures.ts";
import { InspectError, inspectSqlite } from "./sqlite-inspect.ts";

const dir = mkdtempSync(path.join(fixtureRoot, "inspect-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("inspectSqlite", () => {
  it("checks a database on a worker thread and runs the queries, each with its rows or its error", async () => {
    const file = path.join(dir, "ok.db");
    const db = new DatabaseSync(file);
    db.exec(`CREATE TABLE "t" ("x"); INSERT INTO "t" VALUES (1), (2);`);
    db.close();
    expect(
      await inspectSqlite(file, [`SELECT "x" FROM "t"`, `SELECT * FROM "missing"`], { timeout: 10_000 }),
    ).toEqual({
      integrity: ["ok"],
      results: [{ rows: [{ x: 1 }, { x: 2 }] }, { error: "no such table: missing" }],
    });
  });

  it("rejects a file SQLite cannot read, and a check that takes too long", async () => {
    const junk = path.join(dir, "junk.db");
    writeFileSync(junk, "SQLite format 3\0".padEnd(4096, "x"));
    await expect(inspectSqlite(junk, [], { timeout: 10_000 })).rejects.toThrow(InspectError);
    const file = path.join(dir, "ok.db");
    await expect(inspectSqlite(file, [], { timeout: 1 })).rejects.toThrow(
      new InspectError("the check took longer than 0 s"),
    );
  });
});
