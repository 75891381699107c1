import type { SaveEvent } from "./billing/state.ts";
import { autogenerate, newRecordData } from "./records.ts";
import type { RecordData, Store } from "./store.ts";
import { formatDateTime } from "./values.ts";

// The operators' record of a user: every change a superuser makes to the user (`user_changes`:
// field, old → new, by whom, when), written by the server only, and the superusers' notes on the
// user (`user_notes`), signed by their author and, once edited, by who last edited them. Both
// collections are for superusers only (every rule null in pocketbase/pb_schema.json) and go with
// their user; the record of changes is append-only, superusers included.

export const userChangesCollection = "user_changes";
export const userNotesCollection = "user_notes";

/** What changes on every save, or is the server's own bookkeeping. */
const unrecordedFields = new Set(["updated", "tokenKey"]);

/** Longest value kept (the column's limit), cut with an ellipsis. */
const maxValueLength = 2000;

/** One field's change; the values are written as text (JSON for what is not a string), cut to fit. */
export type UserChange = { field: string; old: unknown; new: unknown };

function shown(value: unknown): string {
  const text =
    value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  return text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
}

/** Appends changes to a user's record of changes, made by `author` (a superuser's email). */
export function recordUserChanges(store: Store, userId: string, author: string, changes: UserChange[]) {
  const collection = store.findCollection(userChangesCollection);
  if (!collection || changes.length === 0) return;
  const now = formatDateTime(new Date());
  for (const change of changes) {
    const record: RecordData = {
      ...newRecordData(collection),
      user: userId,
      field: change.field,
      old: shown(change.old),
      new: shown(change.new),
      author,
      created: now,
    };
    autogenerate(collection, record);
    store.insert(collection, record);
  }
}

/**
 * After a superuser's save of a user, in its transaction: one change per field whose value
 * differs (a secret field as "changed", without its values), or "created" for a new account.
 */
export function afterSuperuserSavesUser(event: SaveEvent) {
  const { data, original, superuser, actor } = event;
  if (!superuser) return;
  const userId = String(data.id);
  if (!original) {
    recordUserChanges(event.store, userId, actor, [{ field: "created", old: "", new: String(data.email) }]);
    return;
  }
  const changes: UserChange[] = [];
  for (const field of event.collection.fields) {
    const { name } = field;
    if (unrecordedFields.has(name) || !(name in data)) continue;
    if (field.type === "password") {
      // Never a secret's value, only that it changed: the stored hash changes only with a new password.
      if (data[name] !== original[name]) changes.push({ field: name, old: "", new: "" });
      continue;
    }
    if (JSON.stringify(data[name]) === JSON.stringify(original[name])) continue;
    changes.push({ field: name, old: original[name], new: data[name] });
  }
  recordUserChanges(event.store, userId, actor, changes);
}

/**
 * The records API may not write the record of changes (the server does), and a note is signed by
 * the superuser who writes it and, after an edit, by the one who last edited it, whatever the
 * request says.
 */
export function beforeSaveUserChange(): Record<string, { code: string; message: string }> {
  return {
    field: {
      code: "validation_read_only",
      message: "The record of changes is written by the server.",
    },
  };
}

export function beforeSaveUserNote(event: SaveEvent): void {
  event.data.author = event.original ? event.original.author : event.actor;
  event.data.editor = event.original ? event.actor : "";
}

/** Nobody deletes from the record of changes through the records API, superusers included. */
export function beforeDeleteUserChange(): string {
  return "The record of changes is append-only: its entries are never deleted.";
}
