import path from "node:path";
import type { SQLInputValue } from "node:sqlite";
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
import { type Collection, type Field, isMultiple } from "./collection-types.ts";
import { consoleLogger, type Logger } from "../tools/log.ts";
import { ident, param, type Sql, sql } from "../tools/sql.ts";
import { indexRow, type SearchIndex, searchIndexOf, unindexRow } from "./search.ts";
import { Database } from "./store/db.ts";
import { internalTables } from "./store/internal-tables.ts";
import {
  countQuery,
  decodeRow,
  deleteOwnedStatement,
  deleteStatement,
  findByIdQuery,
  type FindOptions,
  findQuery,
  insertStatement,
  type RecordData,
  referencesWhere,
  uniqueViolation,
  updateStatement,
  virtualRowQuery,
} from "./store/record-queries.ts";
import {
  checkSearchIndexes,
  dropCollection,
  forgetCollection,
  isOwnTable,
  readCollections,
  reservedCollectionName,
  saveCollection,
  syncTable,
} from "./store/schema-sync.ts";

// The store, as PocketBase splits its core: the connection and its transactions (store/db.ts), a
// collection's table kept in step with its definition (store/schema-sync.ts), the SQL of records
// (store/record-queries.ts), and the store's own tables (store/internal-tables.ts).

export type { FindOptions, RecordData };

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

/**
 * The database: one SQLite table per collection (storage contract), the collection definitions
 * with their per-instance token secrets in `_collections`; every statement of the server runs on
 * its connection (store/db.ts).
 */
export class Store extends Database {
  private byId = new Map<string, Collection>();
  private byName = new Map<string, Collection>();

  private constructor(file: string, log: Logger) {
    super(file, log);
  }

  /**
   * Opens (creating it when needed) `dataDir/data.db` (see store/db.ts), loads the collections and
   * brings `_superusers` up to date.
   */
  static open(dataDir: string, log: Logger = consoleLogger): Store {
    makeFolder(dataDir);
    const store = new Store(path.join(dataDir, "data.db"), log);
    store.loadCollections();
    const existing = store.byName.get(superusersCollectionName);
    store.importCollections([superusersCollection(existing)], false);
    return store;
  }

