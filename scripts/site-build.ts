/**
 * Whether the built site is out of date: its sources are newer than the build, or a build-time
 * variable (VITE_POCKETBASE_URL, VITE_SITE_URL, CONTENT_DIR, the seller's details: see
 * server/site/build-env.ts) has another value than the build was made with. `npm start` and `npm run test:quick` build only then. `BUILD_DIR` names the build
 * folder (default `build`).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { loadEnv } from "vite";
import { buildEnvChanges, buildEnvOf, readBuildEnv } from "../server/site/build-env.ts";

export const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const builtPage = path.join(buildDir, "client/index.html");
const sources = [
  "src",
  "shared",
  "locales",
  process.env.CONTENT_DIR ?? "content",
  "public",
  "pocketbase",
  "react-router.config.ts",
  "vite.config.ts",
];

/** The latest modification time under `entry` (a file or a folder; baselines and packages aside), 0 if missing. */
export function newestChange(entry: string): number {
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

/** Why the site must be built now, or null when the build is up to date. */
export function reasonToBuild(): string | null {
  if (!existsSync(builtPage)) return "no build yet";
  if (Math.max(...sources.map(newestChange)) > statSync(builtPage).mtimeMs) return "its sources changed";
  const built = readBuildEnv(buildDir);
  if (!built) return "the build does not say what it was built with";
  const changes = buildEnvChanges(
    built,
    buildEnvOf({ ...process.env, ...loadEnv("production", ".", "VITE_") }),
  );
  return changes.length > 0 ? changes.join("; ") : null;
}
