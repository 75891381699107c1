import { ident, param, raw, type Sql, sql } from "../tools/sql.ts";

// Searching by part of a text (the filter's `~`, `LIKE '%…%'`) reads every row of a table: at a
// million users, each of the dashboard's searches took a second. The fields below get a trigram
// index (SQLite FTS5, `tokenize='trigram'`), which answers a `LIKE '%abc%'` of three characters or
// more from the index. It is an external-content table over the collection's own table (it stores
// no copy of the text), kept in step by the store's writes, in their transaction. PocketBase has no
// such index: a real PocketBase answers the same filters by scanning.

/** The text fields each collection is searched by part of: the dashboard finds users by email or name. */
const searchedFields: Readonly<Record<string, readonly string[]>> = { users: ["email", "name"] };

/** What the search index of a collection depends on: its name and its fields' names. */
export type SchemaOf = { name: string; fields: readonly { name: string }[] };

/** The search index of a collection, if it has searched fields: its table and those fields. */
export type SearchIndex = { table: string; fields: string[] };

export function searchIndexOf(collection: SchemaOf): SearchIndex | undefined {
  const fields = (searchedFields[collection.name] ?? []).filter((name) =>
    collection.fields.some((field) => field.name === name),
  );
  return fields.length > 0 ? { table: searchTableName(collection.name), fields } : undefined;
}

/** `_search_{collection}`: internal, like every table whose name starts with `_`. */
export function searchTableName(collectionName: string): string {
  return `_search_${collectionName}`;
}

/** FTS5's own tables behind a search table (external content: no `_content`). */
export function searchShadowTables(table: string): string[] {
  return ["data", "idx", "docsize", "config"].map((suffix) => `${table}_${suffix}`);
}

/** The statement that makes the search index (compared with sqlite_master to know it is current). */
export function searchTableStatement(collectionName: string, index: SearchIndex): string {
  const columns = index.fields.map((name) => ident(name).sql).join(", ");
  // Collection names are identifiers (PocketBase allows letters, digits and `_`).
  return `CREATE VIRTUAL TABLE ${ident(index.table).sql} USING fts5(${columns}, content='${collectionName}', content_rowid='rowid', tokenize='trigram')`;
}

/** FTS5's command that takes record `id`'s current row out of the index (before it changes or goes). */
export function unindexRow(collectionName: string, index: SearchIndex, id: string): Sql {
  const columns = raw(index.fields.map((name) => ident(name).sql).join(", "));
  return sql`INSERT INTO ${ident(index.table)} (${ident(index.table)}, rowid, ${columns}) SELECT 'delete', rowid, ${columns} FROM ${ident(collectionName)} WHERE "id" = ${param(id)}`;
}

/** Puts record `id`'s current row in the index (after it is written). */
export function indexRow(collectionName: string, index: SearchIndex, id: string): Sql {
  const columns = raw(index.fields.map((name) => ident(name).sql).join(", "));
  return sql`INSERT INTO ${ident(index.table)} (rowid, ${columns}) SELECT rowid, ${columns} FROM ${ident(collectionName)} WHERE "id" = ${param(id)}`;
}

/** The shortest text a trigram index can look up; shorter ones are matched by a scan. */
const minimumSearchText = 3;

/**
 * The condition "`field` contains `text`" answered from the search index, when it can be: a
 * searched field, text of three characters or more without LIKE's own characters (`%`, `_`, `\`,
 * which need an ESCAPE clause the trigram index does not take). Same rows as `field LIKE '%text%'`.
 */
export function searchCondition(
  alias: string,
  index: SearchIndex,
  field: string,
  text: string,
): Sql | undefined {
  if (!index.fields.includes(field) || text.length < minimumSearchText || /[%_\\]/.test(text))
    return undefined;
  return sql`${ident(alias)}.rowid IN (SELECT rowid FROM ${ident(index.table)} WHERE ${ident(field)} LIKE ${param(`%${text}%`)})`;
}
