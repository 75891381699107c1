import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type { InspectReport, InspectRequest } from "./sqlite-inspect.ts";

// Runs in a worker thread (see sqlite-inspect.ts): every query here may take long on a large file.

const { file, queries, maxErrors } = workerData as InspectRequest;

function inspect(): InspectReport {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    // The file's schema is not trusted: its SQL may call no function with side effects.
    db.exec("PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON;");
    // A PRAGMA takes no bound parameter: the number is written in.
    const integrity = db
      .prepare(`PRAGMA integrity_check(${Math.max(1, Math.floor(maxErrors))})`)
      .all()
      .map((row) => String(Object.values(row)[0]));
    const results = queries.map((query) => {
      try {
        return { rows: db.prepare(query.sql).all(...query.params) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    });
    return { integrity, results };
  } finally {
    db.close();
  }
}

try {
  parentPort!.postMessage(inspect());
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message });
}
