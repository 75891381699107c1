import { Worker } from "node:worker_threads";
import { validateRules } from "./rules.ts";
import { Store } from "./store.ts";
import { claimExistingTrials } from "./billing/trial-claims.ts";
import { keepStremioSecretOnce } from "./stremio-account.ts";

/**
 * Applies the start-up schema (pocketbase/pb_schema.json's collections) to the store: tables,
 * columns and indexes made or changed, every rule compiled, data of a retired field moved, and the
 * search indexes brought in step with their tables.
 */
export function applySchema(store: Store, schema: unknown[]) {
  store.importCollections(schema, false, validateRules);
  keepStremioSecretOnce(store);
  claimExistingTrials(store);
  store.checkSearchIndexes();
}

const workerUrl = new URL("./apply-schema-worker.ts", import.meta.url);

/**
 * `applySchema` on the database of `dataDir`, on a worker thread: a restored database is made
 * current before it replaces the live one, so the swap itself stays short (filling a search index
 * of a million rows takes seconds).
 */
export function applySchemaOffThread(dataDir: string, schema: unknown[]): Promise<void> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, schema } });
  return new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { error?: string }) => {
      if (message.error) reject(new Error(message.error));
      else resolve();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the schema worker stopped (exit code ${code})`)));
  });
}
