import { Hono } from "hono";
import { authIdTaken, newTokenKey } from "../core/auth.ts";
import { expandRecords } from "../core/expand.ts";
import { hashPassword } from "../core/passwords.ts";
import { newRecordData } from "../core/records.ts";
import { exceedsMaxFilterLength, FilterError, usesSuperuserOnlyFields } from "../core/filter/index.ts";
import { canAccessRecord, listConditions, type Requester, ruleSql } from "../core/rules.ts";
import { type Collection, fieldByName, isAuth } from "../core/collection-types.ts";
import {
  LastSuperuserError,
  type RecordData,
  RequiredRelationError,
  type Store,
  UniqueError,
} from "../core/store.ts";
import { nowDateTime, parseNumber } from "../core/values.ts";
import {
  type Access,
  loadRecord,
  type RecordUpsert,
  replaceModifiers,
  tooLongLists,
  validateRecord,
} from "../forms/record-upsert.ts";
import { type FieldErrors, fieldErrors } from "../forms/validation.ts";
import { superusersCollectionName } from "../core/schema.ts";
import { ApiError } from "./api-error.ts";
import { checkPassword, queueAccountMailOnce, queueSecurityMail } from "./record-auth-helpers.ts";
import {
  type ApiContext,
  type ApiEnv,
  authOf,
  exporterFor,
  isSuperuser,
  queryOf,
  readBody,
  requesterOf,
  routeCollection,
  sendJson,
} from "./context.ts";
import type { Logger } from "../tools/log.ts";
import { recordHooksOf } from "../core/record-hooks.ts";
import { ReadError } from "../tools/sql-reader.ts";
import { listPaging } from "./list-query.ts";
import { collectionGuard, limitBody, refuseWithoutSecondFactor } from "./middlewares.ts";

const lockedMessage = "Only superusers can perform this action.";

/** The body fields a non-superuser may not send (hidden ones, except an auth collection's password). */
function withoutHidden(collection: Collection, body: Record<string, unknown>, superuser: boolean) {
  if (superuser) return body;
  // Copied only when there is something to leave out: a body may hold thousands of keys.
  let result = body;
  for (const field of collection.fields) {
    if (
      !field.hidden ||
      (isAuth(collection) && field.name === "password") ||
      !Object.hasOwn(body, field.name)
    )
      continue;
    if (result === body) result = { ...body };
    delete result[field.name];
  }
  return result;
}

// PocketBase compares a numeric string sent for a number field as a number in rules; casting it
// here with the parser that also stores it guarantees the rule sees exactly what will be saved.
function castNumbersForRules(collection: Collection, body: Record<string, unknown>) {
  let result = body;
  for (const field of collection.fields) {
    const value = body[field.name];
    if (field.type !== "number" || typeof value !== "string" || !Object.hasOwn(body, field.name)) continue;
    const number = parseNumber(value);
    if (number === undefined || !Number.isFinite(number)) continue;
    if (result === body) result = { ...body };
    result[field.name] = number;
  }
  return result;
}

/** Record ids a `manageRule` grants to the requester (they see the email and may change auth fields). */
function managedIds(
  store: Store,
  collection: Collection,
  records: RecordData[],
  requester: Requester,
  hasAuth: boolean,
) {
  const ids = new Set<unknown>();
  const rule = collection.manageRule;
  if (!isAuth(collection) || !hasAuth || !rule || records.length === 0) return ids;
  for (const record of records) {
    if (canAccessRecord(store, collection, String(record.id), rule, requester)) ids.add(record.id);
  }
  return ids;
}

/** Exports records for the response, with `expand` resolved as the requester. */
function exportAll(
  c: ApiContext,
  collection: Collection,
  records: RecordData[],
  requester: Requester,
  emailShownFor?: Set<unknown>,
) {
  const { store } = c.get("ctx");
  const exporter = exporterFor(
    c,
    authOf(c),
    emailShownFor ?? managedIds(store, collection, records, requester, Boolean(authOf(c))),
  );
  const expand = queryOf(c).expand;
  const expands = expand
    ? expandRecords(store, collection, records, expand.split(","), requester, exporter)
    : [];
  return records.map((record, i) => exporter(collection, record, expands[i]));
}

async function bodyOf(c: ApiContext) {
  const body = await readBody(c);
  if (!body.ok) throw new ApiError(400);
  return body.value;
}

