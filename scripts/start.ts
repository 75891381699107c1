/** `npm start`: builds the site when its sources are newer than the build, then serves site + API. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const sources = [
  "src",
  "locales",
  "content",
  "public",
  "pocketbase",
  "react-router.config.ts",
  "vite.config.ts",
];
const builtPage = "build/client/index.html";

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "__screenshots__" || child === "node_modules") continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
if (Math.max(...sources.map(newestChange)) > builtAt) {
  console.log("Building the site…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../server/main.ts");
