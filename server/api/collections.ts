import { Hono } from "hono";
import { validateRules } from "../core/rules.ts";
import { SchemaError } from "../core/schema.ts";
import { type Collection } from "../core/collection-types.ts";
import type { Store } from "../core/store.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, readBody } from "./context.ts";
import { limitBody, rateLimit, requireSuperuser } from "./middlewares.ts";

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
    store.importCollections(collections, deleteMissing === true, validateRules);
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
