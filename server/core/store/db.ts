import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { Logger } from "#server/tools/log.ts";
import type { Sql } from "#server/tools/sql.ts";
import { SqlReader } from "#server/tools/sql-reader.ts";
import { collectionsTableStatement, internalTables } from "./internal-tables.ts";

// The connection to data.db and its transactions (PocketBase's core/db.go and db_tx.go): the
// statement cache, the queries every other part of the store runs through, and the record counts
// that follow the transactions. The collections and their records are the Store's (../store.ts).

const statementCacheSize = 500;

/**
 * Opens `file` (creating it when needed) with WAL, foreign keys and synchronous=FULL: a write is on
 * disk before the request that made it is answered, so a `kill -9` loses nothing acknowledged. The
 * store's own tables (./internal-tables.ts) are made when missing.
 */
function openConnection(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 10000;
  `);
  db.exec(collectionsTableStatement);
  for (const { statement } of internalTables) db.exec(statement);
  return db;
}

/** The connection, the statement cache and the transactions the Store is built on. */
export class Database {
  /** The open connection; replaced only by `Store.reopen` (restoring a backup). */
  db: DatabaseSync;
  private statements = new Map<string, StatementSync>();
  protected readonly log: Logger;
  /** The database file (`dataDir/data.db`). */
  readonly file: string;
  /** Reads that may scan run there, off the thread that answers requests (see tools/sql-reader.ts). */
  readonly reader = new SqlReader();
  /** The record counts of `Store.rowCount`, kept in step with this connection's transactions. */
  protected rowCounts = new RowCounts();
  private depth = 0;

  protected constructor(file: string, log: Logger) {
    this.db = openConnection(file);
    this.log = log;
    this.file = file;
  }

  /**
   * Folds the WAL back into `data.db` (emptying it), then closes: a copy of `data.db` alone is
   * whole. The reader stops too.
   */
  close() {
    void this.reader.close();
    this.closeDatabase();
  }

  protected closeDatabase() {
    this.statements.clear();
    if (!this.db.isOpen) return;
    try {
      this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (error) {
      // Busy (another process reading): the WAL stays and is replayed at the next open.
      this.log.error(`WAL checkpoint at close failed: ${(error as Error).message}`);
    }
    this.db.close();
  }

  /** Forgets the prepared statements (the schema changed, or the connection did). */
  protected clearStatements() {
    this.statements.clear();
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= statementCacheSize) {
        this.statements.delete(this.statements.keys().next().value!);
      }
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // A query is a fragment built with tools/sql.ts, or a statement's text and its parameters.

  /** Every row of a query. */
  all(query: Sql | string, params: SQLInputValue[] = []): Record<string, SQLInputValue>[] {
    const [text, values] = typeof query === "string" ? [query, params] : [query.sql, query.params];
    return this.statement(text).all(...values) as Record<string, SQLInputValue>[];
  }

  /** The first row of a query. */
  get(query: Sql | string, params: SQLInputValue[] = []): Record<string, SQLInputValue> | undefined {
    const [text, values] = typeof query === "string" ? [query, params] : [query.sql, query.params];
    return this.statement(text).get(...values) as Record<string, SQLInputValue> | undefined;
  }

  /** Runs a write. */
  run(query: Sql | string, params: SQLInputValue[] = []) {
    const [text, values] = typeof query === "string" ? [query, params] : [query.sql, query.params];
    return this.statement(text).run(...values);
  }

  /** Runs a statement without parameters (DDL), outside the statement cache. */
  exec(statement: Sql) {
    if (statement.params.length > 0) throw new Error("exec takes no parameters");
    this.db.exec(statement.sql);
  }

  /** Whether a transaction is running. */
  protected get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** Runs `fn` in one transaction (nested calls join the outer one). `fn` must be synchronous. */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec("BEGIN IMMEDIATE");
    this.depth++;
    try {
      const result = fn();
      this.db.exec("COMMIT");
      this.rowCounts.commit();
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      this.rowCounts.rollback();
      throw error;
    } finally {
      this.depth--;
    }
  }
}

/**
 * The record counts `Store.rowCount` keeps: per collection, valid for one `data_version` of the
 * connection; the changes of a transaction apply when it commits.
 */
class RowCounts {
  private counts = new Map<string, number>();
  private version = -1;
  private pending = new Map<string, number>();
  /** Writes seen so far (a count that raced one is not kept). */
  writes = 0;

  get(collectionId: string, version: number): number | undefined {
    if (version !== this.version) {
      this.counts.clear();
      this.version = version;
    }
    return this.counts.get(collectionId);
  }

  set(collectionId: string, version: number, count: number) {
    if (version === this.version) this.counts.set(collectionId, count);
  }

  change(collectionId: string, delta: number) {
    this.writes++;
    this.pending.set(collectionId, (this.pending.get(collectionId) ?? 0) + delta);
  }

  commit() {
    for (const [id, delta] of this.pending) {
      const count = this.counts.get(id);
      if (count !== undefined) this.counts.set(id, count + delta);
    }
    this.pending.clear();
  }

  rollback() {
    this.pending.clear();
  }

  clear() {
    this.counts.clear();
    this.pending.clear();
    this.writes++;
  }
}
