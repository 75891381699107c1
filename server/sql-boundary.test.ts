import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// SQL lives in server/core/ (the store, its queries, each domain's own) and server/tools/ (the SQL
// builder, the reader thread): the API, billing, the forms and the rest call named functions there,
// and never write, build or run a statement themselves.

const root = path.resolve(import.meta.dirname, "..");

/** The server's source files outside core/ and tools/, tests aside, as repository paths. */
function filesOutsideCore(): string[] {
  return readdirSync(path.join(root, "server"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !/^server\/(core|tools)\//.test(file));
}

/** What gives SQL away in a file's code (comments removed). */
const signs: [RegExp, string][] = [
  [/^import\s+(?!type\b)[^;]*from\s+["'][^"']*tools\/sql\.ts["']/m, "builds SQL (tools/sql.ts)"],
  [/^import\s+(?!type\b)[^;]*from\s+["']node:sqlite["']/m, "opens SQLite (node:sqlite)"],
  [/\bsql`/, "writes a sql`` fragment"],
  [/\.prepare\(|\b(store|db)\.(all|get|run|exec)\(|\.reader\.all\(/, "runs a statement"],
  [
    /\b(SELECT\b[\s\S]{0,300}?\bFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM|(CREATE|DROP|ALTER)\s+(TABLE|INDEX|VIEW|TRIGGER)|PRAGMA\s+\w+)\b/,
    "holds SQL text",
  ],
];

describe("where SQL lives", () => {
  it("no SQL in server/ outside core/ and tools/ (tests aside)", () => {
    const files = filesOutsideCore();
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((file) => {
      const code = readFileSync(path.join(root, file), "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
      return signs.filter(([pattern]) => pattern.test(code)).map(([, what]) => `${file} ${what}`);
    });
    expect(problems).toEqual([]);
  });
});
