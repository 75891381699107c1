import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { routeRules } from "#shared/routing/table.ts";
import type { BuildMeta, LatestBuild } from "#shared/routing/types.ts";
import { validateRouteRules } from "#shared/routing/rules.ts";

/** The build id: React Router's client manifest version, which the browser knows as `__reactRouterManifest.version`. */
function readBuildId(clientDir: string): string {
  const assets = path.join(clientDir, "assets");
  const manifest = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifest) throw new Error(`No React Router manifest in ${assets}`);
  const version = /"version":"([^"]+)"/.exec(readFileSync(path.join(assets, manifest), "utf8"))?.[1];
  if (!version) throw new Error(`No version in ${manifest}`);
  return version;
}

/**
 * Writes `builds/latest.json` (polled by open tabs to detect a new deploy) and
 * `builds/meta/{buildId}.json` (this build's route rules, applied by the server and the client,
 * and the list of prerendered pages).
 */
export function writeBuildManifests(clientDir: string, prerendered: string[], now = Date.now()) {
  const id = readBuildId(clientDir);
  const latest: LatestBuild = { id, timestamp: now };
  const meta: BuildMeta = {
    ...latest,
    routeRules: validateRouteRules(routeRules),
    prerendered: [...prerendered].sort(),
  };
  mkdirSync(path.join(clientDir, "builds", "meta"), { recursive: true });
  writeFileSync(path.join(clientDir, "builds", "latest.json"), JSON.stringify(latest));
  writeFileSync(path.join(clientDir, "builds", "meta", `${id}.json`), JSON.stringify(meta));
  return { id };
}

/**
 * Prerendering also writes a `.data` file beside each generated file (`sitemap.xml.data`): only a
 * client-side fetcher would use it, and nothing does, so it is removed from the build.
 */
export function removeResourceDataFiles(clientDir: string, resourcePaths: string[]) {
  for (const resource of resourcePaths) rmSync(path.join(clientDir, `.${resource}.data`), { force: true });
}
