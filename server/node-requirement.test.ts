import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureRoot } from "./testing/fixtures.ts";

// The README's commands (`npm ci && npm start`, `npm ci && npm test`) work as written on Debian's
// Node 20: `npm ci` installs Node 24 (the devDependency `node`) into node_modules/.bin, which npm
// puts first on PATH for every script. Runs only where an older system Node exists (it does on
// Debian machines).

const oldNode = "/usr/bin/node";
const oldMajor = existsSync(oldNode)
  ? Number(spawnSync(oldNode, ["-p", "process.versions.node.split('.')[0]"]).stdout.toString())
  : 0;
const withOldNode: NodeJS.ProcessEnv = { ...process.env, PATH: `/usr/bin:${process.env.PATH}` };
for (const key of Object.keys(withOldNode)) if (key.startsWith("npm_")) delete withOldNode[key];

function npm(args: string[], cwd = process.cwd()) {
  return spawnSync("npm", args, { cwd, env: withOldNode, encoding: "utf8", timeout: 60_000 });
}

describe.skipIf(!oldMajor || oldMajor >= 24)(`the README's commands on Node ${oldMajor}`, () => {
  it("npm ci accepts the old Node: the engines it does not meet are warnings", () => {
    const run = npm(["ci", "--dry-run", "--no-audit", "--no-fund"]);
    expect(run.stderr).not.toContain("npm error");
    expect(run.status).toBe(0);
  }, 60_000);

  it("npm's scripts run the Node 24 that npm ci put in node_modules/.bin, not the Node first on PATH", () => {
    const installed = spawnSync("node_modules/.bin/node", ["--version"], { encoding: "utf8" });
    expect(installed.stdout).toMatch(/^v24\./);
    // server/cli.ts is TypeScript: Node 20 would stop at its extension.
    const run = npm(["run", "--silent", "superuser", "--", "help"]);
    expect(run.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
    expect(run.stdout).toContain("Usage: npm run superuser");
    expect(run.status).toBe(0);
  }, 30_000);

  describe("without that Node 24 (before npm ci, or installed with --omit=dev)", () => {
    let checkout = "";
    beforeAll(() => {
      checkout = mkdtempSync(path.join(fixtureRoot, "no-node24-"));
      for (const file of ["package.json", ".npmrc", "scripts/check-node.mjs"])
        cpSync(file, path.join(checkout, file));
    });
    afterAll(() => rmSync(checkout, { recursive: true, force: true }));

    it.each(["start", "test", "run test:quick", "run dev", "run storybook", "run superuser -- list"])(
      "npm %s stops at once with one line naming Node 24 and how to get it",
      (command) => {
        const run = npm(command.split(" "), checkout);
        expect(run.status).not.toBe(0);
        expect(run.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
        const line = run.stderr.split("\n").find((l) => l.startsWith("Lumen needs Node 24"));
        expect(line).toContain("run `npm ci` first");
        expect(line).toContain("npm install -g node@24");
      },
      30_000,
    );
  });
});
