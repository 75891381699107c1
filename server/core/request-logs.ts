import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { formatDateTime } from "./values.ts";
import { consoleLogger, type LogEntry, type Logger } from "../tools/log.ts";
import { param, raw, type Sql, sql } from "../tools/sql.ts";
import { type Row, SqlReader } from "../tools/sql-reader.ts";

// PocketBase's request logs: the `_logs` table of a separate SQLite file, `DATA_DIR/auxiliary.db`,
// in PocketBase's own shape, so its tools and its logs API read it unchanged. Entries are buffered in
// memory and written in one transaction every `flushInterval` ms (or every `batchSize` entries): a
// request never waits for a log write, and the main database is never touched.

/** PocketBase's default retention, in days. */
const defaultLogsMaxDays = 5;

/**
 * Logs kept at most (`LOGS_MAX_ROWS`), the oldest dropped first. PocketBase has no such bound; with
 * an entry bounded too (`maxEntryData`, and the request logger's field limits), it bounds the file:
 * a flood of requests cannot fill the disk that the main database shares.
 */
export const defaultLogsMaxRows = 100_000;

/** Characters of an entry's `data` JSON beyond which its long strings are cut (`boundData`). */
export const maxEntryData = 6144;

/** A row of `_logs`. */
type StoredLog = LogEntry & {
  id: string;
  /** `2006-01-02 15:04:05.000Z`, UTC. */
  created: string;
};

export type RequestLogsOptions = {
  /** Days a log is kept; 0 records nothing (PocketBase's `logs.maxDays`). Default 5. */
  maxDays?: number;
  /** Logs kept at most, the oldest dropped first. Default `defaultLogsMaxRows`. */
  maxRows?: number;
  /** Where the logs API's queries run (the store's reader); default a reader of its own. */
  reader?: SqlReader;
  /** Longest time an entry waits in memory before it is written (ms). Default 200. */
  flushInterval?: number;
  /** Entries that trigger a write at once. Default 200. */
  batchSize?: number;
  /** Entries kept in memory while the file cannot be written (locked, disk full); the oldest go first. */
  maxBuffered?: number;
  /** How often old logs are deleted (ms). Default one hour. */
  pruneInterval?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** Where write failures are reported (default: stderr). */
  log?: Logger;
};

const schema = `
  CREATE TABLE IF NOT EXISTS "_logs" (
    "id"      TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL,
    "level"   INTEGER DEFAULT 0 NOT NULL,
    "message" TEXT DEFAULT '' NOT NULL,
    "data"    JSON DEFAULT '{}' NOT NULL,
    "created" TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%fZ')) NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "idx_logs_level" ON "_logs" ("level");
  CREATE INDEX IF NOT EXISTS "idx_logs_message" ON "_logs" ("message");
  CREATE INDEX IF NOT EXISTS "idx_logs_created_hour" ON "_logs" (strftime('%Y-%m-%d %H:00:00', "created"));
`;

const pruneChunk = 5000;

const sequenceSize = 36 ** 7;
let sequence = randomInt(sequenceSize);

/**
 * A PocketBase id (15 characters of `[a-z0-9]`) that grows with time: the creation time in
 * milliseconds (8 base-36 characters until 2059), then a counter (7). Ids are the table's primary
 * key: appended in order, a write costs the same on a table of millions of entries, where random
 * ids made each insert land in a random page of the key's index (12 µs an entry on an empty table,
 * 30 µs past 200,000 entries; 8 µs either way in order). The counter keeps ids of the same
 * millisecond apart.
 */
export function logId(now: number): string {
  sequence = (sequence + 1) % sequenceSize;
  return now.toString(36).padStart(8, "0").slice(-8) + sequence.toString(36).padStart(7, "0");
}

/** An entry as it waits to be written: `data` already JSON. */
type PendingEntry = Omit<StoredLog, "data"> & { data: string };

