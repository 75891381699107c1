import { Hono } from "hono";
import { validateRules } from "../core/rules.ts";
import { SchemaError } from "../core/schema.ts";
import { type Collection } from "../core/collection-types.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, queryOf, readBody, sendJson } from "./context.ts";
import { listPaging } from "./list-query.ts";
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

/** What the collections API shows of a collection: PocketBase's shape, never this server's token secrets. */
function shownCollection(collection: Collection): Record<string, unknown> {
  const { secrets: _secrets, ...shown } = collection;
  return { system: false, created: "", updated: "", ...shown };
}

const sortable: Record<string, (c: Collection) => string> = {
  name: (c) => c.name,
  id: (c) => c.id,
  type: (c) => c.type,
};

/** `GET /api/collections`: PocketBase's list (paged; `sort` by `name`, `id` or `type`, `-` for descending). */
function listCollections(c: ApiContext) {
  const query = queryOf(c);
  const paging = listPaging(query);
  if (query.filter) {
    throw new ApiError(400, "Filtering collections is not supported by this server: list them all.");
  }
  const all = c.get("ctx").store.collections();
  const sort = (query.sort ?? "").trim();
  if (sort) {
    const descending = sort.startsWith("-");
    const key = sortable[sort.replace(/^[-+]/, "")];
    if (!key) throw new ApiError(400, `Collections can be sorted by ${Object.keys(sortable).join(", ")}.`);
    all.sort((a, b) => key(a).localeCompare(key(b)) * (descending ? -1 : 1));
  }
  const start = (paging.page - 1) * paging.perPage;
  const items = all.slice(start, start + paging.perPage).map(shownCollection);
  return sendJson(
    c,
    200,
    {
      page: paging.page,
      perPage: paging.perPage,
      totalItems: paging.skipTotal ? -1 : all.length,
      totalPages: paging.skipTotal ? -1 : Math.ceil(all.length / paging.perPage),
      items,
    },
    { list: true },
  );
}

/** Changing one collection: this server's schema is pocketbase/pb_schema.json, as a whole. */
function refuseChange(): never {
  throw new ApiError(
    400,
    "This server's collections come from pocketbase/pb_schema.json, applied at start: change that file, or send the whole schema to PUT /api/collections/import.",
  );
}

/**
 * PocketBase's collections API for superusers, read-only (`pocketbase-typegen` and the SDK's
 * `pb.collections.getFullList()` and `getOne()` work): list and view; creating, updating, deleting
 * or truncating one collection answers 400 saying where the schema comes from.
 */
export const collectionsRead = new Hono<ApiEnv>()
  .get("/collections", rateLimit, requireSuperuser, listCollections)
  .get("/collections/:collection", rateLimit, requireSuperuser, (c) => {
    const collection = c.get("ctx").store.findCollection(c.req.param("collection"));
    if (!collection) throw new ApiError(404);
    return sendJson(c, 200, shownCollection(collection));
  })
  .post("/collections", rateLimit, limitBody, requireSuperuser, refuseChange)
  .patch("/collections/:collection", rateLimit, limitBody, requireSuperuser, refuseChange)
  .delete("/collections/:collection", rateLimit, requireSuperuser, refuseChange)
  .delete("/collections/:collection/truncate", rateLimit, requireSuperuser, refuseChange);
