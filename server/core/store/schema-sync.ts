import { type Collection, parseIndex } from "../collection-types.ts";
import { SchemaError, superusersCollectionName } from "../schema.ts";
import {
  type SchemaOf,
  searchIndexOf,
  searchShadowTables,
  searchTableName,
  searchTableStatement,
} from "../search.ts";
import { columnDefinition } from "../values.ts";
import { ident, joinSql, param, raw, type Sql, sql } from "#server/tools/sql.ts";
import type { Database } from "./db.ts";
import { collectionsTable, internalTables } from "./internal-tables.ts";

// A collection's table kept in step with its definition (PocketBase's
// core/collection_record_table_sync.go): made, its columns renamed or added, its indexes and its
// search index made or dropped. And what the store's schema may hold, by name: its own tables are
// never a collection's, and a backup holds nothing else.

/** PocketBase's system collections: the only names starting with `_` a collection may have. */
const pocketbaseSystemCollections = new Set(
  [superusersCollectionName, "_authOrigins", "_externalAuths", "_mfas", "_otps"].map((n) => n.toLowerCase()),
);

/** The store's own tables, lower-cased as SQLite compares names. */
const ownTables = new Set(
  [collectionsTable, ...internalTables.map(({ name }) => name)].map((n) => n.toLowerCase()),
);

