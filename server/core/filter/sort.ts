import { compileExpression } from "./compiler.ts";
import { FilterError } from "./filter-error.ts";
import { renderJoins, resolveField, type ResolveContext } from "./resolver.ts";
import { ident, joinSql, raw, sql, type Sql } from "#server/tools/sql.ts";
import type { CompileOptions } from "./types.ts";

// The `sort` query parameter (PocketBase's tools/search/sort.go and provider limits; docs/api.md, "Query parameters").

export const maxSortFields = 8;
export const maxSortFieldLength = 255;

/** Compiles `-created,+name,@random` into an ORDER BY body ('' when empty). */
export function compileSort(sort: string, options: Omit<CompileOptions, "mode">): Sql {
  if (sort === "") return { sql: "", params: [] };
  const items = sort.split(",");
  if (items.length > maxSortFields) throw new FilterError("max sort expressions limit reached");

  const parts = items.map((item): Sql => {
    const trimmed = item.trim();
    const direction = trimmed.startsWith("-") ? "DESC" : "ASC";
    const name = trimmed.replace(/^[-+]/, "");
    if (Buffer.byteLength(name, "utf8") > maxSortFieldLength) {
      throw new FilterError("max sort field length limit reached");
    }
    if (name === "@random") return raw("RANDOM()");
    if (name === "@rowid") return sql`${ident(options.alias, "_rowid_")} ${raw(direction)}`;

    // Sorting, like filtering, never exposes hidden fields to non-superusers.
    const ctx: ResolveContext = {
      options,
      allowHidden: options.isSuperuser,
      joins: [],
      nextId: 0,
      search: false,
      compileRule: compileExpression,
    };
    const operand = resolveField(ctx, name);
    if (operand.kind !== "column") throw new FilterError(`invalid sort field "${name}"`);
    // Values the requester may not read sort as empty, so the order does not reveal them.
    const expr = operand.visibleWhen
      ? sql`CASE WHEN ${operand.visibleWhen} THEN ${operand.expr} END`
      : operand.expr;
    const value =
      ctx.joins.length === 0
        ? expr
        : sql`(SELECT ${expr} FROM (SELECT 1) "__pb_root" ${renderJoins(ctx.joins)} LIMIT 1)`;
    return sql`${value} ${raw(direction)}`;
  });
  return joinSql(parts, ", ");
}
