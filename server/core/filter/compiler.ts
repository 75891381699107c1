import { FilterError } from "./filter-error.ts";
import { parse, type Expr } from "./parser.ts";
import {
  renderJoins,
  renderMultiMatch,
  resolveOperand,
  type Operand,
  type ResolveContext,
} from "./resolver.ts";
import { searchCondition } from "../search.ts";
import { ident, raw, sql, type Param, type Sql } from "#server/tools/sql.ts";
import type { SignOp } from "./tokenizer.ts";
import type { CompileOptions } from "./types.ts";

// AST → SQL, with the operator semantics of PocketBase's tools/search/filter.go (docs/api.md, "Filter language").

/** PocketBase's `MaxFilterLength`, in bytes, for client filters. */
export const maxFilterLength = 3500;

/** Whether a client filter is longer than `maxFilterLength`, counted in UTF-8 bytes as PocketBase does. */
export function exceedsMaxFilterLength(expr: string): boolean {
  return Buffer.byteLength(expr, "utf8") > maxFilterLength;
}

/** Compiles a rule or a client filter into a WHERE fragment over `options.alias`. */
export function compileExpression(expr: string, options: CompileOptions): Sql {
  // An empty rule means "everyone" and an empty filter is skipped: both match every row.
  if (expr === "") return { sql: "1=1", params: [] };
  if (options.mode === "filter" && exceedsMaxFilterLength(expr)) {
    throw new FilterError("max filter length limit reached");
  }

  const ast = parse(expr);
  const ctx: ResolveContext = {
    options,
    allowHidden: options.mode === "rule" || options.isSuperuser,
    joins: [],
    nextId: 0,
    search: options.mode === "filter",
    compileRule: compileExpression,
  };
  const where = compileNode(ctx, ast);
  if (ctx.joins.length === 0) return where;
  // Relation paths need joins; see resolver.ts for why they live in a correlated EXISTS.
  return sql`EXISTS (SELECT 1 FROM (SELECT 1) "__pb_root" ${renderJoins(ctx.joins)} WHERE ${where})`;
}

function compileNode(ctx: ResolveContext, node: Expr): Sql {
  switch (node.type) {
    case "and":
      return sql`(${compileNode(ctx, node.left)} AND ${compileNode(ctx, node.right)})`;
    case "or":
      return sql`(${compileNode(ctx, node.left)} OR ${compileNode(ctx, node.right)})`;
    case "compare":
      return compare(ctx, resolveOperand(ctx, node.left), node.op, resolveOperand(ctx, node.right));
  }
}

const isEmptyParam = (value: Param) => value === null || value === "";

/** NULL, or a single bound '' / null: compares equal to both '' and NULL. */
const isEmpty = (o: Operand) =>
  o.kind === "null" || (o.kind === "value" && o.expr.params.length === 1 && isEmptyParam(o.expr.params[0]!));

/** TRUE/FALSE/1/0 or bound non-empty values: no folding needed on the other side. */
const isKnownNonEmpty = (o: Operand) =>
  o.kind === "literal" ||
  (o.kind === "value" && o.expr.params.length > 0 && !o.expr.params.some(isEmptyParam));

const isAnyOp = (op: SignOp) => op.startsWith("?");

function compare(ctx: ResolveContext, left: Operand, op: SignOp, right: Operand): Sql {
  const baseOp = isAnyOp(op) ? op.slice(1) : op;
  let expr: Sql;
  switch (baseOp) {
    case "=":
      expr = equal(true, left, right);
      break;
    case "!=":
      expr = equal(false, left, right);
      break;
    case "~":
      expr = searchedLike(left, right) ?? like("LIKE", left, right);
      break;
    case "!~":
      expr = like("NOT LIKE", left, right);
      break;
    default:
      expr = sql`${left.expr} ${raw(baseOp)} ${right.expr}`;
  }

  // Plain operators on multi-valued operands must hold for every value; `?` operators for at least one,
  // which the joins alone already express.
  if (!isAnyOp(op)) {
    if (left.multiMatch && right.multiMatch) {
      expr = sql`(${expr} AND ${manyVsMany(ctx, left, op, right)})`;
    } else if (left.multiMatch) {
      expr = sql`(${expr} AND ${manyVsOne(ctx, left, op, right, false)})`;
    } else if (right.multiMatch) {
      expr = sql`(${expr} AND ${manyVsOne(ctx, right, op, left, true)})`;
    }
  }

  if (left.afterBuild) expr = left.afterBuild(expr);
  if (right.afterBuild) expr = right.afterBuild(expr);
  return expr;
}

