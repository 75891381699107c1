import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { type App, type AppOptions, createApp } from "../app.ts";
import { fixtureRoot } from "./fixtures.ts";

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
