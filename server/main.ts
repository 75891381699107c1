import { mkdirSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";

const port = Number(process.env.PORT ?? 8090);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = path.resolve(process.env.DATA_DIR ?? "pb_data");
const siteDir = path.resolve(process.env.SITE_DIR ?? "build/client");

mkdirSync(dataDir, { recursive: true });
const app = createApp({ dataDir, siteDir });

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving the site and the API on http://localhost:${info.port} (data in ${dataDir})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
