import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { contentPrerenderPaths } from "./src/content/paths.server.ts";
import { loadEnv } from "vite";
import { buildEnvOf, writeBuildEnv } from "./server/site/build-env.ts";
import { precompressSite } from "./server/site/precompress.ts";
import { writeSocialImages } from "./server/site/social-images.ts";
import { removeResourceDataFiles, writeBuildManifests } from "./src/lib/build-manifests.server.ts";
import { staticPrerenderPaths } from "./shared/routing/match.ts";

const prerenderPaths = () => [...staticPrerenderPaths(), ...contentPrerenderPaths()];

// The build's server half imports the project's node_modules (React, React Router) by package name,
// which Node finds only from inside the project: a build elsewhere would fail while prerendering.
const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
if (path.relative(process.cwd(), buildDirectory).startsWith("..")) {
  throw new Error(
    `BUILD_DIR must be inside the project folder (${process.cwd()}), not ${buildDirectory}: the build imports the project's node_modules while prerendering. Copy build/client elsewhere afterwards if needed.`,
  );
}

export default {
  appDirectory: "src",
  // `BUILD_DIR=…` builds elsewhere in the project (serve it with `SITE_DIR=…/client`), e.g. beside
  // a running e2e.
  buildDirectory,
  // ssr: true + an explicit prerender list: every public page becomes static HTML at build time,
  // and our server only serves files. ssr: true (unlike ssr: false) also lets content pages leave
  // out <Scripts/>.
  ssr: true,
  // Explicit: getStaticPaths() cannot expand the locale prefix, and the content decides the slugs.
  prerender: prerenderPaths,
  // Lazy discovery would ask a running React Router server for /__manifest; we have none.
  routeDiscovery: { mode: "initial" },
  // builds/latest.json and builds/meta/{buildId}.json for app updates and route rules.
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const isFile = (p: string) => /\.(xml|txt|json)$/.test(p);
    const pages = prerenderPaths().filter((p) => !isFile(p) && !p.includes("/__"));
    removeResourceDataFiles(clientDir, prerenderPaths().filter(isFile));
    const { id } = writeBuildManifests(clientDir, pages);
    console.log(`Build ${id}: wrote builds/latest.json and builds/meta/${id}.json`);
    const images = await writeSocialImages(clientDir, pages);
    console.log(`Wrote ${images} social preview images and the home-screen icons`);
    // The server sends these forms as they are: compressing at the highest levels happens once, here.
    // What it was built with (VITE_* from the environment or .env files, CONTENT_DIR), for `npm start`.
    writeBuildEnv(
      reactRouterConfig.buildDirectory,
      buildEnvOf({ ...process.env, ...loadEnv("production", ".", "VITE_") }),
    );
    const compressed = precompressSite(clientDir);
    console.log(
      `Compressed ${compressed.files} files: ${Math.round(compressed.bytes / 1024)} KiB → ${Math.round(compressed.br / 1024)} KiB brotli`,
    );
  },
} satisfies Config;
