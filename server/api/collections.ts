import { Hono } from "hono";
import { FilterError } from "../core/filter/index.ts";
import { ruleSql } from "../core/rules.ts";
import { SchemaError } from "../core/schema.ts";
import { type Collection } from "../core/collection-types.ts";
import type { Store } from "../core/store.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, readBody } from "./context.ts";
import { limitBody, rateLimit, requireSuperuser } from "./middlewares.ts";

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
export function validateRules(store: Store) {
  return (collection: Collection, find: (idOrName: string) => Collection | undefined) => {
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
  };
}

/** PUT /api/collections/import: PocketBase's "Import collections", as `pb.collections.import()` sends it. */
async function importCollections(c: ApiContext) {
  const body = await readBody(c);
  if (!body.ok) throw new ApiError(400, "An error occurred while loading the submitted data.");
  const { collections, deleteMissing } = body.value as { collections?: unknown; deleteMissing?: unknown };
  if (!Array.isArray(collections) || collections.length === 0) {
    throw new ApiError(400, "An error occurred while validating the submitted data.", {
      collections: fieldErrors.required(),
    });
  }
  const store = c.get("ctx").store;
  try {
    store.importCollections(collections, deleteMissing === true, validateRules(store));
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    throw new ApiError(400, "An error occurred while validating the submitted data.", {
      collections: {
        code: "validation_collections_import_failure",
        message: `Failed to import the collections configuration. ${error.message}`,
      },
    });
  }
  return c.body(null, 204);
}

/** `PUT /api/collections/import` (superusers). */
export const collectionsImport = new Hono<ApiEnv>().put(
  "/collections/import",
  rateLimit,
  limitBody,
  requireSuperuser,
  importCollections,
);