function badRequestOnFilterError<T>(log: Logger, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A bad filter/sort, or SQL SQLite refuses: the client's input, never a 500.
    if (!(error instanceof FilterError)) log.error(`list query failed: ${(error as Error).message}`);
    throw new ApiError(400);
  }
}

/** `badRequestOnFilterError` for a query run on the reader's thread. */
async function badRequestOnReadError<T>(log: Logger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ReadError)) throw error;
    // SQL SQLite refuses at run time: the client's input, never a 500.
    log.error(`list query failed: ${error.message}`);
    throw new ApiError(400);
  }
}

type Action = "list" | "view" | "create" | "update" | "delete";

/**
 * What every record action starts with, once the collection guard has passed, in PocketBase's
 * order: the body, then 403 for a non-superuser when the action's rule is `null` (locked).
 */
async function begin(c: ApiContext, action: Action) {
  const collection = routeCollection(c);
  const body = await bodyOf(c);
  const superuser = isSuperuser(c);
  const rule = collection[`${action}Rule`];
  if (rule === null && !superuser) throw new ApiError(403, lockedMessage);
  return { store: c.get("ctx").store, collection, body, superuser, rule };
}

async function list(c: ApiContext) {
  const { store, collection, body, superuser } = await begin(c, "list");
  const query = queryOf(c);
  if (!superuser) {
    for (const param of [query.filter, query.sort]) {
      const field = usesSuperuserOnlyFields(param ?? "");
      if (field) throw new ApiError(403, `Only superusers can filter by ${field}`);
    }
  }
  const { page, perPage, skipTotal: skip } = listPaging(query);
  if (exceedsMaxFilterLength(query.filter ?? "")) throw new ApiError(400);

  const requester = requesterOf(c, body);
  const { where, order } = badRequestOnFilterError(c.get("ctx").log, () =>
    listConditions(store, collection, requester, query),
  );
  // A list may scan the table (a search, a count): it runs on the reader's thread.
  const [records, total] = await badRequestOnReadError(c.get("ctx").log, () =>
    Promise.all([
      store.list(collection, { where, order, limit: perPage, offset: (page - 1) * perPage }),
      // Every record (a superuser's list without a filter): the count the store keeps.
      skip ? -1 : where ? store.countLater(collection, where) : store.rowCount(collection),
    ]),
  );
  const items = exportAll(c, collection, records, requester);
  const totalPages = skip ? -1 : Math.ceil(total / perPage);
  return { items, page, perPage, totalItems: total, totalPages };
}

async function view(c: ApiContext) {
  const { collection, body, superuser, rule } = await begin(c, "view");
  const id = c.req.param("id") ?? "";
  const requester = requesterOf(c, body);
  const record = findWithRule(c, collection, id, superuser ? "" : rule, requester);
  return exportAll(c, collection, [record], requester)[0];
}

/** The record `id` if `rule` lets the requester reach it; PocketBase's 404 otherwise (invalid rules included). */
function findWithRule(
  c: ApiContext,
  collection: Collection,
  id: string,
  rule: string | null,
  requester: Requester,
) {
  const { store, log } = c.get("ctx");
  let record: RecordData | undefined;
  try {
    const where = rule ? ruleSql(store, collection, rule, requester) : undefined;
    record = store.findById(collection, id, where);
  } catch (error) {
    if (!(error instanceof FilterError)) log.error(`rule query failed: ${(error as Error).message}`);
  }
  if (!record) throw new ApiError(404);
  return record;
}

/** Hashes a new password, rotates the tokenKey on password/email change, stamps autodates. */
async function prepareWrite(upsert: RecordUpsert) {
  const { collection, data, original, isNew } = upsert;
  if (upsert.plainPassword) {
    const field = fieldByName(collection, "password");
    data.password = await hashPassword(upsert.plainPassword, field?.cost || undefined);
  }
  if (isAuth(collection) && !isNew && (upsert.plainPassword || data.email !== original.email)) {
    data.tokenKey = newTokenKey();
  }
  const now = nowDateTime();
  for (const field of collection.fields) {
    if (field.type !== "autodate") continue;
    if ((isNew && field.onCreate) || field.onUpdate) data[field.name] = now;
  }
}

function uniqueErrors(error: UniqueError): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of error.fields) errors[field] = fieldErrors.notUnique();
  return errors;
}

/** 400 with the field errors when a list in the body is longer than its field allows (see `tooLongLists`). */
function refuseTooLongLists(collection: Collection, body: Record<string, unknown>, failure: string) {
  const errors = tooLongLists(collection, body);
  if (errors) throw new ApiError(400, failure, errors);
}

