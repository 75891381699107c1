// PocketBase's filter and rule language compiled to SQLite (docs/api.md, "Filter language").
// Pure: no HTTP, no database handle. Every failure is a FilterError.

export { FilterError } from "./filter-error.ts";
export { compileExpression, exceedsMaxFilterLength, maxFilterLength } from "./compiler.ts";
export { compileSort, maxSortFields, maxSortFieldLength } from "./sort.ts";
export { maxExpressions } from "./parser.ts";
export type { CompileOptions, RequestInfo } from "./types.ts";

/**
 * PocketBase answers 403 "Only superusers can filter by @collection." (or `@request.`) when a non-superuser's
 * `filter` or `sort` merely contains one of these strings, even inside quotes (apis/record_helpers.go).
 * Returns the offending prefix, or null.
 */
export function usesSuperuserOnlyFields(expr: string): "@collection." | "@request." | null {
  if (expr.includes("@collection.")) return "@collection.";
  if (expr.includes("@request.")) return "@request.";
  return null;
}
