/**
 * `npm test`: every check and every test tier, in order, each reporting its own count, then one
 * closing line `tests: N passed, N failed`. Exits non-zero when anything failed.
 * `npm run test:quick` (`--quick`): the same tiers cut to the loop while working (see quickSteps).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { baseCommit, changedFiles, testsTouching } from "./changed-tests.ts";
import { reasonToBuild } from "./site-build.ts";

type Tier = { name: string; command: string[]; report?: string };

const reports = "test-results/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (
  name: string,
  projects: string[],
  runner = ["npx", "vitest", "run"],
  files: string[] = [],
): Tier => ({
  name,
  command: [
    ...runner,
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/${name}.json`,
    ...files,
  ],
  report: `${reports}/${name}.json`,
});

const types: Tier = { name: "types", command: ["npm", "run", "--silent", "typecheck"] };
const lint: Tier = { name: "lint", command: ["npm", "run", "--silent", "lint"] };
const unit = vitest("unit", ["unit"]);
// Every story against its baseline, with another system font as everyone's default: one run
// proves the pictures and that no text depends on the machine's fonts.
const stories = (files: string[] = []) =>
  vitest("stories", [], ["node", "scripts/test-stories-other-fonts.ts"], files);
// The built Storybook as a designer opens it (production React, served as files): every story's
// play function in both locales, so that it and the story tier cannot disagree.
const storybook = (files: string[] = []): Tier => ({
  name: "storybook",
  command: ["node", "scripts/test-built-storybook.ts", ...files],
  report: "test-results/built-storybook-report.json",
});
const build: Tier = { name: "build", command: ["npx", "react-router", "build"] };
const e2e = (files: string[] = []): Tier => ({
  name: "e2e",
  command: ["npx", "playwright", "test", ...files],
  report: "test-results/e2e-report.json",
});

/**
 * The loop while working, a few minutes: the tiers that are quick whole (types, lint, unit), then
 * of the server, story and e2e tiers only the test files that changed since the work began or
 * import a changed file directly (scripts/changed-tests.ts), or a few that cover much when no file
 * does; those stories in the built Storybook too, when there are such; the build only when it is
 * out of date. Format and catalogs are left to `npm test`.
 */
function quickSteps(): Tier[] {
  const base = baseCommit();
  const changed = changedFiles(base);
  const buildReason = reasonToBuild();
  console.log(
    `test:quick: ${changed.length} changed file(s) since ${base === "HEAD" ? "the last commit" : base}; ` +
      (buildReason ? `the site is built again (${buildReason})` : "the build is up to date"),
  );
  const touched = (pattern: string, smoke: string[]) => {
    const files = testsTouching(changed, pattern);
    return files.length > 0 ? files : smoke;
  };
  const changedStories = testsTouching(changed, "{.storybook,src,server}/**/*.stories.tsx");
  return [
    types,
    lint,
    unit,
    vitest(
      "server",
      ["server"],
      undefined,
      touched("server/**/*.test.ts", ["server/app.test.ts", "server/api/record-auth.test.ts"]),
    ),
    stories(
      changedStories.length > 0
        ? changedStories
        : ["src/screens/home.stories.tsx", "src/widgets/auth/login-form.stories.tsx"],
    ),
    // Only for changed stories: Storybook's build alone takes half a minute.
    ...(changedStories.length > 0 ? [storybook(changedStories)] : []),
    ...(buildReason ? [build] : []),
    e2e(touched("tests/e2e/*.spec.ts", ["tests/e2e/home.spec.ts"])),
  ];
}

// `npm test -- unit server` (or `npm run test:quick -- types`): only the tiers named.
const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const tiers: Tier[] = process.argv.includes("--quick")
  ? quickSteps()
  : [
      types,
      lint,
      { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
      { name: "catalogs", command: ["node", "scripts/check-catalogs.ts"] },
      unit,
      vitest("server", ["server"]),
      stories(),
      storybook(),
      build,
      e2e(),
    ];
const unknown = named.filter((name) => !tiers.some((tier) => tier.name === name));
if (unknown.length > 0) {
  console.error(`No tier named ${unknown.join(", ")}: the tiers are ${tiers.map((t) => t.name).join(", ")}`);
  process.exit(1);
}
const steps = tiers.filter((tier) => named.length === 0 || named.includes(tier.name));

type Count = { passed: number; failed: number; skipped: number };

function countOf(step: Tier): Count | undefined {
  if (!step.report || !existsSync(step.report)) return undefined;
  const json = JSON.parse(readFileSync(step.report, "utf8"));
  if ("numPassedTests" in json) {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
  const stats = json.stats; // Playwright
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

type Failure = { title: string; message: string };

/** Playwright's report: suites nest, each spec holds one test per project, each test its tries. */
type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { results: { status: string; error?: { message?: string } }[] }[];
  }[];
};

function playwrightFailures(suite: PlaywrightSuite): Failure[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((test) =>
      test.results
        .filter((result) => result.status === "failed" || result.status === "timedOut")
        .map((result) => ({
          title: `${spec.file} › ${spec.title}`,
          message: result.error?.message ?? result.status,
        })),
    ),
  );
  return [...own, ...(suite.suites ?? []).flatMap(playwrightFailures)];
}

/**
 * The failed tests of a tier and the start of their errors: CI shows the end of the log, so the
 * summary carries what failed, not only that something did.
 */
function failuresOf(step: Tier): Failure[] {
  if (!step.report || !existsSync(step.report)) return [];
  const json = JSON.parse(readFileSync(step.report, "utf8"));
  if ("testResults" in json) {
    return (
      json.testResults as {
        name: string;
        message?: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
      }[]
    ).flatMap((file) => {
      const failed = file.assertionResults
        .filter((test) => test.status === "failed")
        .map((test) => ({
          title: `${file.name} › ${test.fullName}`,
          message: test.failureMessages.join("\n"),
        }));
      // A file that failed before any test ran (an import error) has its message on the file.
      return failed.length === 0 && file.message ? [{ title: file.name, message: file.message }] : failed;
    });
  }
  return (json.suites as PlaywrightSuite[]).flatMap(playwrightFailures);
}

/** A failure in a few lines: its title, then the first lines of its message, without colours or stack. */
function describeFailure({ title, message }: Failure): string {
  const lines = message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line && !/^\s*at /.test(line))
    .slice(0, 4);
  return [
    `✗ ${title.replace(`${process.cwd()}/`, "")}`,
    ...lines.map((line) => `    ${line.slice(0, 200)}`),
  ].join("\n");
}

const summary: string[] = [];
const failures: Failure[] = [];
const total: Count = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━ ${step.command.join(" ")}`);
  if (step.report) rmSync(step.report, { force: true });
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = result.status === 0;
  ok &&= passed;
  const count = countOf(step);
  if (count) {
    total.passed += count.passed;
    total.failed += count.failed;
    total.skipped += count.skipped;
    if (!passed && count.failed === 0) total.failed += 1; // the tier crashed before reporting a failure
  } else if (step.report && !passed) {
    total.failed += 1;
  }
  if (!passed) failures.push(...failuresOf(step));
  const counted = count ? `${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped` : "";
  summary.push(`${passed ? "ok  " : "FAIL"} ${step.name.padEnd(9)} ${seconds.padStart(6)}s  ${counted}`);
}

if (failures.length > 0) {
  const shown = failures.slice(0, 5).map(describeFailure);
  if (failures.length > shown.length) shown.push(`… and ${failures.length - shown.length} more (above)`);
  console.log(`\n━━ failed ━━\n${shown.join("\n")}`);
}
console.log(`\n━━ summary ━━\n${summary.join("\n")}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
