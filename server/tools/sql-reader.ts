import type { SQLOutputValue } from "node:sqlite";
import { Worker } from "node:worker_threads";
import type { Sql } from "./sql.ts";

// node:sqlite is synchronous: a query runs on the thread that calls it, and the thread that runs
// the server's queries also answers every page. A read that may scan (a list, a count, a search,
// the logs) therefore runs here, on a worker thread with read-only connections of its own; WAL
// lets them read beside the writer. Measured at a million users: one dashboard list held every
// page for a second on the main thread.

export type Row = Record<string, SQLOutputValue>;

/** What the main thread asks: a query on one of the reader's files, at that file's generation. */
export type ReadRequest = {
  id: number;
  file: string;
  generation: number;
  op: "all" | "explain";
  query: Sql;
};

export type ReadAnswer = { id: number; rows: Row[] } | { id: number; error: string; code?: string };

/** A read that failed in SQLite; `code` is SQLite's (`SQLITE_ERROR`, …) when it gave one. */
export class ReadError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

const workerUrl = new URL("./sql-reader-worker.ts", import.meta.url);

/**
 * Runs read-only queries on a worker thread, one at a time in the order asked. Each SQLite file
 * gets its own read-only connection there, opened on first use and again after `reopen(file)`
 * (a restore replaced the file).
 */
export class SqlReader {
  private worker: Worker | undefined;
  private nextId = 0;
  private pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  private generations = new Map<string, number>();

  /** The rows of `query` on the SQLite file `file`. */
  all(file: string, query: Sql): Promise<Row[]> {
    return this.send(file, "all", query);
  }

  /** `EXPLAIN QUERY PLAN` of `query` on `file`: the plan's lines (`SEARCH users USING INDEX …`). */
  async explain(file: string, query: Sql): Promise<string[]> {
    return (await this.send(file, "explain", query)).map((row) => String(row.detail));
  }

  /** The next read of `file` opens it again (the file on disk was replaced). */
  reopen(file: string) {
    this.generations.set(file, (this.generations.get(file) ?? 0) + 1);
  }

  /** Stops the worker; reads still pending are refused. */
  async close() {
    const worker = this.worker;
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new ReadError("the reader is closed"));
    this.pending.clear();
    await worker?.terminate();
  }

  private send(file: string, op: ReadRequest["op"], query: Sql): Promise<Row[]> {
    const worker = (this.worker ??= this.start());
    const id = ++this.nextId;
    const request: ReadRequest = { id, file, generation: this.generations.get(file) ?? 0, op, query };
    return new Promise<Row[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    const worker = new Worker(workerUrl);
    worker.on("message", (answer: ReadAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      // An idle reader never keeps the process alive (a stop does not wait for it).
      if (this.pending.size === 0) worker.unref();
      if ("error" in answer) waiting.reject(new ReadError(answer.error, answer.code));
      else waiting.resolve(answer.rows);
    });
    worker.on("error", (error) => this.fail(worker, error));
    worker.on("exit", (code) => this.fail(worker, new ReadError(`the reader stopped (exit code ${code})`)));
    return worker;
  }

  /** The worker died: what it was asked fails, and the next read starts a new one. */
  private fail(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
