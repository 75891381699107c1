import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fixtureRoot } from "./testing/fixtures.ts";
import { spawnServer } from "./testing/start-server.ts";

// What an operator sees when `node server/main.ts` cannot start: one line on stderr naming the
// cause and the path, exit code 1, no stack trace, and nothing created that was not there. One
// server per DATA_DIR; `npm run superuser` still works beside it.

const root = mkdtempSync(path.join(fixtureRoot, "pb-startup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
/** A path for a DATA_DIR that does not exist yet. */
const freshDir = () => path.join(root, `data-${++count}`);

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
});

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs `node server/main.ts` as spawnServer does, expecting it to stop by itself within 10 s. */
function runServer(env: NodeJS.ProcessEnv): Promise<Run> {
  const start = performance.now();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      SITE_DIR: path.join(root, "no-site"),
      RATE_LIMIT: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 10_000,
    killSignal: "SIGKILL",
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - start })),
  );
}

/** Asserts the run ended by itself with exit code 1 and exactly `line` on stderr, nothing on stdout. */
function expectOneLine(run: Run, line: string) {
  expect(run.stderr).toBe(`${line}\n`);
  expect(run.stdout).toBe("");
  expect(run.code).toBe(1);
}

/**
 * Every entry of `dir` with its size and modification time, but SQLite's `-shm` files: a running
 * server's mere reads write there.
 */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => !name.endsWith("-shm"))
    .sort()
    .map((name) => {
      const info = statSync(path.join(dir, name));
      return `${name} ${info.size} ${info.mtimeMs}`;
    });
}

describe("start-up failures", { timeout: 15_000 }, () => {
  it("a port in use: one line naming the port, and no DATA_DIR, data.db or auxiliary.db created", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = holder.address() as AddressInfo;
      const dataDir = freshDir();
      const run = await runServer({ PORT: String(port), DATA_DIR: dataDir });
      expectOneLine(run, `Cannot start: port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      holder.close();
    }
  });

  it.each([
    [{ PORT: "http" }, "Cannot start: Invalid PORT: http"],
    [{ PORT: "70000" }, "Cannot start: Invalid PORT: 70000"],
    [{ BODY_LIMIT: "1mb" }, "Cannot start: Invalid BODY_LIMIT: 1mb (bytes)"],
    [
      { SUPERUSER_SECOND_FACTOR: "always" },
      "Cannot start: Invalid SUPERUSER_SECOND_FACTOR: always (optional or required)",
    ],
    [
      { BACKUPS_CRON: "0 25 * * *" },
      'Cannot start: Invalid BACKUPS_CRON: 0 25 * * * (hour "25" is out of range (0-23))',
    ],
  ])("invalid configuration %o: one line, nothing created", async (env, line) => {
    const dataDir = freshDir();
    expectOneLine(await runServer({ ...env, DATA_DIR: dataDir }), line);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("DATA_DIR under a regular file: one line naming it and the cause", async () => {
    const file = path.join(root, "a-file");
    writeFileSync(file, "not a folder\n");
    const run = await runServer({ DATA_DIR: path.join(file, "data") });
    expectOneLine(run, `Cannot start: DATA_DIR ${file}/data cannot be created (ENOTDIR: not a directory)`);
    expectOneLine(await runServer({ DATA_DIR: file }), `Cannot start: DATA_DIR ${file} is not a folder`);
  });

  // Node's recursive mkdir retried /proc/x for ever (/proc answers ENOENT): 100 % CPU and no output.
  it.skipIf(!existsSync("/proc/self"))("DATA_DIR=/proc/x ends within seconds with one line", async () => {
    const run = await runServer({ DATA_DIR: "/proc/x" });
    expectOneLine(
      run,
      "Cannot start: DATA_DIR /proc/x cannot be created (ENOENT: /proc accepts no new folders)",
    );
    expect(run.ms).toBeLessThan(5000);
  });

  // Root writes through any mode bits, so a chmod 0555 folder only refuses other users.
  it.skipIf(process.getuid?.() === 0)("a read-only DATA_DIR (chmod 0555): one line, EACCES", async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { mode: 0o555 });
    chmodSync(dataDir, 0o555);
    try {
      const run = await runServer({ DATA_DIR: dataDir });
      expectOneLine(run, `Cannot start: DATA_DIR ${dataDir} is not writable (EACCES: permission denied)`);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      chmodSync(dataDir, 0o755);
    }
  });

  it("a data.db that is not a database: one line naming the file", async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, "data.db"), "notes, not a database\n");
    const run = await runServer({ DATA_DIR: dataDir });
    expectOneLine(
      run,
      `Cannot start: the database ${dataDir}/data.db cannot be opened (file is not a database)`,
    );
  });
});

describe("one server per DATA_DIR", { timeout: 15_000 }, () => {
  it("a second server on the same DATA_DIR refuses with the first one's pid and touches nothing", async () => {
    const dataDir = freshDir();
    const first = await spawnServer(dataDir);
    children.push(first.child);
    const before = snapshot(dataDir);
    const second = await runServer({ DATA_DIR: dataDir });
    expectOneLine(
      second,
      `Cannot start: DATA_DIR ${dataDir} is in use by another server (pid ${first.child.pid})`,
    );
    expect(snapshot(dataDir)).toEqual(before);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it("npm run superuser works beside a running server, which signs the new superuser in", async () => {
    const dataDir = freshDir();
    const server = await spawnServer(dataDir);
    children.push(server.child);
    const cli = spawnSync(
      process.execPath,
      ["server/cli.ts", "superuser", "upsert", "beside@example.com", "beside the server 1"],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8", timeout: 20_000 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Successfully saved superuser "beside@example.com".');
    const pb = new PocketBase(server.url);
    const auth = await pb
      .collection("_superusers")
      .authWithPassword("beside@example.com", "beside the server 1");
    expect(auth.record.email).toBe("beside@example.com");
  });

  it("restarts at once after kill -9: a crash leaves no lock behind", async () => {
    const dataDir = freshDir();
    const crashed = await spawnServer(dataDir);
    const exited = new Promise((resolve) => crashed.child.once("exit", resolve));
    crashed.child.kill("SIGKILL");
    await exited;
    const restarted = await spawnServer(dataDir);
    children.push(restarted.child);
    expect((await fetch(`${restarted.url}/api/health`)).status).toBe(200);
    // The restarted server holds the lock in turn.
    const third = await runServer({ DATA_DIR: dataDir });
    expectOneLine(
      third,
      `Cannot start: DATA_DIR ${dataDir} is in use by another server (pid ${restarted.child.pid})`,
    );
  });
});