async function create(c: ApiContext) {
  const { store, collection, body: rawBody, superuser } = await begin(c, "create");
  refuseTooLongLists(collection, rawBody, "Failed to create record.");

  const body = withoutHidden(
    collection,
    replaceModifiers(collection, newRecordData(collection), rawBody),
    superuser,
  );
  const requester = requesterOf(c, castNumbersForRules(collection, body));
  let access: Access = superuser ? "superuser" : "default";
  const upsert = loadRecord(collection, undefined, body, access);

  if (!superuser && collection.createRule !== null) {
    // PocketBase checks the create rule against a virtual row of the values to be stored.
    const dummy = { ...upsert.data, id: upsert.data.id || "__temp_id__pb_create", verified: false };
    const matches = (rule: string) => {
      try {
        return store.matchesVirtualRow(collection, dummy, ruleSql(store, collection, rule, requester));
      } catch (error) {
        if (!(error instanceof FilterError)) {
          c.get("ctx").log.error(`create rule failed: ${(error as Error).message}`);
        }
        return false;
      }
    };
    if (collection.createRule !== "" && !matches(collection.createRule)) {
      throw new ApiError(400, "Failed to create record.");
    }
    if (isAuth(collection) && authOf(c) && collection.manageRule && matches(collection.manageRule))
      access = "manager";
    upsert.access = access;
  }

  await save(c, {
    upsert,
    original: undefined,
    body,
    superuser,
    failure: "Failed to create record.",
    check: () =>
      isAuth(collection) && authIdTaken(store, String(upsert.data.id), collection)
        ? { id: fieldErrors.invalidAuthId() }
        : undefined,
    write: () => store.insert(collection, upsert.data),
  });
  const saved = store.findById(collection, String(upsert.data.id))!;
  const shown = new Set<unknown>(access === "manager" ? [saved.id] : []);
  for (const id of managedIds(store, collection, [saved], requester, Boolean(authOf(c)))) shown.add(id);
  return exportAll(c, collection, [saved], requester, shown)[0];
}

/**
 * What creating and updating share: the record's validation (then `check`, for what only one of
 * them asks), the password hash and autodates, the collection's hooks around `write`, in one
 * transaction; any refusal is a 400 with `failure` and the field errors.
 */
async function save(
  c: ApiContext,
  step: {
    upsert: RecordUpsert;
    original: RecordData | undefined;
    body: RecordData;
    superuser: boolean;
    failure: string;
    check?: () => FieldErrors | undefined;
    write: () => void;
  },
) {
  const { upsert, superuser, failure } = step;
  const { store } = c.get("ctx");
  const { collection } = upsert;
  const errors =
    (await validateRecord(store, upsert, (original, password) =>
      checkPassword(c, collection, original, password),
    )) ?? step.check?.();
  if (errors) throw new ApiError(400, failure, errors);
  await prepareWrite(upsert);
  const hooks = recordHooksOf(collection.name);
  let verify = false;
  const event = {
    store,
    collection,
    data: upsert.data,
    original: step.original,
    body: step.body,
    superuser,
    actor: actorOf(c, superuser),
    now: new Date(),
    sendVerification: () => {
      verify = true;
    },
  };
  const refused = hooks.beforeSave?.(event);
  if (refused) throw new ApiError(400, failure, refused);
  try {
    store.transaction(() => {
      step.write();
      hooks.afterSave?.(event);
    });
  } catch (error) {
    if (error instanceof UniqueError) throw new ApiError(400, failure, uniqueErrors(error));
    if (error instanceof ApiError) throw error;
    // As PocketBase: a write that fails (here or in a hook) is the request's 400, all undone.
    c.get("ctx").log.error(`${failure} ${(error as Error).message}`);
    throw new ApiError(400, failure);
  }
  const saved = verify && store.findById(collection, String(upsert.data.id));
  if (saved) queueAccountMailOnce(c, "verification", collection, saved);
}

/** Who a record hook is told made the save: the superuser's email, else nobody. */
function actorOf(c: ApiContext, superuser: boolean): string {
  return superuser ? String(authOf(c)?.record.email ?? "") : "";
}

