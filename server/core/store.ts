import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { makeFolder } from "./data-dir.ts";
import { randomString } from "./random.ts";
import {
  normalizeCollection,
  SchemaError,
  superusersCollection,
  superusersCollectionName,
  tokenTypes,
  type TokenOption,
} from "./schema.ts";
import { type Collection, type Field, isMultiple, parseIndex } from "./collection-types.ts";
import { columnDefinition, decodeValue, encodeValue } from "./values.ts";
import { consoleLogger, type Logger } from "../tools/log.ts";
import { ident, joinSql, param, raw, type Sql, sql } from "../tools/sql.ts";
import { SqlReader } from "../tools/sql-reader.ts";
import { billingTables } from "./billing.ts";
import { passkeyTables } from "./passkeys.ts";
import { totpTables } from "./totp.ts";
import {
  indexRow,
  type SchemaOf,
  type SearchIndex,
  searchIndexOf,
  searchShadowTables,
  searchTableName,
  searchTableStatement,
  unindexRow,
} from "./search.ts";

/** A record's field values as JS values (`password` holds the bcrypt hash). */
export type RecordData = Record<string, unknown>;

/** Which records `find` and `list` return: `where` and `order` over the table aliased "r", and a page. */
export type FindOptions = { where?: Sql; order?: Sql; limit?: number; offset?: number };

/** A write refused by a UNIQUE constraint; `fields` are the columns of the violated index. */
export class UniqueError extends Error {
  readonly fields: string[];
  constructor(fields: string[]) {
    super(`UNIQUE constraint failed: ${fields.join(", ")}`);
    this.fields = fields;
  }
}

/** A delete refused because a required relation still points at the record. */
export class RequiredRelationError extends Error {}

/** A delete refused because it would leave no superuser (PocketBase's `pbSuperusersRecordDelete` hook). */
export class LastSuperuserError extends Error {
  constructor() {
    super("You can't delete the only existing superuser.");
  }
}

type Secrets = Partial<Record<TokenOption, string>>;

/** The table `Store.open` keeps the collection definitions in. */
export const collectionsTable = "_collections";

/**
 * The store's own tables besides `_collections`: what the domain keeps outside collections. The
 * rows of one `ownedByRecord` belong to a record (its `collectionRef` and `recordRef` columns) and
 * go with it.
 */
const internalTables: { name: string; statement: string; ownedByRecord?: boolean }[] = [
  ...billingTables,
  ...passkeyTables,
  ...totpTables,
];

/** PocketBase's system collections: the only names starting with `_` a collection may have. */
const pocketbaseSystemCollections = new Set(
  [superusersCollectionName, "_authOrigins", "_externalAuths", "_mfas", "_otps"].map((n) => n.toLowerCase()),
);

/** Whether `name` is one of the store's own tables (or SQLite's), compared as SQLite compares names. */
function isOwnTable(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    storeSchema([]).tables.has(lower) || lower.startsWith(searchTableName("")) || lower.startsWith("sqlite_")
  );
}

/**
 * Why no collection may be named `name`, if none may: a collection's records are served by the
 * records API under its rules, so its table must not be one of the store's own (`_collections`
 * with the token secrets, the internal tables, the search indexes and FTS5's tables behind them)
 * or SQLite's (`sqlite_`), nor have any other name starting with `_` (kept for the server, as the
 * request logs' `_logs`), PocketBase's system collections aside. Compared as SQLite compares names.
 */
export function reservedCollectionName(name: string): string | undefined {
  if (isOwnTable(name)) return `The name ${name} is reserved: it is one of this server's own tables.`;
  if (name.startsWith("_") && !pocketbaseSystemCollections.has(name.toLowerCase()))
    return `The name ${name} is reserved: names starting with _ are for system collections.`;
  return undefined;
}

/** The statement the store runs for an index a collection declares, as sqlite_master then keeps it. */
function indexStatement(sql: string): string {
  return sql
    .trim()
    .replace(/;$/, "")
    .replace(/\s+IF\s+NOT\s+EXISTS\s+/i, " ");
}

