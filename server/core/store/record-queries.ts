import type { SQLInputValue } from "node:sqlite";
import { type Collection, type Field, isMultiple, parseIndex } from "../collection-types.ts";
import { decodeValue, encodeValue } from "../values.ts";
import { ident, joinSql, param, raw, type Sql, sql } from "#server/tools/sql.ts";

// The SQL of the records of a collection's table (PocketBase's core/record_query.go): the
// statements the Store's record methods run (../store.ts), and the decoding of what they read.

/** A record's field values as JS values (`password` holds the bcrypt hash). */
export type RecordData = Record<string, unknown>;

/** Which records `find` and `list` return: `where` and `order` over the table aliased "r", and a page. */
export type FindOptions = { where?: Sql; order?: Sql; limit?: number; offset?: number };

/** Decodes one row of `collection`'s table. */
export function decodeRow(collection: Collection, row: Record<string, SQLInputValue>): RecordData {
  const data: RecordData = {};
  for (const field of collection.fields) data[field.name] = decodeValue(field, row[field.name]);
  return data;
}

/** ` AND (where)`, or nothing. */
function andWhere(where?: Sql): Sql {
  return where && where.sql.trim() ? sql` AND (${where})` : raw("");
}

/** One record by id, optionally also matching `where` (a rule, with the table aliased "r"). */
export function findByIdQuery(collection: Collection, id: string, where?: Sql): Sql {
  return sql`SELECT "r".* FROM ${ident(collection.name)} "r" WHERE "r"."id" = ${param(id)}${andWhere(where)} LIMIT 1`;
}

/** Records matching `where` (table aliased "r"), in `order`, paginated. */
export function findQuery(collection: Collection, options: FindOptions = {}): Sql {
  let query = sql`SELECT "r".* FROM ${ident(collection.name)} "r" WHERE 1 = 1${andWhere(options.where)}`;
  if (options.order && options.order.sql.trim()) query = sql`${query} ORDER BY ${options.order}`;
  if (options.limit !== undefined) {
    query = sql`${query} LIMIT ${param(options.limit)} OFFSET ${param(options.offset ?? 0)}`;
  }
  return query;
}

/** How many records match `where` (table aliased "r"), as the column `n`. */
export function countQuery(collection: Collection, where?: Sql): Sql {
  return sql`SELECT COUNT(*) AS "n" FROM ${ident(collection.name)} "r" WHERE 1 = 1${andWhere(where)}`;
}

/** A row when a one-row virtual table holding `data` matches `where` (create rules). */
export function virtualRowQuery(collection: Collection, data: RecordData, where: Sql): Sql {
  const columns = collection.fields.map(
    (f) => sql`${param(encodeValue(f, data[f.name]))} AS ${ident(f.name)}`,
  );
  return sql`WITH "__pb_create__" AS (SELECT ${joinSql(columns, ", ")}) SELECT 1 AS "x" FROM "__pb_create__" "r" WHERE (${where}) LIMIT 1`;
}

/** Inserts a complete record (every field set). */
export function insertStatement(collection: Collection, data: RecordData): Sql {
  const names = joinSql(
    collection.fields.map((f) => ident(f.name)),
    ", ",
  );
  const values = joinSql(
    collection.fields.map((f) => param(encodeValue(f, data[f.name]))),
    ", ",
  );
  return sql`INSERT INTO ${ident(collection.name)} (${names}) VALUES (${values})`;
}

/** Writes `fields` of record `id` from `data`. */
export function updateStatement(collection: Collection, id: string, fields: Field[], data: RecordData): Sql {
  const sets = fields.map((f) => sql`${ident(f.name)} = ${param(encodeValue(f, data[f.name]))}`);
  return sql`UPDATE ${ident(collection.name)} SET ${joinSql(sets, ", ")} WHERE "id" = ${param(id)}`;
}

/** Deletes record `id` of `collection`'s table. */
export function deleteStatement(collection: Collection, id: string): Sql {
  return sql`DELETE FROM ${ident(collection.name)} WHERE "id" = ${param(id)}`;
}

/** Deletes the rows of internal table `table` that belong to record `id` of `collection`. */
export function deleteOwnedStatement(table: string, collection: Collection, id: string): Sql {
  return sql`DELETE FROM ${ident(table)} WHERE "collectionRef" = ${param(collection.id)} AND "recordRef" = ${param(id)}`;
}

/** Where the relation `field` (table aliased "r") points at record `id`. */
export function referencesWhere(field: Field, id: string): Sql {
  const column = ident("r", field.name);
  return isMultiple(field)
    ? sql`EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_each.value = ${param(id)})`
    : sql`${column} = ${param(id)}`;
}

/** The fields of `collection` a write's UNIQUE violation `error` names, if it is one. */
export function uniqueViolation(collection: Collection, error: unknown): string[] | undefined {
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
