/**
 * `npm run test:stories:other-fonts`: the story tier on a machine whose fonts are not ours. A
 * fontconfig file makes another installed family (a serif, unlike anything the baselines show) the
 * first choice for every font Chromium asks the system for, then every story runs against the
 * committed screenshots. It passes only if no text of any story is drawn by a system font: the
 * proof that the baselines hold on a designer's or QA engineer's machine with more fonts than CI.
 *
 * Extra arguments go to Vitest (`npm test` adds its reporters).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const candidates = ["Noto Serif", "DejaVu Serif", "Liberation Serif", "Noto Sans Mono", "DejaVu Sans Mono"];
const fcMatch = (pattern: string, env: NodeJS.ProcessEnv = process.env) =>
  execFileSync("fc-match", ["--format=%{family[0]}", pattern], { env, encoding: "utf8" });

const installed = execFileSync("fc-list", ["--format=%{family[0]}\n"], { encoding: "utf8" }).split("\n");
const usual = fcMatch("sans-serif");
const family = candidates.find((name) => name !== usual && installed.includes(name));
if (!family) {
  console.error(`None of ${candidates.join(", ")} is installed besides ${usual}: nothing to swap in.`);
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), "fonts-"));
const configFile = path.join(dir, "fonts.conf");
writeFileSync(
  configFile,
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <match target="pattern">
    <edit name="family" mode="prepend" binding="strong"><string>${family}</string></edit>
  </match>
</fontconfig>
`,
);
const env = { ...process.env, FONTCONFIG_FILE: configFile };
for (const generic of ["sans-serif", "monospace", "system-ui"]) {
  const drawn = fcMatch(generic, env);
  if (drawn !== family) {
    console.error(`The fontconfig file did not take: ${generic} is still drawn with ${drawn}.`);
    process.exit(1);
  }
}
console.log(`System fonts for this run: ${family} for everything (usually ${usual} for sans-serif).`);

const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", "storybook-en", "--project", "storybook-fr", ...process.argv.slice(2)],
  { stdio: "inherit", env },
);
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
