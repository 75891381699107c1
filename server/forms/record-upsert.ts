import { passwordLength } from "#shared/password-rules.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { passwordTooLong } from "../core/passwords.ts";
import { autogenerate, newRecordData } from "../core/records.ts";
import {
  type Collection,
  type Field,
  fieldByName,
  isAuth,
  isMultiple,
  isMultiValuer,
} from "../core/collection-types.ts";
import type { RecordData, Store } from "../core/store.ts";
import { castNumber, castStringList, castValue, formatDateTime, listItems } from "../core/values.ts";
import { type FieldError, type FieldErrors, fieldErrors, isEmail, isUrl, runeLength } from "./validation.ts";

/** "default" (rules only), "manager" (passes manageRule) or "superuser" (PocketBase's access levels). */
export type Access = "default" | "manager" | "superuser";

/** A create or update after the body was loaded onto the record (PocketBase's `RecordUpsert`). */
export type RecordUpsert = {
  collection: Collection;
  isNew: boolean;
  /** The stored values (for a new record, the empty values). */
  original: RecordData;
  /** The values to store; `password` holds the stored hash until `plainPassword` is hashed. */
  data: RecordData;
  /** The `password` sent in the body, when it was sent. */
  plainPassword?: string;
  password: string;
  passwordConfirm: string;
  oldPassword: string;
  access: Access;
};

/**
 * The fewest items a list sent for a select, relation or file field may always hold, whatever its
 * `maxSelect`: PocketBase drops duplicates and empty strings, and keeps the last item of a list
 * sent to a single-value field, which a short list may rely on.
 */
const minListItems = 100;

/**
 * A list sent for a select, relation or file field (or to its `+field`, `field+`, `field-`
 * modifier) holding more items than `max(maxSelect, minListItems)`: PocketBase's "too many values"
 * error for each such field, or null. Checked before anything else reads the body, so what a
 * request costs stays bounded by what the fields allow, not by what the body limit lets in.
 */
