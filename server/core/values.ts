import { type Field, isMultiple } from "./collection-types.ts";

// Casting follows PocketBase's `PrepareValue` of each field type (spf13/cast semantics), so a body
// value becomes exactly what PocketBase would store. Stored values are never NULL: booleans are 0/1,
// lists and json are JSON text, an unset text/number is "" or 0.

/** PocketBase's datetime layout: `2006-01-02 15:04:05.000Z`, UTC. */
export function formatDateTime(date: Date): string {
  return date.toISOString().replace("T", " ");
}

export function nowDateTime(): string {
  return formatDateTime(new Date());
}

/** `cast.ToString`: scalars to text, anything else (objects, lists, null) to "". */
function castString(raw: unknown): string {
  if (typeof raw === "string") return raw;
  if (typeof raw === "number") return Number.isFinite(raw) ? String(raw) : "";
  if (typeof raw === "boolean") return raw ? "true" : "false";
  return "";
}

/** `cast.ToBool`: true, "1", "t", "true" (any case) and non-zero numbers. */
export function castBool(raw: unknown): boolean {
  if (typeof raw === "boolean") return raw;
  if (typeof raw === "number") return raw !== 0;
  if (typeof raw === "string") return /^(1|t|true)$/i.test(raw.trim());
  return false;
}

// Each part can match in one way only: a pattern where two parts can share the same digits (`\d+\.?\d*`)
// backtracks through every split of a long run of digits, minutes of work for one 100 KB value.
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Go's `strconv.ParseFloat` for the forms a client sends; undefined when it is not a number. */
export function parseNumber(text: string): number | undefined {
  if (decimal.test(text)) return Number(text);
  if (/^[+-]?(inf|infinity)$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return Number.NaN;
  return undefined;
}

/** `cast.ToFloat64`: numbers, numeric strings, booleans as 1/0, anything else 0. */
export function castNumber(raw: unknown): number {
  if (typeof raw === "number") return raw;
  if (typeof raw === "boolean") return raw ? 1 : 0;
  if (typeof raw === "string") return parseNumber(raw) ?? 0;
  return 0;
}

/** The items of a list value as sent: a list, a JSON list in a string, or a scalar (none for "", null). */
export function listItems(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string") {
    const trimmed = raw.trim();
    if (trimmed.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return Array.isArray(parsed) ? parsed : [raw];
      } catch {
        return [raw];
      }
    }
    return raw === "" ? [] : [raw];
  }
  return raw === null || raw === undefined ? [] : [raw];
}

/** `list.ToUniqueStringSlice`: a list (or a JSON list in a string, or a scalar) as unique non-empty strings. */
export function castStringList(raw: unknown): string[] {
  const unique = new Set<string>();
  for (const item of listItems(raw)) {
    const text = castString(item);
    if (text !== "") unique.add(text);
  }
  return [...unique];
}

/**
 * The deepest JSON accepted: SQLite's JSON functions refuse deeper, and JSON.stringify overflows the
 * stack a few thousand levels down (JSON.parse goes much deeper: a value it reads could not be written).
 */
const maxJsonDepth = 1000;

/**
 * The most object keys a JSON text may hold, all levels together. JSON.parse holds the thread for
 * about 60 ms on a 1 MB object of 120,000 short keys (dictionary-mode objects), longer on a busy
 * machine, and every request waits meanwhile; a record body needs a few dozen keys.
 */
export const maxJsonKeys = 10_000;

/**
 * Counts the keys and the nesting of a JSON text without building anything (a few ms for 1 MB),
 * so that a text JSON.parse would spend long on is refused before it is parsed, and says whether
 * it may hold a number out of range (an exponent, or 309 digits and more). It does not validate:
 * JSON.parse does that next.
 */
function scanJson(text: string): { mayOverflow: boolean } {
  let keys = 0;
  let depth = 0;
  let digits = 0;
  let mayOverflow = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code >= 0x30 && code <= 0x39) {
      if (++digits >= 309) mayOverflow = true;
      continue;
    }
    if ((code === 0x65 || code === 0x45) && (digits > 0 || text.charCodeAt(i - 1) === 0x2e))
      mayOverflow = true;
    digits = 0;
    if (code === 0x22) inString = true;
    else if (code === 0x3a && ++keys > maxJsonKeys) throw new SyntaxError("too many keys");
    else if ((code === 0x7b || code === 0x5b) && ++depth > maxJsonDepth)
      throw new SyntaxError("nested too deep");
    else if (code === 0x7d || code === 0x5d) depth--;
  }
  return { mayOverflow };
}