  /**
   * Closes the database (`close` folds the WAL into the file), runs `swap` to replace `data.db` on
   * disk, then opens it again exactly as `open` does. It all runs synchronously, so no request sees
   * the store between the two files. If `swap` or the reopen throws, the error propagates and the
   * store stays closed: the caller puts a good file back and calls `reopen` again.
   */
  reopen(swap: () => void = () => {}) {
    if (this.inTransaction) throw new Error("cannot reopen the database inside a transaction");
    this.closeDatabase();
    swap();
    const fresh = Store.open(path.dirname(this.file), this.log);
    this.db = fresh.db;
    this.clearStatements();
    this.loadCollections();
    this.reader.reopen(this.file);
    this.rowCounts.clear();
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

  // ---------------------------------------------------------------- collections

  private loadCollections() {
    this.byId.clear();
    this.byName.clear();
    for (const collection of readCollections(this)) {
      if (isOwnTable(collection.name)) {
        // Imported before such names were refused: the table stays the store's, never a collection.
        this.log.error(
          `Forgetting the collection ${collection.name}: that name is one of the store's own tables.`,
        );
        forgetCollection(this, collection.id);
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
      for (const [id, old] of this.byId) if (!next.has(id)) dropCollection(this, old);
      for (const collection of imported) {
        const old =
          this.byId.get(collection.id) ?? [...this.byId.values()].find((c) => c.name === collection.name);
        syncTable(this, collection, old);
        saveCollection(this, collection, old);
      }
    });
    this.clearStatements();
    this.loadCollections();
    this.rowCounts.clear();
  }

  /**
   * Removes field `name` from a collection: its definition and its column, with what it held (an
   * import keeps fields it omits, as PocketBase's does, so a retired field goes this way).
   */
  removeField(collection: Collection, name: string) {
    if (!collection.fields.some((f) => f.name === name)) return;
    const next = { ...collection, fields: collection.fields.filter((f) => f.name !== name) };
    this.transaction(() => {
      this.exec(sql`ALTER TABLE ${ident(collection.name)} DROP COLUMN ${ident(name)}`);
      syncTable(this, next, collection);
      saveCollection(this, next, collection);
    });
    this.clearStatements();
    this.loadCollections();
  }

  /**
   * Refills every search index that does not hold one entry per row of its table (rows written
   * behind the store's back). Two counts per index: run when the schema is applied at start, not on
   * every import.
   */
  checkSearchIndexes() {
    checkSearchIndexes(this, this.collections());
  }

  // ---------------------------------------------------------------- records

  /** One record by id, optionally also matching `where` (a rule, with the table aliased "r"). */
  findById(collection: Collection, id: string, where?: Sql): RecordData | undefined {
    const row = this.get(findByIdQuery(collection, id, where));
    return row ? decodeRow(collection, row) : undefined;
  }

  /** Records matching `where` (table aliased "r"), in `order`, paginated. */
  find(collection: Collection, options: FindOptions = {}): RecordData[] {
    return this.all(findQuery(collection, options)).map((row) => decodeRow(collection, row));
  }

  /** `find` on the reader's thread: for lists, which may scan (see tools/sql-reader.ts). */
  async list(collection: Collection, options: FindOptions = {}): Promise<RecordData[]> {
    const rows = await this.reader.all(this.file, findQuery(collection, options));
    return rows.map((row) => decodeRow(collection, row as Record<string, SQLInputValue>));
  }

  count(collection: Collection, where?: Sql): number {
    return Number(this.get(countQuery(collection, where))?.n ?? 0);
  }

  /** `count` on the reader's thread (a count walks every matching row). */
  async countLater(collection: Collection, where?: Sql): Promise<number> {
    const [row] = await this.reader.all(this.file, countQuery(collection, where));
    return Number(row?.n ?? 0);
  }

  /** Whether a one-row virtual table holding `data` matches `where` (create rules). */
  matchesVirtualRow(collection: Collection, data: RecordData, where: Sql): boolean {
    return Boolean(this.get(virtualRowQuery(collection, data, where)));
  }

  /** Inserts a complete record (every field set). */
  insert(collection: Collection, data: RecordData) {
    const search = searchIndexOf(collection);
    this.write(collection, () =>
      this.transaction(() => {
        this.run(insertStatement(collection, data));
        this.rowCounts.change(collection.id, +1);
        if (search) this.run(indexRow(collection.name, search, String(data.id)));
      }),
    );
  }

  /** Writes the given fields of record `id`. */
  update(collection: Collection, id: string, data: RecordData) {
    const fields = collection.fields.filter((f) => f.name in data && f.name !== "id");
    if (fields.length === 0) return;
    const search = searchIndexOf(collection);
    const reindex = search && fields.some((f) => search.fields.includes(f.name));
    this.write(collection, () =>
      this.transaction(() => {
        if (reindex) this.run(unindexRow(collection.name, search, id));
        this.run(updateStatement(collection, id, fields, data));
        if (reindex) this.run(indexRow(collection.name, search, id));
      }),
    );
  }

  private write(collection: Collection, fn: () => void) {
    try {
      fn();
    } catch (error) {
      const fields = uniqueViolation(collection, error);
      if (fields) throw new UniqueError(fields);
      throw error;
    }
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
    const deleted = this.run(deleteStatement(collection, id));
    this.rowCounts.change(collection.id, -Number(deleted.changes));
    for (const { name, ownedByRecord } of internalTables) {
      if (ownedByRecord) this.run(deleteOwnedStatement(name, collection, id));
    }
  }

  private referencing(collection: Collection, field: Field, id: string): RecordData[] {
    return this.find(collection, { where: referencesWhere(field, id) });
  }
}