async function update(c: ApiContext) {
  const { store, collection, body: rawBody, superuser } = await begin(c, "update");
  // Before the record is looked up: the answer tells nothing of whether it exists.
  refuseTooLongLists(collection, rawBody, "Failed to update record.");
  const id = c.req.param("id") ?? "";
  const stored = store.findById(collection, id);
  if (!stored) throw new ApiError(404);

  const body = withoutHidden(collection, replaceModifiers(collection, stored, rawBody), superuser);
  const requester = requesterOf(c, castNumbersForRules(collection, body));
  const record = findWithRule(c, collection, id, superuser ? "" : collection.updateRule, requester);

  let access: Access = superuser ? "superuser" : "default";
  if (!superuser && authOf(c) && isAuth(collection) && collection.manageRule) {
    if (canAccessRecord(store, collection, id, collection.manageRule, requester)) access = "manager";
  }
  const upsert = loadRecord(collection, record, body, access);
  await save(c, {
    upsert,
    original: record,
    body,
    superuser,
    failure: "Failed to update record.",
    write: () => {
      // Write only what changed, so concurrent updates of other fields are not overwritten.
      const changes: RecordData = {};
      for (const field of collection.fields) {
        const before = JSON.stringify(record[field.name]);
        if (JSON.stringify(upsert.data[field.name]) !== before) changes[field.name] = upsert.data[field.name];
      }
      store.update(collection, id, changes);
    },
  });
  const saved = store.findById(collection, id);
  if (!saved) throw new ApiError(404);
  // Another superuser set a superuser's password: its owner may no longer be the one signing in.
  // Told at the address they had, which the same save may have changed.
  if (collection.name === superusersCollectionName && upsert.plainPassword && authOf(c)?.record.id !== id) {
    queueSecurityMail(
      c,
      saved,
      { kind: "superuserPasswordChanged", by: actorOf(c, superuser), when: nowDateTime(), superuser: true },
      String(record.email),
    );
  }
  if (isAuth(collection) && collection.name !== superusersCollectionName) {
    if (upsert.plainPassword) queueSecurityMail(c, saved, { kind: "passwordChanged" });
    if (saved.email !== record.email) {
      queueSecurityMail(
        c,
        saved,
        { kind: "emailChanged", newEmail: String(saved.email) },
        String(record.email),
      );
    }
  }
  const shown = new Set<unknown>(access === "manager" ? [id] : []);
  return exportAll(c, collection, [saved], requester, shown.size ? shown : undefined);
}

async function remove(c: ApiContext) {
  const { store, collection, body, superuser, rule } = await begin(c, "delete");
  const id = c.req.param("id") ?? "";
  const requester = requesterOf(c, body);
  findWithRule(c, collection, id, superuser ? "" : rule, requester);
  const refused = recordHooksOf(collection.name).beforeDelete?.();
  if (refused) throw new ApiError(400, `Failed to delete record. ${refused}`);
  try {
    store.delete(collection, id);
  } catch (error) {
    if (error instanceof LastSuperuserError) throw new ApiError(400, error.message);
    if (error instanceof RequiredRelationError) {
      throw new ApiError(
        400,
        "Failed to delete record. Make sure that the record is not part of a required relation reference.",
      );
    }
    throw error;
  }
}

// PocketBase's record handlers check the collection after the body limit; an unknown one is
// "Missing collection context." on list, view and delete, the guard's default on create and update.
const missing = "Missing collection context.";

/** The guards of a record route: its collection and rate limit, then no superuser token without its second factor. */
const recordGuards = (action: Action, missingMessage?: string) =>
  [collectionGuard([action], { missing: missingMessage }), refuseWithoutSecondFactor] as const;

/** `/api/collections/{collection}/records[/{id}]`: list, view, create, update, delete as the rules allow. */
export const recordCrud = new Hono<ApiEnv>()
  .get("/collections/:collection/records", ...recordGuards("list", missing), async (c) =>
    sendJson(c, 200, await list(c), { list: true }),
  )
  .get("/collections/:collection/records/:id", ...recordGuards("view", missing), async (c) =>
    sendJson(c, 200, await view(c)),
  )
  .post("/collections/:collection/records", limitBody, ...recordGuards("create"), async (c) =>
    sendJson(c, 200, await create(c)),
  )
  .patch("/collections/:collection/records/:id", limitBody, ...recordGuards("update"), async (c) =>
    sendJson(c, 200, (await update(c))[0]),
  )
  .delete(
    "/collections/:collection/records/:id",
    limitBody,
    ...recordGuards("delete", missing),
    async (c) => {
      await remove(c);
      return c.body(null, 204);
    },
  );
