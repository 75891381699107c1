import type { SqlFragment } from "./types.ts";

// Every piece of generated SQL travels with its own parameters, and pieces are only ever combined through
// `sql` / `joinSql`, which concatenate the texts and the parameters in the same order. So a `?` can never
// be separated from its value, and no value is ever spliced into SQL text.

export type Param = SqlFragment["params"][number];
export type Sql = SqlFragment;

/** Trusted SQL text without parameters (keywords, operators, quoted identifiers). */
export function raw(text: string): Sql {
  return { sql: text, params: [] };
}

/** One bound value. Booleans bind as 0/1 because that is how bool fields are stored. */
export function param(value: Param | boolean): Sql {
  return { sql: "?", params: [typeof value === "boolean" ? Number(value) : value] };
}

/** A double-quoted identifier path, e.g. `"r"."email"`. */
export function ident(...names: string[]): Sql {
  return raw(names.map((name) => `"${name.replaceAll('"', '""')}"`).join("."));
}

/** Tagged template: literal parts are trusted SQL, interpolations are fragments. */
export function sql(strings: TemplateStringsArray, ...parts: Sql[]): Sql {
  let text = strings[0]!;
  const params: Param[] = [];
  parts.forEach((part, index) => {
    text += part.sql + strings[index + 1]!;
    params.push(...part.params);
  });
  return { sql: text, params };
}

export function joinSql(parts: Sql[], separator: string): Sql {
  return {
    sql: parts.map((part) => part.sql).join(separator),
    params: parts.flatMap((part) => part.params),
  };
}