/**
 * What the store makes in a database holding `collections`: the `_collections` table, one table per
 * collection and each index a collection declares (by name: its table and the statements it may
 * have been made with), all names lower-cased as SQLite compares them. SQLite's own objects
 * (autoindexes, sqlite_sequence, sqlite_stat*) are not listed.
 */
export function storeSchema(collections: (SchemaOf & { indexes: string[] })[]): {
  tables: Set<string>;
  indexes: Map<string, { table: string; statements: Set<string> }>;
  /** The search indexes (virtual tables) by name, with the statement each is made with. */
  searchTables: Map<string, string>;
} {
  const tables = new Set([
    collectionsTable.toLowerCase(),
    ...internalTables.map(({ name }) => name.toLowerCase()),
  ]);
  const indexes = new Map<string, { table: string; statements: Set<string> }>();
  const searchTables = new Map<string, string>();
  for (const collection of collections) {
    tables.add(collection.name.toLowerCase());
    const search = searchIndexOf(collection);
    if (search) {
      searchTables.set(search.table.toLowerCase(), searchTableStatement(collection.name, search));
      for (const shadow of searchShadowTables(search.table)) tables.add(shadow.toLowerCase());
    }
    for (const sql of collection.indexes) {
      const index = parseIndex(sql);
      if (!index) continue;
      const name = index.name.toLowerCase();
      const table = index.table.toLowerCase();
      const known = indexes.get(name);
      // One name declared on two tables (two definitions disagreeing): neither is allowed.
      if (known && known.table !== table) known.table = "";
      else if (known) known.statements.add(indexStatement(sql));
      else indexes.set(name, { table, statements: new Set([indexStatement(sql)]) });
    }
  }
  return { tables, indexes, searchTables };
}

const statementCacheSize = 500;

/**
 * The database: one SQLite table per collection (storage contract), the collection definitions
 * with their per-instance token secrets in `_collections`, and every SQL statement of the server.
 */
export class Store {
  /** The open connection; replaced only by `reopen` (restoring a backup). */
  db: DatabaseSync;
  private statements = new Map<string, StatementSync>();
  private byId = new Map<string, Collection>();
  private byName = new Map<string, Collection>();

  private readonly log: Logger;
  /** The database file (`dataDir/data.db`). */
  readonly file: string;
  /** Reads that may scan run there, off the thread that answers requests (see tools/sql-reader.ts). */
  readonly reader = new SqlReader();

  private constructor(db: DatabaseSync, log: Logger, file: string) {
    this.db = db;
    this.log = log;
    this.file = file;
  }

  /**
   * Opens (creating it when needed) `dataDir/data.db` with WAL, foreign keys and synchronous=FULL:
   * a write is on disk before the request that made it is answered, so a `kill -9` loses nothing acknowledged.
   */
  static open(dataDir: string, log: Logger = consoleLogger): Store {
    makeFolder(dataDir);
    const file = path.join(dataDir, "data.db");
    const db = new DatabaseSync(file);
    db.exec(
      sql`
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA foreign_keys = ON;
        PRAGMA busy_timeout = 10000;
        CREATE TABLE IF NOT EXISTS ${ident(collectionsTable)} (
          "id" TEXT PRIMARY KEY NOT NULL,
          "name" TEXT UNIQUE NOT NULL,
          "data" TEXT NOT NULL
        );
      `.sql,
    );
    for (const { statement } of internalTables) db.exec(statement);
    const store = new Store(db, log, file);
    store.loadCollections();
    const existing = store.byName.get(superusersCollectionName);
    store.importCollections([superusersCollection(existing)], false);
    return store;
  }

  /**
   * Folds the WAL back into `data.db` (emptying it), then closes: a copy of `data.db` alone is
   * whole. The reader stops too.
   */
  close() {
    void this.reader.close();
    this.closeDatabase();
  }