/**
 * JSON.parse refusing (SyntaxError) numbers out of range (1e400, as Go's decoder does), nesting
 * deeper than `maxJsonDepth` and more than `maxJsonKeys` keys. Keys and nesting are counted before
 * the parse; numbers are looked for after it, only where the text may hold one out of range, and
 * without recursion (a reviver would double the time of every large body).
 */
export function parseJson(text: string): unknown {
  const { mayOverflow } = scanJson(text);
  const parsed: unknown = JSON.parse(text);
  if (!mayOverflow) return parsed;
  const values = [parsed];
  while (values.length > 0) {
    const value = values.pop();
    if (typeof value === "number" && !Number.isFinite(value)) throw new SyntaxError("number out of range");
    if (value === null || typeof value !== "object") continue;
    // `for…in`, not Object.values: twice as fast on an object of many keys.
    const items = value as Record<string, unknown>;
    for (const key in items) values.push(items[key]);
  }
  return parsed;
}

/** json fields: plain strings that are JSON literals are parsed, other strings stay strings. */
function castJson(raw: unknown): unknown {
  if (typeof raw !== "string") return raw === undefined ? null : raw;
  const trimmed = raw.trim();
  if (trimmed === "true" || trimmed === "false" || trimmed === "null") return JSON.parse(trimmed);
  if (/^[[{"]/.test(trimmed) || parseNumber(trimmed) !== undefined) {
    try {
      return parseJson(trimmed);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** The value a field holds when nothing was set. */
export function emptyValue(field: Field): unknown {
  if (isMultiple(field)) return [];
  switch (field.type) {
    case "bool":
      return false;
    case "number":
      return 0;
    case "json":
      return null;
    default:
      return "";
  }
}

/** A submitted value converted to the field's JS value (PocketBase's `PrepareValue`). Passwords stay plain. */
export function castValue(field: Field, raw: unknown): unknown {
  switch (field.type) {
    case "bool":
      return castBool(raw);
    case "number":
      return castNumber(raw);
    case "json":
      return castJson(raw);
    case "select":
    case "relation":
    case "file": {
      const list = castStringList(raw);
      if (isMultiple(field)) return list;
      return list.at(-1) ?? "";
    }
    default:
      return castString(raw);
  }
}

/** A JS value as stored in SQLite. */
export function encodeValue(field: Field, value: unknown): string | number {
  if (isMultiple(field)) return JSON.stringify(Array.isArray(value) ? value : []);
  switch (field.type) {
    case "bool":
      return value ? 1 : 0;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : 0;
    case "json":
      return JSON.stringify(value ?? null) ?? "null";
    default:
      return typeof value === "string" ? value : castString(value);
  }
}

/** A stored SQLite value back to its JS value. */
export function decodeValue(field: Field, stored: unknown): unknown {
  if (isMultiple(field) || field.type === "json") {
    if (typeof stored !== "string") return emptyValue(field);
    try {
      return JSON.parse(stored);
    } catch {
      return emptyValue(field);
    }
  }
  switch (field.type) {
    case "bool":
      return stored === 1 || stored === 1n || stored === "1" || stored === true;
    case "number":
      return typeof stored === "number"
        ? stored
        : typeof stored === "bigint"
          ? Number(stored)
          : Number(stored) || 0;
    default:
      return stored === null || stored === undefined ? "" : String(stored);
  }
}

/** The SQLite column declaration of a field. */
export function columnDefinition(field: Field): string {
  if (field.primaryKey) return "TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL";
  if (isMultiple(field)) return "TEXT DEFAULT '[]' NOT NULL";
  switch (field.type) {
    case "bool":
      return "INTEGER DEFAULT 0 NOT NULL";
    case "number":
      return "REAL DEFAULT 0 NOT NULL";
    case "json":
      return "TEXT DEFAULT 'null' NOT NULL";
    default:
      return "TEXT DEFAULT '' NOT NULL";
  }
}
