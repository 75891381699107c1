import { FilterError } from "./filter/index.ts";

// The `fields` query parameter (PocketBase's tools/picker; docs/api.md, "Query parameters"):
// `id,email,expand.user.name,*,description:excerpt(200,true)`. A malformed list throws FilterError.

type Modifier = (value: unknown) => unknown;
type Fields = Map<string, Modifier | null>;

/** Keeps only the listed keys of `value` (an object, or an array of objects); undefined/'' keeps all. */
export function pickFields<T>(value: T, fields: string | undefined): T {
  if (!fields) return value;
  const parsed = parseFields(fields);
  // Pick from a JSON copy, as PocketBase does: what is picked is exactly what would be serialized.
  const copy: unknown = JSON.parse(JSON.stringify(value) ?? "null");
  pick(copy, parsed);
  return copy as T;
}

function parseFields(raw: string): Fields {
  const result: Fields = new Map();
  for (const item of splitOutsideParentheses(raw)) {
    const trimmed = item.trim();
    if (trimmed === "") continue;
    const colon = trimmed.indexOf(":");
    if (colon < 0) result.set(trimmed, null);
    else result.set(trimmed.slice(0, colon), parseModifier(trimmed.slice(colon + 1)));
  }
  return result;
}

/** Splits on commas that are not inside parentheses or quotes (`a,b:excerpt(10,true)` → 2 items). */
function splitOutsideParentheses(raw: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const ch of raw) {
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "(") {
      depth++;
    } else if (ch === ")") {
      if (--depth < 0) throw new FilterError("unbalanced parentheses in fields");
    } else if (ch === "," && depth === 0) {
      items.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  if (depth !== 0 || quote) throw new FilterError("unbalanced parentheses or quotes in fields");
  items.push(current);
  return items;
}

function parseModifier(raw: string): Modifier {
  const parts = raw
    .split(/[(),\s]+/)
    .map((part) => part.replace(/^["']|["']$/g, ""))
    .filter(Boolean);
  const [name, ...args] = parts;
  if (name !== "excerpt") throw new FilterError(`missing or invalid fields modifier "${name ?? ""}"`);
  if (args.length === 0 || args.length > 2) throw new FilterError("excerpt expects (max, withEllipsis?)");
  const max = /^[+-]?\d+$/.test(args[0]!) ? Number(args[0]) : 0;
  if (max <= 0) throw new FilterError("excerpt max must be > 0");
  // Go's strconv.ParseBool truthy spellings; anything else is false, as in PocketBase.
  const withEllipsis = ["1", "t", "T", "TRUE", "true", "True"].includes(args[1] ?? "");
  return (value) => (typeof value === "string" ? excerpt(value, max, withEllipsis) : value);
}

function pick(data: unknown, fields: Fields) {
  if (Array.isArray(data)) {
    if (isPlainObject(data[0])) for (const item of data) if (isPlainObject(item)) pickObject(item, fields);
  } else if (isPlainObject(data)) {
    pickObject(data, fields);
  }
}

function pickObject(data: Record<string, unknown>, requested: Fields) {
  if (requested.size === 0) return;
  const fields = new Map(requested);
  const matches = (field: string, key: string) => `${field}.`.startsWith(`${key}.`);

  // `*` keeps every key not otherwise listed at this level.
  if (fields.has("*")) {
    const all = fields.get("*")!;
    for (const key of Object.keys(data)) {
      if (![...fields.keys()].some((field) => matches(field, key))) fields.set(key, all);
    }
  }

  for (const key of Object.keys(data)) {
    const matching = [...fields].filter(([field]) => matches(field, key));
    if (matching.length === 0) {
      delete data[key];
      continue;
    }
    const whole = matching.find(([field]) => field === key);
    if (whole) {
      if (whole[1]) data[key] = whole[1](data[key]);
      continue;
    }
    pick(data[key], new Map(matching.map(([field, modifier]) => [field.slice(key.length + 1), modifier])));
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

// Elements whose content is never text a reader sees, and inline elements that do not separate words.
const excludedTags =
  "head|style|script|iframe|embed|applet|object|svg|img|picture|dialog|template|button|form|textarea|input|select|option";
const inlineTags = new Set(
  "a abbr acronym b bdo big br button cite code em i label q small span strong strike sub sup time".split(
    " ",
  ),
);
const entities = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", " "],
]);

/** A plain-text excerpt of an HTML string: tags stripped, whitespace collapsed, at most `max` characters. */
export function excerpt(html: string, max: number, withEllipsis: boolean): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(new RegExp(`<(${excludedTags})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`, "gi"), "")
    .replace(/<\/?([a-zA-Z][\w-]*)[^>]*>/g, (_, tag: string) => {
      const name = tag.toLowerCase();
      return inlineTags.has(name) || new RegExp(`^(${excludedTags})$`).test(name) ? "" : " ";
    })
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
      if (entity[0] !== "#") return entities.get(entity.toLowerCase()) ?? match;
      const code =
        entity[1]?.toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    })
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, max).join("").trim() + (withEllipsis ? "..." : "");
}
