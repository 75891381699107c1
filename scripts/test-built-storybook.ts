/**
 * The `storybook` tier: the built Storybook as a designer opens it. Builds Storybook into
 * `STORYBOOK_DIR` (default test-results/storybook-static) when it is missing or older than its
 * sources, then runs every story's play function in it, in both locales
 * (tests/storybook/built-storybook.spec.ts).
 *
 * `node scripts/test-built-storybook.ts [story files…] [Playwright options…]`: story files keep
 * the stories of those files only; `--build` builds even when the build looks up to date.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { newestChange } from "./site-build.ts";

const dir = process.env.STORYBOOK_DIR ?? "test-results/storybook-static";
const builtIndex = path.join(dir, "index.json");
/** What the build is made of: the stories, what they import, Storybook's and Vite's configuration. */
const sources = [
  ".storybook",
  "src",
  "shared",
  "server",
  "locales",
  "content",
  "public",
  "vite.config.ts",
  "lingui.config.ts",
  "tailwind.config.ts",
  "package-lock.json",
];

const args = process.argv.slice(2);
const storyFiles = args.filter((arg) => /\.stories\.tsx?$/.test(arg));
const playwrightArgs = args.filter((arg) => !storyFiles.includes(arg) && arg !== "--build");

const reason = args.includes("--build")
  ? "asked"
  : !existsSync(builtIndex)
    ? "no build yet"
    : Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs
      ? "its sources changed"
      : null;
if (reason) {
  console.log(`Building Storybook into ${dir} (${reason})`);
  const started = Date.now();
  const build = spawnSync("npx", ["storybook", "build", "--quiet", "--output-dir", dir], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Storybook built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log(`Storybook in ${dir} is up to date`);
}

const result = spawnSync(
  "npx",
  [
    "playwright",
    "test",
    "--config",
    "playwright.storybook.config.ts",
    // Story files whose stories are all gone (deleted, renamed) leave nothing to run.
    ...(storyFiles.length > 0 ? ["--pass-with-no-tests"] : []),
    ...playwrightArgs,
  ],
  {
    stdio: "inherit",
    env: { ...process.env, STORYBOOK_DIR: dir, STORY_FILES: storyFiles.join(",") },
  },
);
process.exit(result.status ?? 1);