export function tooLongLists(collection: Collection, body: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {};
  // By field, not by key: a body may hold thousands of keys that are no field.
  for (const field of collection.fields) {
    if (!isMultiValuer(field)) continue;
    const maxSelect = Math.max(field.maxSelect ?? 1, 1);
    for (const key of ["", "+"].flatMap((before) =>
      ["", "+", "-"].map((after) => before + field.name + after),
    )) {
      if (!Object.hasOwn(body, key)) continue;
      if (listItems(body[key]).length > Math.max(maxSelect, minListItems)) {
        errors[field.name] = fieldErrors.tooManyValues(maxSelect);
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Resolves PocketBase's field modifiers (`price+`, `price-`, `+tags`, `tags+`, `tags-`) against
 * the stored values, so the body and the rules see final values. Unknown keys are kept as sent.
 */
export function replaceModifiers(
  collection: Collection,
  original: RecordData,
  body: Record<string, unknown>,
) {
  const modifiers = Object.keys(body).filter((key) => key.startsWith("+") || /[+-]$/.test(key));
  if (modifiers.length === 0) return body;
  // A copy, then the modifiers out: a body may hold thousands of keys, copied at once.
  const result: Record<string, unknown> = { ...body };
  for (const key of modifiers) delete result[key];
  for (const key of modifiers) {
    const match = /^(\+)?(\w+?)([+-])?$/.exec(key);
    if (!match || (!match[1] && !match[3])) continue;
    const field = fieldByName(collection, match[2]!);
    if (!field) continue;
    const name = field.name;
    const current = name in result ? castValue(field, result[name]) : original[name];
    const value = body[key];
    if (field.type === "number" && !match[1]) {
      result[name] = castNumber(current) + (match[3] === "+" ? 1 : -1) * castNumber(value);
    } else if (
      isMultiple(field) ||
      field.type === "select" ||
      field.type === "relation" ||
      field.type === "file"
    ) {
      const list = castStringList(current);
      const items = castStringList(value);
      if (match[1]) result[name] = [...items, ...list];
      else if (match[3] === "+") result[name] = [...list, ...items];
      else {
        const removed = new Set(items);
        result[name] = list.filter((item) => !removed.has(item));
      }
    }
  }
  return result;
}

/**
 * Loads a body onto a new (`original` undefined) or stored record. Unknown keys, `expand`,
 * autodate fields and (for non-superusers) hidden fields are ignored, as PocketBase does.
 */
export function loadRecord(
  collection: Collection,
  original: RecordData | undefined,
  body: Record<string, unknown>,
  access: Access,
): RecordUpsert {
  const auth = isAuth(collection);
  const upsert: RecordUpsert = {
    collection,
    isNew: !original,
    original: original ?? newRecordData(collection),
    data: { ...(original ?? newRecordData(collection)) },
    password: "",
    passwordConfirm: "",
    oldPassword: "",
    access,
  };
  if (auth) {
    if (Object.hasOwn(body, "passwordConfirm")) upsert.passwordConfirm = stringOf(body.passwordConfirm);
    if (Object.hasOwn(body, "oldPassword")) upsert.oldPassword = stringOf(body.oldPassword);
  }
  // By field, not by key: a body may hold thousands of keys that are no field.
  for (const field of collection.fields) {
    const key = field.name;
    if (!Object.hasOwn(body, key) || key === "expand" || field.type === "autodate") continue;
    const value = body[key];
    const isPassword = auth && field.type === "password" && field.name === "password";
    if (field.hidden && access !== "superuser" && !isPassword) continue;
    if (field.type === "password") {
      const plain = stringOf(value);
      if (isPassword) upsert.password = plain;
      upsert.plainPassword = plain;
      continue;
    }
    upsert.data[field.name] = castValue(field, value);
  }
  return upsert;
}

function stringOf(value: unknown): string {
  return typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : "";
}

function hasManageAccess(upsert: RecordUpsert) {
  return upsert.access === "manager" || upsert.access === "superuser";
}

/** Checks the current password of the stored record (the caller decides how failures are limited). */
export type OldPasswordCheck = (original: RecordData, password: string) => Promise<boolean>;

/** The auth form checks PocketBase runs before any field check (email/verified locks, password trio). */
async function validateFormFields(
  upsert: RecordUpsert,
  checkOldPassword: OldPasswordCheck,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!isAuth(upsert.collection)) return errors;
  const { isNew, original, data } = upsert;
  const manage = hasManageAccess(upsert);
  if (!isNew && !manage && data.email !== original.email) errors.email = fieldErrors.mismatch();
  if (!manage && data.verified !== original.verified) errors.verified = fieldErrors.mismatch();
  if ((isNew || upsert.passwordConfirm !== "" || upsert.oldPassword !== "") && upsert.password === "") {
    errors.password = fieldErrors.required();
  }
  if ((isNew || upsert.password !== "" || upsert.oldPassword !== "") && upsert.passwordConfirm === "") {
    errors.passwordConfirm = fieldErrors.required();
  } else if (upsert.passwordConfirm !== upsert.password) {
    errors.passwordConfirm = fieldErrors.mismatch();
  }
  if (!isNew && !manage && (upsert.password !== "" || upsert.passwordConfirm !== "")) {
    if (upsert.oldPassword === "") errors.oldPassword = fieldErrors.required();
    else if (!(await checkOldPassword(original, upsert.oldPassword))) {
      errors.oldPassword = fieldErrors.invalidOldPassword();
    }
  }
  return errors;
}

function validateText(field: Field, value: string): FieldError | undefined {
  if ((field.required || field.primaryKey) && value === "") return fieldErrors.required();
  if (value === "") return undefined;
  const length = runeLength(value);
  if ((field.min ?? 0) > 0 && length < field.min!) return fieldErrors.minText(field.min!);
  const max = field.max ? field.max : 5000;
  if (length > max) return fieldErrors.maxText(max);
  if (field.pattern && !safeRegExp(field.pattern)?.test(value)) return fieldErrors.format();
  return undefined;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
}

/**
 * A password field's length checks: `min`…`max` characters (`max` unset: the shared default), and
 * at most 72 bytes, since bcrypt reads no more: a longer password is refused, never silently truncated.
 */
export function passwordLengthError(field: Field, plain: string): FieldError | undefined {
  const length = runeLength(plain);
  const min = field.min ?? 0;
  if (length < min) return fieldErrors.minPassword(min);
  const max = field.max && field.max > 0 ? field.max : passwordLength.max;
  if (length > max) return fieldErrors.maxPassword(max);
  if (passwordTooLong(plain)) return fieldErrors.invalidValue();
  return undefined;
}

function validatePassword(field: Field, upsert: RecordUpsert): FieldError | undefined {
  const plain = upsert.plainPassword ?? "";
  const hash = String(upsert.data[field.name] ?? "");
  if (field.required && plain === "" && hash === "") return fieldErrors.required();
  if (plain === "") return undefined;
  const lengthError = passwordLengthError(field, plain);
  if (lengthError) return lengthError;
  if (field.pattern && !safeRegExp(field.pattern)?.test(plain)) return fieldErrors.format();
  return undefined;
}

function validateField(store: Store, field: Field, upsert: RecordUpsert): FieldError | undefined {
  const value = upsert.data[field.name];
  switch (field.type) {
    case "text": {
      if (field.primaryKey && !upsert.isNew) {
        return value !== upsert.original[field.name] ? fieldErrors.pkChange() : undefined;
      }
      return validateText(field, String(value));
    }
    case "editor":
      return field.required && value === "" ? fieldErrors.required() : undefined;
    case "email":
    case "url": {
      const text = String(value);
      if (field.required && text === "") return fieldErrors.required();
      if (text === "") return undefined;
      if (field.type === "email" ? !isEmail(text) : !isUrl(text)) {
        return field.type === "email" ? fieldErrors.email() : fieldErrors.url();
      }
      const domain = field.type === "email" ? text.slice(text.lastIndexOf("@") + 1) : new URL(text).hostname;
      if (field.onlyDomains?.length && !field.onlyDomains.includes(domain))
        return fieldErrors.domainNotAllowed();
      if (field.exceptDomains?.length && field.exceptDomains.includes(domain))
        return fieldErrors.domainNotAllowed();
      return undefined;
    }
    case "password":
      return validatePassword(field, upsert);
    case "bool":
      return field.required && value !== true ? fieldErrors.required() : undefined;
    case "number": {
      const n = value as number;
      if (!Number.isFinite(n)) return fieldErrors.notANumber();
      if (n === 0) return field.required ? fieldErrors.required() : undefined;
      if (field.onlyInt && !Number.isInteger(n)) return fieldErrors.onlyInt();
      if (typeof field.min === "number" && n < field.min) return fieldErrors.minNumber(field.min);
      if (typeof field.max === "number" && n > field.max) return fieldErrors.maxNumber(field.max);
      return undefined;
    }
    case "select": {
      const list = castStringList(value);
      if (list.length === 0) return field.required ? fieldErrors.required() : undefined;
      const maxSelect = Math.max(field.maxSelect ?? 1, 1);
      if (list.length > maxSelect) return fieldErrors.tooManyValues(maxSelect);
      const invalid = list.find((item) => !(field.values ?? []).includes(item));
      return invalid === undefined ? undefined : fieldErrors.invalidSelectValue(invalid);
    }
    case "relation": {
      const ids = castStringList(value);
      if (ids.length === 0) return field.required ? fieldErrors.required() : undefined;
      const maxSelect = Math.max(field.maxSelect ?? 1, 1);
      if (ids.length > maxSelect) return fieldErrors.tooManyValues(maxSelect);
      const related = store.findCollection(field.collectionId ?? "");
      if (!related || ids.some((id) => !store.findById(related, id))) return fieldErrors.missingRelations();
      return undefined;
    }
    case "file": {
      // Files cannot be uploaded to this server: only keeping or removing stored names is valid.
      const names = castStringList(value);
      const stored = castStringList(upsert.original[field.name]);
      if (names.some((name) => !stored.includes(name))) return fieldErrors.invalidValue();
      return field.required && names.length === 0 ? fieldErrors.required() : undefined;
    }
    case "json": {
      const encoded = JSON.stringify(value ?? null) ?? "null";
      if (
        field.required &&
        (encoded === "null" || encoded === '""' || encoded === "[]" || encoded === "{}")
      ) {
        return fieldErrors.required();
      }
      const maxSize = (field as { maxSize?: number }).maxSize || 1 << 20;
      return Buffer.byteLength(encoded) > maxSize ? fieldErrors.jsonSize(maxSize) : undefined;
    }
    case "date": {
      const text = String(value);
      if (text === "") return field.required ? fieldErrors.required() : undefined;
      const time = parseDateTime(text).getTime();
      if (Number.isNaN(time)) return fieldErrors.invalidDate();
      upsert.data[field.name] = formatDateTime(new Date(time));
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Validates an upsert as PocketBase does: the auth form fields first (and only those when they
 * fail), then every field (first error each). Returns the field errors, or null when valid; on
 * success generated values (id, tokenKey) are filled in.
 */
export async function validateRecord(
  store: Store,
  upsert: RecordUpsert,
  checkOldPassword: OldPasswordCheck,
): Promise<FieldErrors | null> {
  const formErrors = await validateFormFields(upsert, checkOldPassword);
  if (Object.keys(formErrors).length > 0) return formErrors;
  if (upsert.isNew) autogenerate(upsert.collection, upsert.data);
  const errors: FieldErrors = {};
  for (const field of upsert.collection.fields) {
    const error = validateField(store, field, upsert);
    if (error) errors[field.name] = error;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
