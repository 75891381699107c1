// The server's one logger. Lines for the operator go out exactly as written (no prefix, no
// timestamp: a service log adds its own): info on stdout, warnings and errors on stderr. Entries
// for the app's logs (`GET /api/logs`, the `_logs` table beside the requests) go to a store when
// the logger has one. Each sink can be replaced, which is how tests capture or silence it.

/** PocketBase's (slog's) levels, as the `_logs` table stores them. */
export const logLevels = { debug: -4, info: 0, warn: 4, error: 8 } as const;

export type LogLevel = keyof typeof logLevels;

/** An entry of the app's logs: `data.type` says what it is about (`"request"`, `"mail"`). */
export type LogEntry = { level: number; message: string; data: Record<string, unknown> };

export type Logger = {
  /** What the server did (a mail written to the outbox, a backup made). */
  info(line: string): void;
  warn(line: string): void;
  /** Something failed. */
  error(line: string): void;
  /**
   * Records an entry in the app's logs, when this logger has a store; a store that fails is
   * reported on stderr, never thrown (logging never stops what it logs).
   */
  record(level: LogLevel, message: string, data: Record<string, unknown>): void;
};

export type LoggerSinks = {
  /** Default: stdout. */
  info?: (line: string) => void;
  /** Default: stderr (`console.warn`). */
  warn?: (line: string) => void;
  /** Default: stderr (`console.error`). */
  error?: (line: string) => void;
  /** The app's logs (the request log store); without it `record` does nothing. */
  store?: (entry: LogEntry) => void;
};

/** A logger writing to `sinks`, each defaulting to the console. */
export function createLogger(sinks: LoggerSinks = {}): Logger {
  const info = sinks.info ?? ((line: string) => console.log(line));
  const warn = sinks.warn ?? ((line: string) => console.warn(line));
  const error = sinks.error ?? ((line: string) => console.error(line));
  return {
    info,
    warn,
    error,
    record(level, message, data) {
      if (!sinks.store) return;
      try {
        sinks.store({ level: logLevels[level], message, data });
      } catch (failure) {
        const what = typeof data.type === "string" ? `a ${data.type} event` : "an event";
        error(`Could not log ${what}: ${(failure as Error).message}`);
      }
    },
  };
}

/** The console, for what runs outside an app (start-up, the CLI). */
export const consoleLogger = createLogger();
