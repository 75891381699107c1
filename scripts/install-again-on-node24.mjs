// Runs after `npm ci` and `npm install` (postinstall). npm leaves out an optional package whose
// engines the Node running npm does not meet, whatever engine-strict says: on Debian's Node 20 it
// skips Lingui's native tools (Node 22.19 or later), which the build needs. By now the install has
// put Node 24 first on PATH (the devDependency `node`, which runs this script): install once more
// on it, and npm adds what it skipped. Plain JavaScript, so that an older Node (an install without
// the development dependencies) runs it too, and does nothing.
import { spawnSync } from "node:child_process";

const npmNode = Number(/\bnode\/v(\d+)/.exec(process.env.npm_config_user_agent ?? "")?.[1] ?? 0);
const thisNode = Number(process.versions.node.split(".")[0]);
if (npmNode && npmNode < thisNode && thisNode >= 24 && process.env.npm_execpath) {
  console.log(`npm ran on Node ${npmNode}: installing again on Node ${thisNode} for what it skipped`);
  const again = spawnSync(
    process.execPath,
    [process.env.npm_execpath, "install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"],
    { stdio: "inherit" },
  );
  process.exit(again.status ?? 1);
}
