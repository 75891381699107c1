import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { configFromEnv } from "./config.ts";

const { port, host, ...options } = configFromEnv();
const app = createApp(options);

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Serving the site and the API on http://localhost:${info.port} (data in ${options.dataDir})`);
  if (!options.smtp) console.log(`No SMTP_HOST: emails are written to ${options.dataDir}/outbox`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () =>
    // Queued mail is sent or saved to the outbox before the process ends.
    server.close(() => void app.close().then(() => process.exit(0))),
  );
}
