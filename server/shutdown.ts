import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { consoleLogger, type Logger } from "./tools/log.ts";

// The graceful stop of `node server/main.ts` on SIGTERM (systemd, docker) or SIGINT (Ctrl-C):
//   1. stop accepting connections; answers from then on say `Connection: close`;
//   2. let the requests in flight finish, for up to the shutdown timeout, then close what is left;
//   3. run the hooks other modules registered with `onShutdown` (in registration order);
//   4. the app's own close last: queued mail is sent or stays on disk for the next start, the WAL is
//      checkpointed and the database closed;
//   5. exit 0 (1 when a hook or the close failed). A second signal skips the wait of step 2.

type Hook = { name: string; run: () => unknown };

const hooks: Hook[] = [];
// How long one hook may take before the shutdown goes on without it.
const hookTimeoutMs = 5000;

/**
 * Runs `fn` once at shutdown, after the last request was answered and before the mail queue and the
 * database close (so a hook may still read or write them). Returns a function that unregisters it.
 */
export function onShutdown(fn: () => unknown, name = fn.name || "a shutdown hook"): () => void {
  const hook = { name, run: fn };
  hooks.push(hook);
  return () => {
    const index = hooks.indexOf(hook);
    if (index !== -1) hooks.splice(index, 1);
  };
}

export type ShutdownOptions = {
  server: Server;
  /** How long requests in flight may take to finish (ms) before their connections are closed. */
  timeoutMs: number;
  /** Runs after the hooks: the app's mail queue and database. */
  close: () => Promise<void>;
  /** Default: the console. */
  log?: Logger;
  /** Default `process.exit`. */
  exit?: (code: number) => void;
  /** Default SIGTERM and SIGINT (a test passes none and calls the returned function). */
  signals?: NodeJS.Signals[];
};

/**
 * Listens for SIGTERM and SIGINT and stops `server` gracefully (see above). Returns the shutdown
 * itself, which resolves with the exit code (tests call it without a signal).
 */
export function installShutdown(options: ShutdownOptions): (reason: string) => Promise<number> {
  const { server, timeoutMs } = options;
  const log = options.log ?? consoleLogger;
  const exit = options.exit ?? ((code: number) => process.exit(code));

  // Answers not finished yet: told to close their connection once the shutdown began.
  const open = new Set<ServerResponse>();
  let stopping: Promise<number> | undefined;
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    open.add(res);
    res.on("close", () => open.delete(res));
  });

  let forceClose: () => void = () => {};

  async function shutdown(reason: string): Promise<number> {
    log.info(
      `${reason}: shutting down (${open.size} request(s) in flight, waiting up to ${timeoutMs / 1000} s)`,
    );
    let code = 0;
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forced = new Promise<void>((resolve) => {
      forceClose = resolve;
      setTimeout(resolve, timeoutMs).unref();
    });
    await Promise.race([drained, forced]);
    if (open.size > 0) {
      log.error(`Closing ${open.size} request(s) still unanswered after the shutdown timeout`);
    }
    server.closeAllConnections();
    await drained;

    for (const hook of [...hooks]) {
      try {
        await Promise.race([
          Promise.resolve().then(hook.run),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error(`took over ${hookTimeoutMs} ms`)), hookTimeoutMs).unref(),
          ),
        ]);
      } catch (error) {
        log.error(`Shutdown hook "${hook.name}" failed: ${(error as Error).message}`);
        code = 1;
      }
    }
    try {
      await options.close();
    } catch (error) {
      log.error(`Closing the mail queue and the database failed: ${(error as Error).message}`);
      code = 1;
    }
    log.info(`Stopped${code === 0 ? "" : " (with errors, see above)"}`);
    return code;
  }

  function begin(reason: string): Promise<number> {
    if (stopping) {
      log.info(`${reason} again: closing the requests still in flight now`);
      forceClose();
      return stopping;
    }
    stopping = shutdown(reason);
    return stopping;
  }

  for (const signal of options.signals ?? ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => void begin(`Received ${signal}`).then(exit));
  }
  return begin;
}