/** Whether `name` is one of the store's own tables (or SQLite's), compared as SQLite compares names. */
export function isOwnTable(name: string): boolean {
  const lower = name.toLowerCase();
  return ownTables.has(lower) || lower.startsWith(searchTableName("")) || lower.startsWith("sqlite_");
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
  const tables = new Set(ownTables);
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

/** The stored collection definitions, as `_collections` holds them. */
export function readCollections(db: Database): Collection[] {
  return db
    .all(sql`SELECT "data" FROM ${ident(collectionsTable)}`)
    .map((row) => JSON.parse(String(row.data)) as Collection);
}

/** Stores a collection's definition (by id), in place of the one of `replaces` when it was another id. */
export function saveCollection(db: Database, collection: Collection, replaces?: Collection) {
  if (replaces && replaces.id !== collection.id) forgetCollection(db, replaces.id);
  db.run(
    sql`INSERT INTO ${ident(collectionsTable)} ("id", "name", "data") VALUES (${param(collection.id)}, ${param(collection.name)}, ${param(JSON.stringify(collection))})
     ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "data" = excluded."data"`,
  );
}

/** Removes a collection's definition from `_collections` (its table stays). */
export function forgetCollection(db: Database, id: string) {
  db.run(sql`DELETE FROM ${ident(collectionsTable)} WHERE "id" = ${param(id)}`);
}

/**
 * Drops a deleted collection: its table, its search index, its definition and the rows of the
 * internal tables that belonged to its records.
 */
export function dropCollection(db: Database, collection: Collection) {
  db.exec(sql`DROP TABLE IF EXISTS ${ident(searchTableName(collection.name))}`);
  db.exec(sql`DROP TABLE IF EXISTS ${ident(collection.name)}`);
  forgetCollection(db, collection.id);
  for (const { name, ownedByRecord } of internalTables) {
    if (ownedByRecord)
      db.run(sql`DELETE FROM ${ident(name)} WHERE "collectionRef" = ${param(collection.id)}`);
  }
}

function tableExists(db: Database, name: string): boolean {
  return Boolean(
    db.get(sql`SELECT 1 AS "x" FROM sqlite_master WHERE type = 'table' AND name = ${param(name)}`),
  );
}

/**
 * Makes or renames the table `name`: SQLite refusing the name (an index of the database already
 * has it) is the import's own error, a 400, never a 500.
 */
function execNamed(db: Database, name: string, statement: Sql) {
  try {
    db.exec(statement);
  } catch (error) {
    // SQLITE_ERROR; anything else (a full disk, I/O) is no fault of the import.
    if ((error as { errcode?: number }).errcode !== 1) throw error;
    throw new SchemaError(`The name ${name} is already used by another table or index.`);
  }
}

/**
 * Makes `collection`'s table, or brings the one of its stored definition `old` in step with it:
 * renamed, columns renamed or added (a column never changes its type), then its indexes and its
 * search index.
 */
export function syncTable(db: Database, collection: Collection, old: Collection | undefined) {
  if (old && old.name !== collection.name && tableExists(db, old.name)) {
    db.exec(sql`DROP TABLE IF EXISTS ${ident(searchTableName(old.name))}`);
    execNamed(db, collection.name, sql`ALTER TABLE ${ident(old.name)} RENAME TO ${ident(collection.name)}`);
  }
  if (!tableExists(db, collection.name)) {
    const columns = collection.fields.map((f) => sql`${ident(f.name)} ${raw(columnDefinition(f))}`);
    execNamed(db, collection.name, sql`CREATE TABLE ${ident(collection.name)} (${joinSql(columns, ", ")})`);
  } else {
    const existingColumns = new Set(
      db
        .all(sql`SELECT name FROM pragma_table_info(${param(collection.name)})`)
        .map((row) => String(row.name)),
    );
    for (const field of collection.fields) {
      const previous = old?.fields.find((f) => f.id === field.id);
      if (previous && previous.name !== field.name && existingColumns.has(previous.name)) {
        if (columnDefinition(previous) !== columnDefinition(field)) {
          throw new SchemaError(`The field ${field.name} cannot change its type.`);
        }
        db.exec(
          sql`ALTER TABLE ${ident(collection.name)} RENAME COLUMN ${ident(previous.name)} TO ${ident(field.name)}`,
        );
        existingColumns.delete(previous.name);
        existingColumns.add(field.name);
      } else if (previous && columnDefinition(previous) !== columnDefinition(field)) {
        throw new SchemaError(`The field ${field.name} cannot change its type.`);
      }
      if (!existingColumns.has(field.name)) {
        db.exec(
          sql`ALTER TABLE ${ident(collection.name)} ADD COLUMN ${ident(field.name)} ${raw(columnDefinition(field))}`,
        );
      }
    }
  }
  syncIndexes(db, collection);
  syncSearch(db, collection);
}

/**
 * The collection's search index (core/search.ts): made, and filled from the table, when it is
 * missing or its statement changed (a database from before it).
 */
function syncSearch(db: Database, collection: Collection) {
  const index = searchIndexOf(collection);
  const table = searchTableName(collection.name);
  const existing = db.get(
    sql`SELECT "sql" FROM sqlite_master WHERE type = 'table' AND name = ${param(table)}`,
  );
  if (!index) {
    if (existing) db.exec(sql`DROP TABLE ${ident(table)}`);
    return;
  }
  const statement = searchTableStatement(collection.name, index);
  if (existing?.sql === statement) return;
  if (existing) db.exec(sql`DROP TABLE ${ident(table)}`);
  db.exec(raw(statement));
  rebuildSearch(db, table);
}

/**
 * Refills every search index of `collections` that does not hold one entry per row of its table
 * (rows written behind the store's back). Two counts per index.
 */
export function checkSearchIndexes(db: Database, collections: Collection[]) {
  for (const collection of collections) {
    const index = searchIndexOf(collection);
    if (!index) continue;
    const rows = Number(db.get(sql`SELECT count(*) AS "n" FROM ${ident(collection.name)}`)?.n);
    const indexed = Number(db.get(sql`SELECT count(*) AS "n" FROM ${ident(`${index.table}_docsize`)}`)?.n);
    if (rows !== indexed) rebuildSearch(db, index.table);
  }
}

function rebuildSearch(db: Database, table: string) {
  db.exec(sql`INSERT INTO ${ident(table)} (${ident(table)}) VALUES ('rebuild')`);
}

function syncIndexes(db: Database, collection: Collection) {
  const wanted = new Map<string, string>();
  for (const sql of collection.indexes) {
    const index = parseIndex(sql);
    if (!index) throw new SchemaError(`Invalid index ${JSON.stringify(sql)}.`);
    wanted.set(index.name, indexStatement(sql));
  }
  const existing = db.all(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ${param(collection.name)} AND sql IS NOT NULL`,
  );
  for (const row of existing) {
    const name = String(row.name);
    if (wanted.get(name) !== String(row.sql)) db.exec(sql`DROP INDEX IF EXISTS ${ident(name)}`);
    else wanted.delete(name);
  }
  for (const statement of wanted.values()) {
    try {
      // The collection's own CREATE INDEX, checked by parseIndex above.
      db.exec(raw(statement));
    } catch (error) {
      const unique = /UNIQUE constraint failed/.test((error as Error).message);
      throw new SchemaError(
        `Failed to create the index ${parseIndex(statement)?.name ?? ""}${unique ? " (existing records are not unique)" : ""}.`,
      );
    }
  }
}
