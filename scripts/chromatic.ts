/**
 * `npm run chromatic`: publishes the stories to Chromatic for visual review. It needs
 * CHROMATIC_PROJECT_TOKEN and the network; without a token it says so and does nothing.
 * `CHROMATIC_TURBOSNAP=1` snapshots only the stories that the commits since the last Chromatic
 * build can change (TurboSnap); see docs/testing.md.
 */
import { spawnSync } from "node:child_process";

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    "CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic (the offline screenshot tests run in `npm test`).",
  );
  process.exit(0);
}

const turboSnap =
  process.env.CHROMATIC_TURBOSNAP === "1"
    ? // The fonts come from public/ through CSS, outside the module graph TurboSnap follows.
      ["--only-changed", "--externals", "public/**"]
    : [];
const minutes = Number(process.env.CHROMATIC_TIMEOUT_MINUTES ?? 15);
const result = spawnSync(
  "npx",
  ["chromatic", "--exit-zero-on-changes", "--build-script-name", "build-storybook", ...turboSnap],
  {
    stdio: "inherit",
    timeout: minutes * 60_000,
  },
);
if (result.error) console.error(`Chromatic did not finish within ${minutes} minutes.`);
process.exit(result.status ?? 1);
