import { once } from "node:events";
import { createServer } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { type App, createApp, instructionsWarnings } from "./app.ts";
import { configFromEnv, type ServerConfig } from "./config.ts";
import { lockDataDir, prepareDataDir, StartupError } from "./core/data-dir.ts";
import { installShutdown } from "./shutdown.ts";
import { consoleLogger } from "./tools/log.ts";
import { missingLegalDetails } from "#shared/seller.ts";

// A start-up failure is one line on stderr naming the cause and the path, and exit code 1: a
// service log shows that line, where a stack trace would bury it.
function fail(message: string): never {
  consoleLogger.error(`Cannot start: ${message}`);
  process.exit(1);
}

function listenFailure(error: unknown, host: string, port: number): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "EADDRINUSE") return `port ${port} on ${host} is already in use (EADDRINUSE)`;
  if (code === "EACCES") return `no permission to listen on port ${port} on ${host} (EACCES)`;
  if (code === "EADDRNOTAVAIL") return `HOST ${host} is not an address of this machine (EADDRNOTAVAIL)`;
  return `cannot listen on ${host}:${port} (${message})`;
}

let config: ServerConfig;
try {
  config = configFromEnv();
} catch (error) {
  fail((error as Error).message);
}
const { port, host, shutdownTimeout, ...options } = config;
const { dataDir } = options;

// The port comes first: a port already taken ends the start before DATA_DIR, data.db or anything
// else exists. Nothing reads a request before the app is attached below: it all runs in the same
// tick as the end of this wait.
const server = createServer();
try {
  await once(server.listen(port, host), "listening");
} catch (error) {
  fail(listenFailure(error, host, port));
}

let app: App;
let unlock: () => void;
try {
  prepareDataDir(dataDir);
  unlock = lockDataDir(dataDir);
  app = createApp({ ...options, shutdownTimeout });
} catch (error) {
  if (error instanceof StartupError) fail(error.message);
  // SQLite's messages ("file is not a database") name no file; before the app exists, it is data.db.
  if ((error as { code?: string }).code === "ERR_SQLITE_ERROR") {
    fail(`the database ${path.join(dataDir, "data.db")} cannot be opened (${(error as Error).message})`);
  }
  fail((error as Error).message);
}
server.on("request", getRequestListener(app.fetch, { hostname: host }));

const address = server.address();
const boundPort = address && typeof address === "object" ? address.port : port;
consoleLogger.info(`Serving the site and the API on http://localhost:${boundPort} (data in ${dataDir})`);
if (!options.smtp) consoleLogger.info(`No SMTP_HOST: emails are written to ${dataDir}/outbox`);
// A production server sells: each detail the law asks a seller to publish and the operator left
// unset is named once, with what the pages and emails leave out without it.
if (process.env.NODE_ENV === "production") {
  for (const { variable, consequence } of missingLegalDetails(config.legal)) {
    consoleLogger.warn(`${variable} is not set: ${consequence}`);
  }
  if (!options.stripe) for (const warning of instructionsWarnings()) consoleLogger.warn(warning);
}

// SIGTERM or SIGINT: requests in flight finish, queued mail is sent or stays on disk, the database
// is checkpointed and closed (server/shutdown.ts; other modules add steps with `onShutdown`), and
// the DATA_DIR lock is released last.
installShutdown({
  server,
  timeoutMs: shutdownTimeout,
  close: async () => {
    try {
      await app.close();
    } finally {
      unlock();
    }
  },
});
