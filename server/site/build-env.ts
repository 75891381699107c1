import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { legalVariables } from "#shared/seller.ts";

// The variables a build reads and writes into the site (the API's address, the site's address, the
// content folder, the seller's details the legal pages are filled with): the build records their values beside it (`build-env.json`), so that `npm start`
// builds again when one changed and the server says when its environment names another value than
// the site it serves was built with.

export const buildTimeVariables = [
  "VITE_POCKETBASE_URL",
  "VITE_SITE_URL",
  "CONTENT_DIR",
  ...legalVariables,
] as const;
export type BuildEnv = Record<(typeof buildTimeVariables)[number], string>;

const fileName = "build-env.json";

/** The values of the build-time variables in `env` ("" when unset). */
export function buildEnvOf(env: Record<string, string | undefined>): BuildEnv {
  return Object.fromEntries(buildTimeVariables.map((name) => [name, env[name] ?? ""])) as BuildEnv;
}

export function writeBuildEnv(buildDir: string, env: BuildEnv) {
  writeFileSync(path.join(buildDir, fileName), `${JSON.stringify(env, null, 2)}\n`);
}

/** What the build in `buildDir` was made with, or null when it did not say (an older build, none). */
export function readBuildEnv(buildDir: string): BuildEnv | null {
  const file = path.join(buildDir, fileName);
  if (!existsSync(file)) return null;
  try {
    return buildEnvOf(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>);
  } catch {
    return null;
  }
}

/**
 * Each variable (of `names`, all by default) whose value in `now` differs from the build's,
 * worded for a log line.
 */
export function buildEnvChanges(
  built: BuildEnv,
  now: BuildEnv,
  names: readonly string[] = buildTimeVariables,
): string[] {
  const shown = (value: string) => (value ? JSON.stringify(value) : "unset");
  return buildTimeVariables
    .filter((name) => names.includes(name) && built[name] !== now[name])
    .map((name) => `${name} is ${shown(now[name])}, the site was built with ${shown(built[name])}`);
}

/**
 * The server's warnings: each build-time variable its environment sets to another value than the
 * site in `siteDir` was built with (setting it on the server alone changes nothing).
 */
export function buildEnvWarnings(siteDir: string, env: Record<string, string | undefined>): string[] {
  const built = readBuildEnv(path.dirname(siteDir));
  if (!built) return [];
  const set = buildTimeVariables.filter((name) => env[name] !== undefined);
  return buildEnvChanges(built, buildEnvOf(env), set).map(
    (change) => `${change}: build the site again (npm run build) for it to take effect.`,
  );
}
