// The types the filter compiler works with. The collection model itself is shared with the schema
// (../collection-types.ts), so a rule compiles against exactly the definition that is stored.

import type { Collection } from "../collection-types.ts";
import type { SearchIndex } from "../search.ts";

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
  /** The search index a collection's table has in this database (core/search.ts), if any. */
  searchIndexOf?: (collection: Collection) => SearchIndex | undefined;
};
