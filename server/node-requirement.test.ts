import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

// A newcomer's first command on Debian's Node 20 must say which Node is needed, not crash in the
// TypeScript loader. Runs only where an older system Node exists (it does on Debian machines).

const oldNode = "/usr/bin/node";
const oldMajor = existsSync(oldNode)
  ? Number(spawnSync(oldNode, ["-p", "process.versions.node.split('.')[0]"]).stdout.toString())
  : 0;
const withOldNode: NodeJS.ProcessEnv = { ...process.env, PATH: `/usr/bin:${process.env.PATH}` };
for (const key of Object.keys(withOldNode)) if (key.startsWith("npm_")) delete withOldNode[key];

describe.skipIf(!oldMajor || oldMajor >= 24)(`first commands on Node ${oldMajor}`, () => {
  it.each(["start", "test", "run dev", "run storybook", "run superuser -- list"])(
    "npm %s stops at once with one line naming Node 24 and how to get it",
    (command) => {
      const run = spawnSync("npm", command.split(" "), {
        env: withOldNode,
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
      const line = run.stderr.split("\n").find((l) => l.startsWith("Lumen needs Node 24"));
      expect(line).toContain("npm install --prefix ~/.cache/node24 node@24");
    },
  );

  it("npm ci refuses the old Node before installing anything", () => {
    const run = spawnSync("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], {
      env: withOldNode,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("EBADENGINE");
    expect(run.stderr).toContain('Required: {"node":">=24"}');
  });
});
