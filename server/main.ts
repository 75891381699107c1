import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { configFromEnv } from "./config.ts";
import { installShutdown } from "./shutdown.ts";

const { port, host, shutdownTimeout, ...options } = configFromEnv();
const app = createApp({ ...options, shutdownTimeout });

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving the site and the API on http://localhost:${info.port} (data in ${options.dataDir})`);
  if (!options.smtp) console.log(`No SMTP_HOST: emails are written to ${options.dataDir}/outbox`);
});

// SIGTERM or SIGINT: requests in flight finish, queued mail is sent or stays on disk, the database
// is checkpointed and closed (server/shutdown.ts; other modules add steps with `onShutdown`).
installShutdown({ server: server as Server, timeoutMs: shutdownTimeout, close: () => app.close() });
