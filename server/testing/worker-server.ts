import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { AppOptions } from "../app.ts";
import { fixtureRoot } from "./fixtures.ts";
import { startServer } from "./start-server.ts";

/**
 * `startServer` on a thread of its own: a request that holds the server's event loop holds only that
 * thread, so the test still measures, times out, and `close()` ends the thread (and removes its
 * data folder) even while a handler runs: a catastrophic regular expression, a quadratic loop.
 * Options must be cloneable.
 */
export async function startServerOffThread(
  options: Partial<AppOptions> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-thread-"));
  const worker = new Worker(new URL(import.meta.url), { workerData: { ...options, dataDir } });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    url,
    close: async () => {
      await worker.terminate();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (!isMainThread && parentPort) {
  const server = await startServer(workerData as Partial<AppOptions>);
  parentPort.postMessage(server.url);
}
