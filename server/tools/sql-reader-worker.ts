import { backup, DatabaseSync, type StatementSync } from "node:sqlite";
import { parentPort } from "node:worker_threads";
import type { ReadAnswer, ReadRequest } from "./sql-reader.ts";

// A reader thread (see sql-reader.ts): one read-only connection per file, its statements cached,
// reopened when the main thread says the file was replaced.

type Connection = { db: DatabaseSync; generation: number; statements: Map<string, StatementSync> };

const connections = new Map<string, Connection>();
const statementCacheSize = 200;

function connection(file: string, generation: number): Connection {
  let open = connections.get(file);
  if (open && open.generation !== generation) {
    open.db.close();
    open = undefined;
  }
  if (!open) {
    const db = new DatabaseSync(file, { readOnly: true });
    // A writer's checkpoint may hold the file briefly: wait rather than fail.
    db.exec("PRAGMA busy_timeout = 10000");
    open = { db, generation, statements: new Map() };
    connections.set(file, open);
  }
  return open;
}

function statement(open: Connection, sql: string): StatementSync {
  let prepared = open.statements.get(sql);
  if (!prepared) {
    prepared = open.db.prepare(sql);
    if (open.statements.size >= statementCacheSize)
      open.statements.delete(open.statements.keys().next().value!);
    open.statements.set(sql, prepared);
  }
  return prepared;
}

async function run(request: ReadRequest): Promise<ReadAnswer> {
  const open = connection(request.file, request.generation);
  if (request.op === "copy") {
    // In one step: a backup made in steps starts again whenever another connection (the server's
    // writer) writes between two of them, and on a busy server might never end. One step reads a
    // snapshot (WAL lets the writer go on) and copies its pages, row ids included.
    await backup(open.db, request.target, { rate: 2 ** 31 - 1 });
    return { id: request.id, rows: [] };
  }
  const { sql, params } = request.query;
  const rows =
    request.op === "explain"
      ? open.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params)
      : statement(open, sql).all(...params);
  return { id: request.id, rows };
}

parentPort!.on("message", (request: ReadRequest) => {
  run(request).then(
    (answer) => parentPort!.postMessage(answer),
    (error: unknown) => {
      const { message, code } = error as Error & { code?: string };
      parentPort!.postMessage({ id: request.id, error: message, code } satisfies ReadAnswer);
    },
  );
});
