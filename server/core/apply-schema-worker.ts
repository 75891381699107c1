import { parentPort, workerData } from "node:worker_threads";
import { applySchema } from "./apply-schema.ts";
import { Store } from "./store.ts";

// Runs `applySchema` on a database that no request uses yet (see apply-schema.ts).

const { dataDir, schema } = workerData as { dataDir: string; schema: unknown[] };
try {
  const store = Store.open(dataDir);
  try {
    applySchema(store, schema);
  } finally {
    store.close();
  }
  parentPort!.postMessage({});
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message });
}
