import { compileExpression, compileSort, FilterError, type RequestInfo } from "./filter/index.ts";
import { SchemaError } from "./schema.ts";
import { and, type Sql } from "../tools/sql.ts";
import type { Collection } from "./collection-types.ts";
import type { Store } from "./store.ts";

/** What the compiler reads from the store: the collections, and the search indexes of their tables. */
type CompilingStore = Pick<Store, "findCollection"> & Partial<Pick<Store, "searchIndexOf">>;

/** Who asks: what `@request.*` resolves to, and whether rules are bypassed. */
export type Requester = { request: RequestInfo; isSuperuser: boolean };

/** What the compiler needs to know besides the expression: the table alias "r", the requester. */
function optionsFor(store: CompilingStore, collection: Collection, requester: Requester) {
  return {
    collection,
    findCollection: store.findCollection,
    searchIndexOf: store.searchIndexOf,
    request: requester.request,
    alias: "r",
    isSuperuser: requester.isSuperuser,
  };
}

/** Compiles a rule (`mode` "rule") or a client filter ("filter") over the table aliased "r". */
function expressionSql(mode: "rule" | "filter") {
  return (store: CompilingStore, collection: Collection, expr: string, requester: Requester): Sql =>
    compileExpression(expr, { ...optionsFor(store, collection, requester), mode });
}

/** An API rule as SQL over the collection's table aliased "r". Throws FilterError when invalid. */
export const ruleSql = expressionSql("rule");

/** A client `filter` as SQL (non-superuser restrictions applied). Throws FilterError when invalid. */
export const filterSql = expressionSql("filter");

/** A client `sort` as an ORDER BY body. Throws FilterError when invalid. */
export function sortSql(
  store: CompilingStore,
  collection: Collection,
  sort: string,
  requester: Requester,
): Sql {
  return compileSort(sort, optionsFor(store, collection, requester));
}

/**
 * What a list returns: the records the collection's listRule lets the requester see (a superuser:
 * every one) that match the client `filter`, in the client `sort` (`where` and `order` for
 * `Store.list`, undefined when absent). Throws FilterError when the filter or sort is invalid.
 */
export function listConditions(
  store: CompilingStore,
  collection: Collection,
  requester: Requester,
  query: { filter?: string; sort?: string },
): { where?: Sql; order?: Sql } {
  const rule =
    !requester.isSuperuser && collection.listRule
      ? ruleSql(store, collection, collection.listRule, requester)
      : undefined;
  const filter = query.filter?.trim() ? filterSql(store, collection, query.filter, requester) : undefined;
  const order = query.sort?.trim() ? sortSql(store, collection, query.sort, requester) : undefined;
  return { where: and(rule, filter), order };
}

/**
 * Whether `rule` lets the requester reach record `id` (PocketBase's `CanAccessRecord`): superusers
 * always, `null` never, `""` always, otherwise the record must match. Invalid rules deny.
 */
export function canAccessRecord(
  store: Store,
  collection: Collection,
  id: string,
  rule: string | null | undefined,
  requester: Requester,
): boolean {
  if (requester.isSuperuser) return true;
  if (rule === null || rule === undefined) return false;
  if (rule === "") return true;
  try {
    return Boolean(store.findById(collection, id, ruleSql(store, collection, rule, requester)));
  } catch {
    return false;
  }
}

const ruleKeys = [
  "listRule",
  "viewRule",
  "createRule",
  "updateRule",
  "deleteRule",
  "authRule",
  "manageRule",
] as const;

/** Compiles every rule of an imported collection as a guest would meet it: an invalid rule fails the import. */
export function validateRules(collection: Collection, find: (idOrName: string) => Collection | undefined) {
  for (const key of ruleKeys) {
    const rule = collection[key];
    if (typeof rule !== "string" || rule === "") continue;
    try {
      ruleSql({ findCollection: find }, collection, rule, {
        isSuperuser: false,
        request: { auth: null, body: {}, query: {}, headers: {}, method: "GET", context: "default" },
      });
    } catch (error) {
      if (error instanceof FilterError)
        throw new SchemaError(`Invalid ${collection.name}.${key}: ${error.message}`);
      throw error;
    }
  }
}
