// The collection schema types of /work/helpers/storage.md, declared here so the filter compiler does not
// depend on server/core/schema.ts (owned by the server). Keep both in sync: schema.ts may re-export these.

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

/** What a rule or filter may read about the current request (`@request.*`). */
export type RequestInfo = {
  /** null = guest; record = stored values decoded to JS (bools as booleans). */
  auth: { collection: Collection; record: Record<string, unknown> } | null;
  /** Submitted body (`@request.body.*`). */
  body: Record<string, unknown>;
  /** `@request.query.*` */
  query: Record<string, string>;
  /** `@request.headers.*` (names lower-cased, '-' → '_'). */
  headers: Record<string, string>;
  /** `@request.method` */
  method: string;
  /** `@request.context`: "default" | ... */
  context: string;
};

export type CompileOptions = {
  /** The collection being queried. */
  collection: Collection;
  findCollection: (idOrName: string) => Collection | undefined;
  request: RequestInfo;
  /** SQL alias of the main table in the caller's query, e.g. "r". */
  alias: string;
  /** "filter" = client ?filter=, applies the non-superuser restrictions. */
  mode: "rule" | "filter";
  isSuperuser: boolean;
};

/** SQL with positional `?` parameters, in the order they appear in `sql`. */
export type SqlFragment = { sql: string; params: (string | number | null)[] };
