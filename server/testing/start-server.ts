import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import PocketBase from "pocketbase";
import { runSuperuserCommand } from "../cli.ts";
import { type App, type AppOptions, createApp } from "../app.ts";
import { fixtureRoot } from "./fixtures.ts";

/**
 * Runs `server/main.ts` in a process of its own (as in production) on a free loopback port, with
 * rate limiting off and no site, over `dataDir`; `env` adds or overrides variables. Resolves with its
 * URL once it listens; rejects with its output if it exits first. `output()` is everything it printed
 * so far (stdout and stderr). The caller stops the child.
 */
export async function spawnServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, "no-site"),
      RATE_LIMIT: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, url, output: () => output };
}

export type TestServer = { url: string; dataDir: string; app: App; close: () => Promise<void> };

/**
 * Starts the real server on a free loopback port with a fresh data folder. Rate limiting is off
 * and mail links are not logged unless the options say otherwise.
 */
export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(fixtureRoot, "pb-test-"));
  const app = createApp({ rateLimits: false, log: () => {}, ...options, dataDir });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(async () => {
          await app.close();
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/** `startServer`, with a superuser (root@example.com) signed in through the official SDK. */
export async function startServerAsRoot(
  options: Partial<AppOptions> = {},
): Promise<{ server: TestServer; root: PocketBase }> {
  const server = await startServer(options);
  await runSuperuserCommand(server.dataDir, ["upsert", "root@example.com", "a root password 1"]);
  const root = new PocketBase(server.url);
  await root.collection("_superusers").authWithPassword("root@example.com", "a root password 1");
  return { server, root };
}
