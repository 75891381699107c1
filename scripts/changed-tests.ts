/**
 * What `npm run test:quick` runs of the slow tiers: the test files that changed since the work
 * began, or import a changed file directly. Direct imports only: a handler reaches nearly every
 * server test through server/app.ts, and a primitive nearly every story, so following imports all
 * the way (Vitest's `--changed`) would pick most of those tiers for a one-line change.
 */
import { spawnSync } from "node:child_process";
import { existsSync, globSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { moduleRequests } from "./page-catalogs.ts";

function git(args: string[]): string[] {
  const run = spawnSync("git", args, { encoding: "utf8" });
  return run.status === 0 ? run.stdout.split("\n").filter(Boolean) : [];
}

/** Where the work began: the commit it left origin/main at, else the last commit. */
export function baseCommit(): string {
  return git(["merge-base", "origin/main", "HEAD"])[0] ?? "HEAD";
}

/** The files changed since `base`, committed or not, and the new files Git does not ignore. */
export function changedFiles(base: string): string[] {
  const files = [
    ...git(["diff", "--name-only", base]),
    ...git(["ls-files", "--others", "--exclude-standard"]),
  ];
  return [...new Set(files)].filter((file) => existsSync(file));
}

/** A module's path without its extension and query: `./a.tsx`, `./a.ts` and `./a.md?raw` name the same file. */
const moduleKey = (file: string) => path.normalize(file.replace(/\?.*$/, "").replace(/\.[^./]+$/, ""));

/** The aliases of package.json's `imports`, such as `#src/*` for `./src/*`. */
const aliases = Object.entries<string>(JSON.parse(readFileSync("package.json", "utf8")).imports ?? {})
  .filter(([alias, target]) => alias.endsWith("/*") && target.endsWith("/*"))
  .map(([alias, target]) => ({ alias: alias.slice(0, -1), target: target.slice(0, -1) }));

/** The repository's files `file` imports, by a relative path or an alias, without extension. */
function importsOf(file: string): string[] {
  return moduleRequests(file, readFileSync(file, "utf8")).flatMap((request) => {
    if (request.startsWith(".")) return [moduleKey(path.join(path.dirname(file), request))];
    const alias = aliases.find(({ alias }) => request.startsWith(alias));
    return alias ? [moduleKey(alias.target + request.slice(alias.alias.length))] : [];
  });
}

/** Of the test files `pattern` matches, those that changed or import one of `changed` directly. */
export function testsTouching(changed: string[], pattern: string): string[] {
  const keys = new Set(changed.map(moduleKey));
  return globSync(pattern)
    .filter((test) => statSync(test).isFile()) // not the screenshot folders named after the stories
    .sort()
    .filter((test) => keys.has(moduleKey(test)) || importsOf(test).some((file) => keys.has(file)));
}
