// The one way SQL is built in this server. Every piece of SQL travels with its own parameters, and
// pieces are only ever combined through `sql`, `joinSql` and `and`, which concatenate the texts and
// the parameters in the same order: a `?` is never separated from its value, no value is ever
// spliced into SQL text, and every identifier goes through `ident`.

/** A bound value. */
export type Param = string | number | null;

/** SQL text with positional `?` parameters, in the order they appear in `sql`. */
export type Sql = { sql: string; params: Param[] };

/** Trusted SQL text without parameters (keywords, operators, a statement the server wrote). */
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

/** The fragments one after the other, `separator` between them (`", "`, `" AND "`). */
export function joinSql(parts: Sql[], separator: string): Sql {
  return {
    sql: parts.map((part) => part.sql).join(separator),
    params: parts.flatMap((part) => part.params),
  };
}

/** The fragments ANDed, each in parentheses; absent and empty ones skipped, undefined when none is left. */
export function and(...parts: (Sql | undefined)[]): Sql | undefined {
  const present = parts.filter((part): part is Sql => part !== undefined && part.sql.trim() !== "");
  return present.length > 0
    ? joinSql(
        present.map((part) => sql`(${part})`),
        " AND ",
      )
    : undefined;
}
