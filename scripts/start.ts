/**
 * `npm start`: builds the site when the build is out of date (scripts/site-build.ts), then serves
 * site + API. `BUILD_DIR` names the build folder (default `build`).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildDir, reasonToBuild } from "./site-build.ts";

const reason = reasonToBuild();
if (reason) {
  console.log(`Building the site (${reason})…`);
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.SITE_DIR ??= path.join(buildDir, "client");
await import("../server/main.ts");