  private closeDatabase() {
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

  /**
   * Closes the database (`close` folds the WAL into the file), runs `swap` to replace `data.db` on
   * disk, then opens it again exactly as `open` does. It all runs synchronously, so no request sees
   * the store between the two files. If `swap` or the reopen throws, the error propagates and the
   * store stays closed: the caller puts a good file back and calls `reopen` again.
   */
  reopen(swap: () => void = () => {}) {
    if (this.depth > 0) throw new Error("cannot reopen the database inside a transaction");
    this.closeDatabase();
    swap();
    const fresh = Store.open(path.dirname(this.file), this.log);
    this.db = fresh.db;
    this.statements.clear();
    this.loadCollections();
    this.reader.reopen(this.file);
    this.rowCounts.clear();
  }

  // ---------------------------------------------------------------- statements

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
  private exec(statement: Sql) {
    if (statement.params.length > 0) throw new Error("exec takes no parameters");
    this.db.exec(statement.sql);
  }

  private depth = 0;

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

  /**
   * How many records a collection holds: counted once on the reader's thread, then kept in step
   * with this store's own inserts and deletes (as their transactions commit). Another process's
   * write (the superuser CLI) changes SQLite's `data_version`, and the next call counts again. The
   * dashboard's first page asks for it every time: at a million users a count takes 30 ms or more.
   */
  async rowCount(collection: Collection): Promise<number> {
    const version = Number(this.get("PRAGMA data_version")?.data_version);
    const known = this.rowCounts.get(collection.id, version);
    if (known !== undefined) return known;
    const before = this.rowCounts.writes;
    const counted = await this.countLater(collection);
    // Kept only when no write of this store landed meanwhile (the count may or may not hold it).
    if (this.rowCounts.writes === before) this.rowCounts.set(collection.id, version, counted);
    return counted;
  }

  /** Counts every collection on the reader's thread, so that the first list need not wait for it. */
  warmRowCounts() {
    for (const collection of this.collections()) {
      this.rowCount(collection).catch((error: unknown) => {
        // Closed before the count came back (a short-lived app, a stop): nothing to report.
        if (this.db.isOpen) this.log.error(`Counting ${collection.name} failed: ${(error as Error).message}`);
      });
    }
  }

  private rowCounts = new RowCounts();

  // ---------------------------------------------------------------- collections

  private loadCollections() {
    this.byId.clear();
    this.byName.clear();
    for (const row of this.db.prepare(`SELECT "data" FROM "_collections"`).all()) {
      const collection = JSON.parse(String(row.data)) as Collection;
      if (isOwnTable(collection.name)) {
        // Imported before such names were refused: the table stays the store's, never a collection.
        this.log.error(
          `Forgetting the collection ${collection.name}: that name is one of the store's own tables.`,
        );
        this.db.prepare(`DELETE FROM "_collections" WHERE "id" = ?`).run(collection.id);
        continue;
      }
      this.byId.set(collection.id, collection);
      this.byName.set(collection.name, collection);
    }
  }

  collections(): Collection[] {
    return [...this.byId.values()];
  }

  /** The search index of a collection's table (core/search.ts); the store keeps it in step. */
  searchIndexOf = (collection: Collection): SearchIndex | undefined => searchIndexOf(collection);

  /** A collection by id or name (PocketBase accepts both in URLs). */
  findCollection = (idOrName: string): Collection | undefined => {
    return this.byId.get(idOrName) ?? this.byName.get(idOrName);
  };

  /** The per-instance secret of one token type (never exported, generated on first use). */
  secret(collection: Collection, option: TokenOption): string {
    const secrets = (collection.secrets ?? {}) as Secrets;
    const value = secrets[option];
    if (value) return value;
    throw new Error(`Missing ${option} secret for ${collection.name}`);
  }

  /**
   * PocketBase's `importCollections`: each entry is matched by id, else by name, merged over the
   * stored definition, validated, and its table created or altered. With `deleteMissing`, stored
   * non-system collections absent from `list` are dropped. All or nothing.
   */
  importCollections(
    list: unknown[],
    deleteMissing: boolean,
    validate?: (collection: Collection, all: (idOrName: string) => Collection | undefined) => void,
  ) {
    const next = new Map(this.byId);
    const imported: Collection[] = [];
    list.forEach((raw, index) => {
      const input = (raw && typeof raw === "object" ? raw : {}) as { id?: unknown; name?: unknown };
      const existing =
        (typeof input.id === "string" && next.get(input.id)) ||
        (typeof input.name === "string"
          ? [...next.values()].find((c) => c.name === input.name)
          : undefined) ||
        undefined;
      let collection: Collection;
      try {
        collection = normalizeCollection(raw, existing);
      } catch (error) {
        if (error instanceof SchemaError)
          throw new SchemaError(error.message, { [String(index)]: error.message });
        throw error;
      }
      const reserved = reservedCollectionName(collection.name);
      if (reserved) throw new SchemaError(reserved, { [String(index)]: reserved });
      if (existing && existing.type !== collection.type) {
        throw new SchemaError(`The type of ${existing.name} cannot be changed.`);
      }
      const secrets: Secrets = { ...((existing?.secrets ?? {}) as Secrets) };
      for (const option of tokenTypes) secrets[option] ??= randomString(50);
      // PocketBase: changing authRule invalidates every auth token of the collection.
      if (existing && collection.type === "auth" && existing.authRule !== collection.authRule) {
        secrets.authToken = randomString(50);
      }
      collection.secrets = secrets;
      if (existing && existing.id !== collection.id) next.delete(existing.id);
      next.set(collection.id, collection);
      imported.push(collection);
    });
    if (deleteMissing) {
      const keep = new Set(imported.map((c) => c.id));
      for (const [id, collection] of next) if (!keep.has(id) && !collection.system) next.delete(id);
    }
    const names = new Set<string>();
    for (const collection of next.values()) {
      const lower = collection.name.toLowerCase();
      if (names.has(lower)) throw new SchemaError(`Duplicated collection name ${collection.name}.`);
      names.add(lower);
    }
    const find = (idOrName: string) =>
      next.get(idOrName) ?? [...next.values()].find((c) => c.name === idOrName);
    for (const collection of next.values()) {
      for (const field of collection.fields) {
        if (field.type === "relation" && !find(field.collectionId ?? "")) {
          throw new SchemaError(
            `The relation ${collection.name}.${field.name} points at an unknown collection.`,
          );
        }
      }
    }
    if (validate) for (const collection of imported) validate(collection, find);

    this.transaction(() => {
      for (const [id, old] of this.byId) {
        if (!next.has(id)) {
          this.exec(sql`DROP TABLE IF EXISTS ${ident(searchTableName(old.name))}`);
          this.exec(sql`DROP TABLE IF EXISTS ${ident(old.name)}`);
          this.run(sql`DELETE FROM "_collections" WHERE "id" = ${param(id)}`);
          for (const { name, ownedByRecord } of internalTables) {
            if (ownedByRecord) this.run(sql`DELETE FROM ${ident(name)} WHERE "collectionRef" = ${param(id)}`);
          }
        }
      }
      for (const collection of imported) {
        const old =
          this.byId.get(collection.id) ?? [...this.byId.values()].find((c) => c.name === collection.name);
        this.syncTable(collection, old);
        if (old && old.id !== collection.id) {
          this.run(sql`DELETE FROM "_collections" WHERE "id" = ${param(old.id)}`);
        }
        const data = JSON.stringify(collection);
        this.run(
          sql`INSERT INTO "_collections" ("id", "name", "data") VALUES (${param(collection.id)}, ${param(collection.name)}, ${param(data)})
           ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "data" = excluded."data"`,
        );
      }
    });
    this.statements.clear();
    this.loadCollections();
    this.rowCounts.clear();
  }

  private tableExists(name: string): boolean {
    return Boolean(
      this.get(sql`SELECT 1 AS "x" FROM sqlite_master WHERE type = 'table' AND name = ${param(name)}`),
    );
  }

  /**
   * Makes or renames the table `name`: SQLite refusing the name (an index of the database already
   * has it) is the import's own error, a 400, never a 500.
   */
  private execNamed(name: string, statement: Sql) {
    try {
      this.exec(statement);
    } catch (error) {
      // SQLITE_ERROR; anything else (a full disk, I/O) is no fault of the import.
      if ((error as { errcode?: number }).errcode !== 1) throw error;
      throw new SchemaError(`The name ${name} is already used by another table or index.`);
    }
  }

  private syncTable(collection: Collection, old: Collection | undefined) {
    if (old && old.name !== collection.name && this.tableExists(old.name)) {
      this.exec(sql`DROP TABLE IF EXISTS ${ident(searchTableName(old.name))}`);
      this.execNamed(
        collection.name,
        sql`ALTER TABLE ${ident(old.name)} RENAME TO ${ident(collection.name)}`,
      );
    }
    if (!this.tableExists(collection.name)) {
      const columns = collection.fields.map((f) => sql`${ident(f.name)} ${raw(columnDefinition(f))}`);
      this.execNamed(
        collection.name,
        sql`CREATE TABLE ${ident(collection.name)} (${joinSql(columns, ", ")})`,
      );
    } else {
      const existingColumns = new Set(
        this.all(sql`SELECT name FROM pragma_table_info(${param(collection.name)})`).map((row) =>
          String(row.name),
        ),
      );
      for (const field of collection.fields) {
        const previous = old?.fields.find((f) => f.id === field.id);
        if (previous && previous.name !== field.name && existingColumns.has(previous.name)) {
          if (columnDefinition(previous) !== columnDefinition(field)) {
            throw new SchemaError(`The field ${field.name} cannot change its type.`);
          }
          this.exec(
            sql`ALTER TABLE ${ident(collection.name)} RENAME COLUMN ${ident(previous.name)} TO ${ident(field.name)}`,
          );
          existingColumns.delete(previous.name);
          existingColumns.add(field.name);
        } else if (previous && columnDefinition(previous) !== columnDefinition(field)) {
          throw new SchemaError(`The field ${field.name} cannot change its type.`);
        }
        if (!existingColumns.has(field.name)) {
          this.exec(
            sql`ALTER TABLE ${ident(collection.name)} ADD COLUMN ${ident(field.name)} ${raw(columnDefinition(field))}`,
          );
        }
      }
    }
    this.syncIndexes(collection);
    this.syncSearch(collection);
  }

  /**
   * The collection's search index (core/search.ts): made, and filled from the table, when it is
   * missing or its statement changed (a database from before it).
   */
  private syncSearch(collection: Collection) {
    const index = searchIndexOf(collection);
    const table = searchTableName(collection.name);
    const existing = this.get(
      sql`SELECT "sql" FROM sqlite_master WHERE type = 'table' AND name = ${param(table)}`,
    );
    if (!index) {
      if (existing) this.exec(sql`DROP TABLE ${ident(table)}`);
      return;
    }
    const statement = searchTableStatement(collection.name, index);
    if (existing?.sql === statement) return;
    if (existing) this.exec(sql`DROP TABLE ${ident(table)}`);
    this.exec(raw(statement));
    this.rebuildSearch(table);
  }

  /**
   * Refills every search index that does not hold one entry per row of its table (rows written
   * behind the store's back). Two counts per index: run when the schema is applied at start, not on
   * every import.
   */
  checkSearchIndexes() {
    for (const collection of this.collections()) {
      const index = searchIndexOf(collection);
      if (!index) continue;
      const rows = Number(this.get(sql`SELECT count(*) AS "n" FROM ${ident(collection.name)}`)?.n);
      const indexed = Number(
        this.get(sql`SELECT count(*) AS "n" FROM ${ident(`${index.table}_docsize`)}`)?.n,
      );
      if (rows !== indexed) this.rebuildSearch(index.table);
    }
  }

  private rebuildSearch(table: string) {
    this.exec(sql`INSERT INTO ${ident(table)} (${ident(table)}) VALUES ('rebuild')`);
  }

  private syncIndexes(collection: Collection) {
    const wanted = new Map<string, string>();
    for (const sql of collection.indexes) {
      const index = parseIndex(sql);
      if (!index) throw new SchemaError(`Invalid index ${JSON.stringify(sql)}.`);
      wanted.set(index.name, indexStatement(sql));
    }
    const existing = this.all(
      sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ${param(collection.name)} AND sql IS NOT NULL`,
    );
    for (const row of existing) {
      const name = String(row.name);
      if (wanted.get(name) !== String(row.sql)) this.exec(sql`DROP INDEX IF EXISTS ${ident(name)}`);
      else wanted.delete(name);
    }
    for (const statement of wanted.values()) {
      try {
        // The collection's own CREATE INDEX, checked by parseIndex above.
        this.exec(raw(statement));
      } catch (error) {
        const unique = /UNIQUE constraint failed/.test((error as Error).message);
        throw new SchemaError(
          `Failed to create the index ${parseIndex(statement)?.name ?? ""}${unique ? " (existing records are not unique)" : ""}.`,
        );
      }
    }
  }

  // ---------------------------------------------------------------- records

  /** Decodes one row of `collection`'s table. */
  decodeRow(collection: Collection, row: Record<string, SQLInputValue>): RecordData {
    const data: RecordData = {};
    for (const field of collection.fields) data[field.name] = decodeValue(field, row[field.name]);
    return data;
  }

  /** ` AND (where)`, or nothing. */
  private where(where?: Sql): Sql {
    return where && where.sql.trim() ? sql` AND (${where})` : raw("");
  }

  /** One record by id, optionally also matching `where` (a rule, with the table aliased "r"). */
  findById(collection: Collection, id: string, where?: Sql): RecordData | undefined {
    const row = this.get(
      sql`SELECT "r".* FROM ${ident(collection.name)} "r" WHERE "r"."id" = ${param(id)}${this.where(where)} LIMIT 1`,
    );
    return row ? this.decodeRow(collection, row) : undefined;
  }

  /** Records matching `where` (table aliased "r"), in `order`, paginated. */
  find(collection: Collection, options: FindOptions = {}): RecordData[] {
    return this.all(this.findQuery(collection, options)).map((row) => this.decodeRow(collection, row));
  }

  /** `find` on the reader's thread: for lists, which may scan (see tools/sql-reader.ts). */
  async list(collection: Collection, options: FindOptions = {}): Promise<RecordData[]> {
    const rows = await this.reader.all(this.file, this.findQuery(collection, options));
    return rows.map((row) => this.decodeRow(collection, row as Record<string, SQLInputValue>));
  }

  /** The SELECT of `find` and `list`. */
  findQuery(collection: Collection, options: FindOptions = {}): Sql {
    let query = sql`SELECT "r".* FROM ${ident(collection.name)} "r" WHERE 1 = 1${this.where(options.where)}`;
    if (options.order && options.order.sql.trim()) query = sql`${query} ORDER BY ${options.order}`;
    if (options.limit !== undefined) {
      query = sql`${query} LIMIT ${param(options.limit)} OFFSET ${param(options.offset ?? 0)}`;
    }
    return query;
  }

  count(collection: Collection, where?: Sql): number {
    return Number(this.get(this.countQuery(collection, where))?.n ?? 0);
  }

  /** `count` on the reader's thread (a count walks every matching row). */
  async countLater(collection: Collection, where?: Sql): Promise<number> {
    const [row] = await this.reader.all(this.file, this.countQuery(collection, where));
    return Number(row?.n ?? 0);
  }

  private countQuery(collection: Collection, where?: Sql): Sql {
    return sql`SELECT COUNT(*) AS "n" FROM ${ident(collection.name)} "r" WHERE 1 = 1${this.where(where)}`;
  }

  /** Whether a one-row virtual table holding `data` matches `where` (create rules). */
  matchesVirtualRow(collection: Collection, data: RecordData, where: Sql): boolean {
    const columns = collection.fields.map(
      (f) => sql`${param(encodeValue(f, data[f.name]))} AS ${ident(f.name)}`,
    );
    const row = this.get(
      sql`WITH "__pb_create__" AS (SELECT ${joinSql(columns, ", ")}) SELECT 1 AS "x" FROM "__pb_create__" "r" WHERE (${where}) LIMIT 1`,
    );
    return Boolean(row);
  }

  /** Inserts a complete record (every field set). */
  insert(collection: Collection, data: RecordData) {
    const names = joinSql(
      collection.fields.map((f) => ident(f.name)),
      ", ",
    );
    const values = joinSql(
      collection.fields.map((f) => param(encodeValue(f, data[f.name]))),
      ", ",
    );
    const search = searchIndexOf(collection);
    this.write(collection, () =>
      this.transaction(() => {
        this.run(sql`INSERT INTO ${ident(collection.name)} (${names}) VALUES (${values})`);
        this.rowCounts.change(collection.id, +1);
        if (search) this.run(indexRow(collection.name, search, String(data.id)));
      }),
    );
  }

  /** Writes the given fields of record `id`. */
  update(collection: Collection, id: string, data: RecordData) {
    const fields = collection.fields.filter((f) => f.name in data && f.name !== "id");
    if (fields.length === 0) return;
    const sets = fields.map((f) => sql`${ident(f.name)} = ${param(encodeValue(f, data[f.name]))}`);
    const search = searchIndexOf(collection);
    const reindex = search && fields.some((f) => search.fields.includes(f.name));
    this.write(collection, () =>
      this.transaction(() => {
        if (reindex) this.run(unindexRow(collection.name, search, id));
        this.run(sql`UPDATE ${ident(collection.name)} SET ${joinSql(sets, ", ")} WHERE "id" = ${param(id)}`);
        if (reindex) this.run(indexRow(collection.name, search, id));
      }),
    );
  }

  private write(collection: Collection, fn: () => void) {
    try {
      fn();
    } catch (error) {
      const fields = this.uniqueViolation(collection, error);
      if (fields) throw new UniqueError(fields);
      throw error;
    }
  }

  private uniqueViolation(collection: Collection, error: unknown): string[] | undefined {
    const message = error instanceof Error ? error.message : "";
    const columns = /UNIQUE constraint failed: (.+)$/m.exec(message);
    if (!columns) return undefined;
    const byIndex = /index '([^']+)'/.exec(columns[1]!);
    if (byIndex) {
      const index = collection.indexes.map(parseIndex).find((i) => i?.name === byIndex[1]);
      return index ? index.columns.map((c) => c.name) : [];
    }
    return columns[1]!.split(",").map((part) => part.trim().split(".").at(-1)!);
  }

  /**
   * Deletes a record and, like PocketBase, what points at it: records whose relation has
   * cascadeDelete go too, optional relations are emptied, a required one refuses the delete.
   */
  delete(collection: Collection, id: string) {
    this.transaction(() => {
      // Counted inside the write transaction, so two deletes (or the CLI and the API) can't race
      // past the check and leave nobody able to sign in as a superuser.
      if (collection.name === superusersCollectionName) {
        const others = this.count(collection, sql`"r"."id" != ${param(id)}`);
        if (others === 0 && this.findById(collection, id)) throw new LastSuperuserError();
      }
      this.deleteCascade(collection, id, new Set());
    });
  }

  private deleteCascade(collection: Collection, id: string, seen: Set<string>) {
    const key = `${collection.id}/${id}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const other of this.collections()) {
      for (const field of other.fields) {
        if (field.type !== "relation" || field.collectionId !== collection.id) continue;
        for (const ref of this.referencing(other, field, id)) {
          if (other.id === collection.id && ref.id === id) continue;
          if (field.cascadeDelete) {
            this.deleteCascade(other, String(ref.id), seen);
            continue;
          }
          const remaining = isMultiple(field) ? (ref[field.name] as string[]).filter((v) => v !== id) : "";
          if (field.required && (remaining === "" || (Array.isArray(remaining) && remaining.length === 0))) {
            throw new RequiredRelationError(`${other.name}.${field.name} requires ${id}`);
          }
          this.update(other, String(ref.id), { [field.name]: remaining });
        }
      }
    }
    const search = searchIndexOf(collection);
    if (search) this.run(unindexRow(collection.name, search, id));
    const deleted = this.run(sql`DELETE FROM ${ident(collection.name)} WHERE "id" = ${param(id)}`);
    this.rowCounts.change(collection.id, -Number(deleted.changes));
    for (const { name, ownedByRecord } of internalTables) {
      if (!ownedByRecord) continue;
      this.run(
        sql`DELETE FROM ${ident(name)} WHERE "collectionRef" = ${param(collection.id)} AND "recordRef" = ${param(id)}`,
      );
    }
  }

  private referencing(collection: Collection, field: Field, id: string): RecordData[] {
    const column = ident("r", field.name);
    const where = isMultiple(field)
      ? sql`EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_each.value = ${param(id)})`
      : sql`${column} = ${param(id)}`;
    return this.find(collection, { where });
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
