/**
 * `npm test`: every check and every test tier, in order, each reporting its own count, then one
 * closing line `tests: N passed, N failed`. Exits non-zero when anything failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

type Tier = { name: string; command: string[]; report?: string };

const reports = "test-results/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (name: string, projects: string[], runner = ["npx", "vitest", "run"]): Tier => ({
  name,
  command: [
    ...runner,
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/${name}.json`,
  ],
  report: `${reports}/${name}.json`,
});

const steps: Tier[] = [
  { name: "types", command: ["npm", "run", "--silent", "typecheck"] },
  { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
  { name: "catalogs", command: ["node", "scripts/check-catalogs.ts"] },
  vitest("unit", ["unit"]),
  vitest("server", ["server"]),
  // Every story against its baseline, with another system font as everyone's default: one run
  // proves the pictures and that no text depends on the machine's fonts.
  vitest("stories", [], ["node", "scripts/test-stories-other-fonts.ts"]),
  { name: "build", command: ["npx", "react-router", "build"] },
  { name: "e2e", command: ["npx", "playwright", "test"], report: "test-results/e2e-report.json" },
];

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