// `=`/`!=` fold NULL and '' together, because a missing `@request.*` value is NULL while stored empty
// values are ''. `!=` uses IS NOT so that comparing with NULL yields true instead of NULL.
function equal(isEqual: boolean, left: Operand, right: Operand): Sql {
  const eq = raw(isEqual ? "=" : "IS NOT");
  if (left.noCoalesce || right.noCoalesce) {
    return sql`${left.expr} ${raw(isEqual ? "IS" : "IS NOT")} ${right.expr}`;
  }
  const leftEmpty = isEmpty(left);
  const rightEmpty = isEmpty(right);
  if (leftEmpty && rightEmpty) return sql`'' ${eq} ''`;
  if (isKnownNonEmpty(left) || isKnownNonEmpty(right)) {
    return sql`${leftEmpty ? raw("''") : left.expr} ${eq} ${rightEmpty ? raw("''") : right.expr}`;
  }
  const [join, nullCheck] = isEqual ? ["OR", "IS NULL"] : ["AND", "IS NOT NULL"];
  if (leftEmpty) return sql`('' ${eq} ${right.expr} ${raw(join)} ${right.expr} ${raw(nullCheck)})`;
  if (rightEmpty) return sql`(${left.expr} ${eq} '' ${raw(join)} ${left.expr} ${raw(nullCheck)})`;
  return sql`COALESCE(${left.expr}, '') ${eq} COALESCE(${right.expr}, '')`;
}

// `~` means "contains": a bound value is wrapped in % (unless it already has a wildcard) with its
// LIKE metacharacters escaped; a column on the right is wrapped in SQL.
function like(operator: "LIKE" | "NOT LIKE", left: Operand, right: Operand): Sql {
  const op = raw(operator);
  if (right.expr.params.length === 0) {
    return sql`${left.expr} ${op} ('%' || ${right.expr} || '%') ESCAPE '\\'`;
  }
  const pattern = { sql: right.expr.sql, params: right.expr.params.map(wrapLikeParam) };
  return sql`${left.expr} ${op} ${pattern} ESCAPE '\\'`;
}

/** `field ~ "text"` answered from the field's search index, when it has one that can (core/search.ts). */
function searchedLike(left: Operand, right: Operand): Sql | undefined {
  const text = right.kind === "value" && right.expr.params.length === 1 ? right.expr.params[0] : undefined;
  if (!left.search || left.multiMatch || typeof text !== "string") return undefined;
  const { index, field, alias } = left.search;
  return searchCondition(alias, index, field, text);
}

function wrapLikeParam(value: Param): Param {
  const text = value === null ? "" : String(value);
  if (containsUnescaped(text, "%")) return text;
  return `%${escapeUnescaped(text, ["\\", "%", "_"])}%`;
}

function containsUnescaped(text: string, char: string): boolean {
  let prev = "";
  for (const c of text) {
    if (c === char && prev !== "\\") return true;
    prev = c === "\\" && prev === "\\" ? "" : c; // `\\` is an escaped backslash, not an escape
  }
  return false;
}

/** Prefixes each of `chars` with a backslash unless it is already escaped (PocketBase's escapeUnescapedChars). */
function escapeUnescaped(text: string, chars: string[]): string {
  const input = [...text];
  const out: string[] = [];
  let pendingEscape = false;
  for (let i = input.length - 1; i >= 0; i--) {
    const c = input[i]!;
    if (pendingEscape) {
      if (c !== "\\") out.push("\\");
      pendingEscape = false;
    } else if (chars.includes(c)) {
      pendingEscape = true;
    }
    out.push(c);
    if (i === 0 && pendingEscape) out.push("\\");
  }
  return out.reverse().join("");
}

// "Every value matches" is checked as "no value fails": the comparison is negated inside NOT EXISTS.
const negate = (comparison: Sql): Sql => sql`NOT (${comparison})`;

/** Every value of the multi-valued operand satisfies `op` against the other operand. */
function manyVsOne(ctx: ResolveContext, many: Operand, op: SignOp, other: Operand, inverse: boolean): Sql {
  const mm = many.multiMatch!;
  const alias = `__sm${ctx.nextId++}`;
  const value: Operand = {
    expr: ident(alias, "multiMatchValue"),
    kind: "column",
    noCoalesce: many.noCoalesce,
    afterBuild: negate,
  };
  const plainOther: Operand = { expr: other.expr, kind: other.kind };
  const where = inverse ? compare(ctx, plainOther, op, value) : compare(ctx, value, op, plainOther);
  return sql`NOT EXISTS (SELECT 1 FROM (${renderMultiMatch(mm)}) ${ident(alias)} WHERE ${where})`;
}

/** Every pair of values of two multi-valued operands satisfies `op`. */
function manyVsMany(ctx: ResolveContext, left: Operand, op: SignOp, right: Operand): Sql {
  const leftAlias = `__ml${ctx.nextId++}`;
  const rightAlias = `__mr${ctx.nextId++}`;
  const where = compare(
    ctx,
    { expr: ident(leftAlias, "multiMatchValue"), kind: "column", noCoalesce: left.noCoalesce },
    op,
    {
      expr: ident(rightAlias, "multiMatchValue"),
      kind: "column",
      noCoalesce: right.noCoalesce,
      afterBuild: negate,
    },
  );
  return sql`NOT EXISTS (SELECT 1 FROM (${renderMultiMatch(left.multiMatch!)}) ${ident(leftAlias)} LEFT JOIN (${renderMultiMatch(
    right.multiMatch!,
  )}) ${ident(rightAlias)} ON 1=1 WHERE ${where})`;
}
