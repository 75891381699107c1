import type { SQLOutputValue } from "node:sqlite";
import { Worker } from "node:worker_threads";
import { raw, type Sql } from "./sql.ts";

// Reading a SQLite file the server did not make (an uploaded or restored backup) runs on a worker
// thread with its own read-only connection: an integrity check walks every page, which on a large
// file would hold the event loop, and so every request, for seconds.

export type InspectRequest = { file: string; queries: Sql[]; maxErrors: number };

/** One query's rows, or the error SQLite gave for it. */
export type QueryResult = { rows: Record<string, SQLOutputValue>[] } | { error: string };

export type InspectReport = {
  /** `PRAGMA integrity_check`'s lines: `["ok"]` for a whole database. */
  integrity: string[];
  /** The results of the queries, in order. */
  results: QueryResult[];
};

/** The file cannot be inspected: not a database SQLite opens, or the check took too long. */
export class InspectError extends Error {}

const workerUrl = new URL("./sqlite-inspect-worker.ts", import.meta.url);

/**
 * Opens the SQLite file `file` read-only on a worker thread, runs `PRAGMA integrity_check` (up to
 * `maxErrors` problems) and then each of `queries` (fragments, or statements without parameters). Rejects with InspectError when SQLite cannot
 * open the file or the whole takes longer than `timeout` ms.
 */
export function inspectSqlite(
  file: string,
  queries: (Sql | string)[],
  options: { timeout: number; maxErrors?: number },
): Promise<InspectReport> {
  const request: InspectRequest = {
    file,
    queries: queries.map((query) => (typeof query === "string" ? raw(query) : query)),
    maxErrors: options.maxErrors ?? 10,
  };
  const worker = new Worker(workerUrl, {
    workerData: request,
    // The worker holds a few rows; its SQLite page cache is outside this heap.
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
  return new Promise<InspectReport>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A statement running in SQLite ends before the thread stops; nothing waits for it.
      void worker.terminate();
      reject(new InspectError(`the check took longer than ${Math.round(options.timeout / 1000)} s`));
    }, options.timeout);
    const settle = () => clearTimeout(timer);
    worker.once("message", (message: InspectReport | { error: string }) => {
      settle();
      if ("error" in message) reject(new InspectError(message.error));
      else resolve(message);
    });
    worker.once("error", (error) => {
      settle();
      reject(error);
    });
    worker.once("exit", (code) => {
      settle();
      reject(new Error(`the SQLite inspection worker exited (${code}) without an answer`));
    });
  });
}
