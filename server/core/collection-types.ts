// The collection model the schema, the filter compiler and the record code all share: the types of a
// collection definition (as PocketBase's "Import collections" JSON has them) and the small helpers that
// read it. Nothing here depends on the database or on HTTP.

export type FieldType =
  | "text"
  | "email"
  | "url"
  | "editor"
  | "password"
  | "bool"
  | "number"
  | "select"
  | "relation"
  | "date"
  | "autodate"
  | "json"
  | "file";

export type Field = {
  id: string;
  name: string;
  type: FieldType;
  system?: boolean;
  hidden?: boolean;
  required?: boolean;
  min?: number | null;
  max?: number | null;
  pattern?: string;
  autogeneratePattern?: string;
  primaryKey?: boolean;
  onlyInt?: boolean;
  values?: string[];
  maxSelect?: number;
  collectionId?: string;
  cascadeDelete?: boolean;
  onCreate?: boolean;
  onUpdate?: boolean;
  onlyDomains?: string[] | null;
  exceptDomains?: string[] | null;
  cost?: number;
};

export type Collection = {
  id: string;
  name: string;
  type: "base" | "auth";
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  authRule?: string | null;
  manageRule?: string | null;
  fields: Field[];
  indexes: string[];
  [key: string]: unknown;
};

export type IndexInfo = {
  name: string;
  unique: boolean;
  table: string;
  columns: { name: string; collate: string }[];
  where: string;
};

const indexPattern =
  /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"[]?(\w+)[`"\]]?\s+ON\s+[`"[]?(\w+)[`"\]]?\s*\(([^)]*)\)\s*(?:WHERE\s+([\s\S]*?))?;?\s*$/i;

/** Parses an index definition of the schema file (PocketBase's `dbutils.ParseIndex`, enough of it). */
export function parseIndex(sql: string): IndexInfo | undefined {
  const match = indexPattern.exec(sql);
  if (!match) return undefined;
  const columns = match[4]!.split(",").map((part) => {
    const column = /^\s*[`"[]?(\w+)[`"\]]?(?:\s+COLLATE\s+(\w+))?(?:\s+(?:ASC|DESC))?\s*$/i.exec(part);
    return { name: column?.[1] ?? part.trim(), collate: column?.[2] ?? "" };
  });
  return {
    unique: Boolean(match[1]),
    name: match[2]!,
    table: match[3]!,
    columns,
    where: (match[5] ?? "").trim(),
  };
}

/**
 * The single-column UNIQUE index on `column` (compared case-insensitively), if any: decides e.g.
 * case-insensitive email lookups, and whether a back-relation in a filter points back at most once.
 */
export function findSingleColumnUniqueIndex(indexes: string[], column: string): IndexInfo | undefined {
  for (const sql of indexes) {
    const index = parseIndex(sql);
    if (
      index?.unique &&
      index.columns.length === 1 &&
      index.columns[0]!.name.toLowerCase() === column.toLowerCase()
    )
      return index;
  }
  return undefined;
}

/** Each field list's fields by name, built once: a body of thousands of keys looks each one up. */
const fieldsByName = new WeakMap<readonly Field[], Map<string, Field>>();

export function fieldByName(collection: Collection, name: string): Field | undefined {
  let byName = fieldsByName.get(collection.fields);
  if (!byName) {
    byName = new Map(collection.fields.map((field) => [field.name, field]));
    fieldsByName.set(collection.fields, byName);
  }
  return byName.get(name);
}

/** Whether a field's type can hold a list (select, relation, file), whatever its `maxSelect`. */
export function isMultiValuer(field: Field): boolean {
  return field.type === "select" || field.type === "relation" || field.type === "file";
}

/** Whether a field holds a list (multi select/relation/file): stored as a JSON array. */
export function isMultiple(field: Field): boolean {
  return isMultiValuer(field) && (field.maxSelect ?? 1) > 1;
}

export function isAuth(collection: Collection): boolean {
  return collection.type === "auth";
}
