import { randomFromPattern } from "./random.ts";
import { param, sql } from "../tools/sql.ts";
import { type Collection, isAuth } from "./collection-types.ts";
import type { RecordData, Store } from "./store.ts";
import { emptyValue } from "./values.ts";

/** A new record's values: each field's empty value. */
export function newRecordData(collection: Collection): RecordData {
  const data: RecordData = {};
  for (const field of collection.fields) data[field.name] = emptyValue(field);
  return data;
}

/** Fills empty text fields that have an `autogeneratePattern` (id, tokenKey) on a new record. */
export function autogenerate(collection: Collection, data: RecordData) {
  for (const field of collection.fields) {
    if (field.type === "text" && field.autogeneratePattern && data[field.name] === "") {
      data[field.name] = randomFromPattern(field.autogeneratePattern);
    }
  }
}

/** The records of `collection` whose `user` field is `userId`: what the user owns there. */
export function recordsOwnedBy(store: Store, collection: Collection, userId: string): RecordData[] {
  return store.find(collection, { where: sql`"r"."user" = ${param(userId)}` });
}

export type ExportOptions = {
  /** Superusers see hidden fields (PocketBase's `Unhide`). */
  unhideAll: boolean;
  /** Email shown regardless of `emailVisibility` (owner, superuser, manager, auth responses). */
  showEmail: boolean;
  expand?: Record<string, unknown>;
};

/**
 * A record as the API returns it (PocketBase's `PublicExport`): `collectionId` and
 * `collectionName` added, hidden fields and auth secrets removed, email per visibility, keys sorted
 * like Go's JSON encoder sorts a map.
 */
export function exportRecord(collection: Collection, data: RecordData, options: ExportOptions) {
  const result: Record<string, unknown> = {
    collectionId: collection.id,
    collectionName: collection.name,
  };
  for (const field of collection.fields) {
    if (field.hidden && !options.unhideAll) continue;
    result[field.name] = data[field.name];
  }
  if (isAuth(collection)) {
    delete result.password;
    delete result.tokenKey;
    if (!options.showEmail && data.emailVisibility !== true) delete result.email;
  }
  if (options.expand) result.expand = options.expand;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(result).sort()) sorted[key] = result[key];
  return sorted;
}
