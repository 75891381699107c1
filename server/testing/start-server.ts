import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp, type AppOptions } from "../app.ts";

export type TestServer = { url: string; dataDir: string; close: () => Promise<void> };

/** Starts the real server on a free loopback port with a fresh data folder. */
export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "pb-test-"));
  const app = createApp({ ...options, dataDir });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