/**
 * `data` as JSON of at most about `maxEntryData` characters: past that, its top-level strings are
 * cut to 1024 characters, then it becomes a note that it was too large. Request entries never get
 * there (the request logger cuts each field first); this holds for any other entry.
 */
function boundData(data: Record<string, unknown>): string {
  const json = JSON.stringify(data);
  if (json.length <= maxEntryData) return json;
  const cut = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === "string" && value.length > 1024 ? value.slice(0, 1024) : value,
    ]),
  );
  const shorter = JSON.stringify(cut);
  if (shorter.length <= maxEntryData) return shorter;
  return JSON.stringify({
    type: typeof data.type === "string" ? data.type.slice(0, 64) : "",
    truncated: true,
  });
}

/** `where`, or a condition every row matches. */
const whereOrAll = (where?: Sql): Sql => where ?? raw("1=1");

/** The request log store: a write buffer in front of `DATA_DIR/auxiliary.db`. */
export class RequestLogs {
  readonly maxDays: number;
  readonly maxRows: number;
  readonly file: string;
  private readonly reader: SqlReader;
  private db: DatabaseSync | null = null;
  private insert: StatementSync | null = null;
  private trim: StatementSync | null = null;
  /** Rows in the table: counted at each clean-up (at open, then hourly), kept up to date in between. */
  private rows = 0;
  private buffer: PendingEntry[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushSoon: NodeJS.Immediate | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private failing = false;
  private dropped = 0;
  private closed = false;
  private readonly flushInterval: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly now: () => Date;
  private readonly log: Logger;

  constructor(dataDir: string, options: RequestLogsOptions = {}) {
    this.maxDays = options.maxDays ?? defaultLogsMaxDays;
    this.maxRows = Math.max(1, options.maxRows ?? defaultLogsMaxRows);
    this.file = path.join(dataDir, "auxiliary.db");
    this.reader = options.reader ?? new SqlReader();
    this.flushInterval = options.flushInterval ?? 200;
    this.batchSize = options.batchSize ?? 200;
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? consoleLogger;
    try {
      mkdirSync(dataDir, { recursive: true });
      // No busy timeout: node:sqlite is synchronous, so waiting for a lock would stall every request.
      // A locked file fails the write at once and the entries wait for the next one.
      const db = new DatabaseSync(this.file, { timeout: 0 });
      db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;`);
      db.exec(schema);
      this.db = db;
      this.insert = db.prepare(
        `INSERT INTO "_logs" ("id", "level", "message", "data", "created") VALUES (?, ?, ?, ?, ?)`,
      );
      // Rowids grow with each insert: the first ones are the oldest logs, and deleting them walks
      // only the pages they are on (no count, no scan of what is kept).
      this.trim = db.prepare(
        `DELETE FROM "_logs" WHERE rowid IN (SELECT rowid FROM "_logs" ORDER BY rowid LIMIT ?)`,
      );
    } catch (error) {
      // Without its file the server still serves every request; it only keeps no logs.
      this.log.error(`Request logs disabled: cannot open ${this.file}: ${(error as Error).message}`);
      this.db?.close();
      this.db = null;
    }
    if (this.db) {
      void this.pruneGradually();
      const every = options.pruneInterval ?? 60 * 60 * 1000;
      this.pruneTimer = setInterval(() => void this.pruneGradually(), every);
      this.pruneTimer.unref();
    }
  }

  /** Whether requests are recorded (`maxDays` > 0 and the file is open). */
  get enabled(): boolean {
    return this.maxDays > 0 && this.db !== null && !this.closed;
  }

  /** Queues one entry; written within `flushInterval` ms. Never throws. */
  add(entry: LogEntry & { created?: string }) {
    if (!this.enabled) return;
    const now = this.now();
    this.buffer.push({
      id: logId(now.getTime()),
      created: entry.created ?? formatDateTime(now),
      level: entry.level,
      message: entry.message.length > 2048 ? entry.message.slice(0, 2048) : entry.message,
      data: boundData(entry.data),
    });
    if (this.buffer.length > this.maxBuffered) {
      this.dropped += this.buffer.length - this.maxBuffered;
      this.buffer.splice(0, this.buffer.length - this.maxBuffered);
    }
    if (this.buffer.length >= this.batchSize * 5 && !this.failing) {
      // The event loop had no turn for the scheduled write (a burst of work): write now.
      this.flush();
    } else if (this.buffer.length >= this.batchSize && !this.failing) {
      // Right after the current answer leaves, not before it.
      if (!this.flushSoon) {
        this.flushSoon = setImmediate(() => {
          this.flushSoon = undefined;
          this.flush();
        });
        this.flushSoon.unref();
      }
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flush();
      }, this.flushInterval);
      this.flushTimer.unref();
    }
  }

  /** Entries waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /**
   * Writes the buffered entries in one transaction. False (entries kept, retried later) when the
   * file cannot be written; never throws.
   */
  flush(): boolean {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    if (this.buffer.length === 0 || !this.db || !this.insert || !this.trim) return true;
    const batch = this.buffer;
    this.buffer = [];
    try {
      // More than the bound at once: the oldest would be deleted right away, so are never written.
      const kept = batch.length > this.maxRows ? batch.slice(-this.maxRows) : batch;
      let rows = this.rows;
      this.db.exec("BEGIN IMMEDIATE");
      try {
        // The oldest go before the new ones are written, so these reuse the pages freed: at the
        // bound the file stops growing. A bound lowered by far is reached over several writes.
        const excess = rows + kept.length - this.maxRows;
        if (excess > 0) rows -= Number(this.trim.run(Math.min(excess, pruneChunk + kept.length)).changes);
        for (const entry of kept) {
          this.insert.run(entry.id, entry.level, entry.message, entry.data, entry.created);
        }
        this.db.exec("COMMIT");
      } catch (error) {
        if (this.db.isTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
      this.rows = rows + kept.length;
      if (this.failing || this.dropped > 0) {
        const lost = this.dropped ? ` (${this.dropped} entries dropped meanwhile)` : "";
        this.log.error(`Request logs written again${lost}.`);
      }
      this.failing = false;
      this.dropped = 0;
      return true;
    } catch (error) {
      this.buffer = batch.concat(this.buffer);
      if (!this.failing)
        this.log.error(`Cannot write request logs (will retry): ${(error as Error).message}`);
      this.failing = true;
      // Retry later, still without waiting for a lock.
      if (!this.closed && !this.flushTimer) {
        this.flushTimer = setTimeout(
          () => {
            this.flushTimer = undefined;
            this.flush();
          },
          Math.max(this.flushInterval, 1000),
        );
        this.flushTimer.unref();
      }
      return false;
    }
  }

  /** The oldest `created` kept: logs created at or before it are deleted (PocketBase's `DeleteOldLogs`). */
  cutoff(now = this.now()): string {
    return formatDateTime(new Date(now.getTime() - this.maxDays * 24 * 60 * 60 * 1000));
  }

  /**
   * Deletes the logs older than `maxDays` days before `now` (all of them when `maxDays` is 0, as
   * PocketBase does), at most `limit` rows. Returns how many were deleted; 0 when the file is busy.
   */
  prune(now = this.now(), limit = Number.POSITIVE_INFINITY): number {
    if (!this.db) return 0;
    const cutoff = this.cutoff(now);
    let deleted = 0;
    try {
      while (deleted < limit) {
        const chunk = Math.min(pruneChunk, limit - deleted);
        const { changes } = this.db
          .prepare(
            `DELETE FROM "_logs" WHERE rowid IN (SELECT rowid FROM "_logs" WHERE "created" <= ? LIMIT ?)`,
          )
          .run(cutoff, chunk);
        deleted += Number(changes);
        if (Number(changes) < chunk) break;
      }
    } catch (error) {
      this.log.error(`Cannot delete old request logs: ${(error as Error).message}`);
    }
    this.rows = Math.max(0, this.rows - deleted);
    return deleted;
  }

  /** Rows in the table (the last known count when it cannot be read). */
  private countRows(): number {
    try {
      return Number(this.db?.prepare(`SELECT count(*) AS "n" FROM "_logs"`).get()?.n ?? 0);
    } catch {
      return this.rows;
    }
  }

  /**
   * Prunes in chunks, letting requests run in between: the logs past `maxDays`, then the oldest
   * beyond `maxRows` (a bound lowered since the last run). Recounts the rows first, should another
   * process have written the file.
   */
  private async pruneGradually() {
    const now = this.now();
    this.rows = this.countRows();
    while (!this.closed && this.prune(now, pruneChunk) === pruneChunk) await yieldToEventLoop();
    while (!this.closed && this.db && this.trim && this.rows > this.maxRows) {
      try {
        const excess = Math.min(pruneChunk, this.rows - this.maxRows);
        const deleted = Number(this.trim.run(excess).changes);
        this.rows -= deleted;
        if (deleted < excess) break;
      } catch (error) {
        this.log.error(`Cannot delete old request logs: ${(error as Error).message}`);
        break;
      }
      await yieldToEventLoop();
    }
  }

  // The logs API's reads. `where` and `order` are compiled by the filter compiler over `"_logs" "r"`
  // (api/logs.ts); without a `where`, every log matches.

  /** One page of the logs matching `where`, in `order`. */
  find(options: { where?: Sql; order?: Sql; limit: number; offset: number }): Promise<Row[]> {
    const order = options.order?.sql ? sql` ORDER BY ${options.order}` : raw("");
    return this.read(
      sql`SELECT "r".* FROM "_logs" "r" WHERE ${whereOrAll(options.where)}${order} LIMIT ${param(options.limit)} OFFSET ${param(options.offset)}`,
    );
  }

  /** How many logs match `where`. */
  async count(where?: Sql): Promise<number> {
    const [row] = await this.read(sql`SELECT count(*) AS "n" FROM "_logs" "r" WHERE ${whereOrAll(where)}`);
    return Number(row!.n);
  }

  /** How many logs match `where` in each hour that has any (`date` as "YYYY-MM-DD HH:00:00", `total`), oldest first. */
  stats(where?: Sql): Promise<Row[]> {
    return this.read(
      sql`SELECT count("r"."id") AS "total", strftime('%Y-%m-%d %H:00:00', "r"."created") AS "date" FROM "_logs" "r" WHERE ${whereOrAll(where)} GROUP BY "date" ORDER BY "date"`,
    );
  }

  /** One log by id. */
  async findById(id: string): Promise<Row | undefined> {
    const [row] = await this.read(sql`SELECT * FROM "_logs" WHERE "id" = ${param(id)} LIMIT 1`);
    return row;
  }

  /**
   * Rows of a query on the log file, on the reader's thread (the logs API: a filter may scan every
   * log). The buffer is written first, so recent requests show.
   */
  private read(query: Sql): Promise<Row[]> {
    if (!this.db) return Promise.reject(new Error("request logs are not available"));
    this.flush();
    return this.reader.all(this.file, query);
  }

  /** Rows of a statement on the writer's own connection: maintenance (PRAGMAs) and tests. */
  all(query: Sql | string): Record<string, SQLInputValue>[] {
    if (!this.db) throw new Error("request logs are not available");
    this.flush();
    const { sql: text, params } = typeof query === "string" ? raw(query) : query;
    return this.db.prepare(text).all(...params) as Record<string, SQLInputValue>[];
  }

  /** Writes what is buffered, stops the timers and closes the file. */
  close() {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    clearTimeout(this.flushTimer);
    clearImmediate(this.flushSoon);
    clearInterval(this.pruneTimer);
    this.flushTimer = undefined;
    if (this.buffer.length > 0) this.log.error(`${this.buffer.length} request logs could not be written.`);
    this.buffer = [];
    if (this.db?.isOpen) this.db.close();
    this.db = null;
    this.insert = null;
    this.trim = null;
  }
}
