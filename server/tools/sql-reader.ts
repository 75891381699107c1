import type { SQLOutputValue } from "node:sqlite";
import { Worker } from "node:worker_threads";
import type { Sql } from "./sql.ts";

// node:sqlite is synchronous: a query runs on the thread that calls it, and the thread that runs
// the server's queries also answers every page. A read that may scan (a list, a count, a search,
// the logs) or copy a whole file (a backup) therefore runs here, on worker threads with read-only
// connections of their own; WAL lets them read beside the writer. Measured at a million users:
// one dashboard list held every page for a second on the main thread.

export type Row = Record<string, SQLOutputValue>;

/** An operation on one of the reader's files: a query, its plan, or a copy of the whole file. */
type Operation = { file: string } & ({ op: "all" | "explain"; query: Sql } | { op: "copy"; target: string });

/** What the main thread asks a reader thread: an operation, at its file's generation. */
export type ReadRequest = Operation & { id: number; generation: number };

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

type Pending = { resolve: (rows: Row[]) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

/**
 * Runs read-only operations on worker threads: two, so that a list and its count (or a search
 * and a backup) go on side by side on a two-core machine; each operation goes to the thread with
 * less to do. Each SQLite file gets a read-only connection per thread, opened on first use and
 * again after `reopen(file)` (a restore replaced the file).
 */
export class SqlReader {
  private threads: (Thread | undefined)[] = [undefined, undefined];
  private nextId = 0;
  private generations = new Map<string, number>();

  /** The rows of `query` on the SQLite file `file`. */
  all(file: string, query: Sql): Promise<Row[]> {
    return this.send({ file, op: "all", query });
  }

  /** `EXPLAIN QUERY PLAN` of `query` on `file`: the plan's lines (`SEARCH users USING INDEX …`). */
  async explain(file: string, query: Sql): Promise<string[]> {
    return (await this.send({ file, op: "explain", query })).map((row) => String(row.detail));
  }

  /**
   * A consistent copy of the database `file` at `target`, made with SQLite's online backup on a
   * page basis (row ids are kept), while reads and writes go on.
   */
  async copy(file: string, target: string): Promise<void> {
    await this.send({ file, op: "copy", target });
  }

  /** The next operation on `file` opens it again (the file on disk was replaced). */
  reopen(file: string) {
    this.generations.set(file, (this.generations.get(file) ?? 0) + 1);
  }

  /** Stops the threads; operations still pending are refused. */
  async close() {
    const threads = this.threads.filter((thread): thread is Thread => thread !== undefined);
    this.threads = [undefined, undefined];
    for (const thread of threads) {
      for (const { reject } of thread.pending.values()) reject(new ReadError("the reader is closed"));
      thread.pending.clear();
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private send(request: Operation): Promise<Row[]> {
    const index = this.threads.reduce<number>(
      (best, thread, i) => ((thread?.pending.size ?? 0) < (this.threads[best]?.pending.size ?? 0) ? i : best),
      0,
    );
    const thread = (this.threads[index] ??= this.start(index));
    const id = ++this.nextId;
    const message: ReadRequest = { ...request, id, generation: this.generations.get(request.file) ?? 0 };
    return new Promise<Row[]>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage(message);
    });
  }

  private start(index: number): Thread {
    const thread: Thread = { worker: new Worker(workerUrl), pending: new Map() };
    const { worker, pending } = thread;
    worker.on("message", (answer: ReadAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      // An idle reader never keeps the process alive (a stop does not wait for it).
      if (pending.size === 0) worker.unref();
      if ("error" in answer) waiting.reject(new ReadError(answer.error, answer.code));
      else waiting.resolve(answer.rows);
    });
    // The thread died: what it was asked fails, and the next operation starts a new one.
    const fail = (error: Error) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = undefined;
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new ReadError(`the reader stopped (exit code ${code})`)));
    return thread;
  }
}
