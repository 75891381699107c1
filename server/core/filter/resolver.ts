import { fieldByName, findSingleColumnUniqueIndex, isMultiple, isMultiValuer } from "../collection-types.ts";
import { FilterError } from "./filter-error.ts";
import type { SearchIndex } from "../search.ts";
import { ident, joinSql, param, raw, sql, type Param, type Sql } from "#server/tools/sql.ts";
import type { OperandToken } from "./tokenizer.ts";
import type { Collection, Field } from "../collection-types.ts";
import type { CompileOptions } from "./types.ts";

// Turns operands (field paths, `@request.*`, `@collection.*`, literals, macros, functions) into SQL,
// following PocketBase's record field resolver (core/record_field_resolver*.go; docs/api.md, "Filter language").
//
// Relations are followed with LEFT JOINs, exactly like PocketBase. Our callers only take a WHERE fragment,
// so the compiler puts those joins in a correlated `EXISTS (SELECT 1 FROM (SELECT 1) LEFT JOIN … WHERE …)`
// around the whole expression: a row matches when some combination of joined rows satisfies it, which is
// what PocketBase's `SELECT DISTINCT … LEFT JOIN … WHERE …` means.

/** A LEFT JOIN; `on` defaults to `1=1`. */
export type Join = { table: Sql; alias: string; on?: Sql };

/**
 * The same field path evaluated in its own subquery, one row per value of a multi-valued path (multiple
 * relations, back-relations, `@collection`, `:each`). The non-`?` operators use it to require that every
 * value matches (`NOT EXISTS (… WHERE NOT …)`), as PocketBase does.
 */
export type MultiMatch = {
  fromTable: string;
  fromAlias: string;
  baseAlias: string;
  joins: Join[];
  value: Sql;
};

export type Operand = {
  expr: Sql;
  /** null: the NULL identifier; literal: TRUE/FALSE/1/0; value: bound values; column: anything row-dependent. */
  kind: "null" | "literal" | "value" | "column";
  /** JSON values compare with `IS` and no null/empty folding. */
  noCoalesce?: boolean;
  multiMatch?: MultiMatch;
  /** Wraps the finished comparison (the `emailVisibility = TRUE` restriction). */
  afterBuild?: (comparison: Sql) => Sql;
  /** Where the requester may read the value; a sort orders other rows as if it were empty. */
  visibleWhen?: Sql;
  /** A field of the listed table with a search index: `~` can be answered from it (core/search.ts). */
  search?: { index: SearchIndex; field: string; alias: string };
};

export type ResolveContext = {
  options: Omit<CompileOptions, "mode">;
  /** Hidden fields are allowed in rules and for superusers, never in a non-superuser's filter or sort. */
  allowHidden: boolean;
  /** The joins the expression needs, in dependency order, unique by alias. */
  joins: Join[];
  /** Source of unique subquery aliases. */
  nextId: number;
  /**
   * A client filter over the collection's own table may use its search index; a rule may run
   * over a row that is not in the table yet (a create), so it never does.
   */
  search: boolean;
  /**
   * Compiles a related collection's listRule: the compiler's `compileExpression`, handed in so
   * that the resolver does not import the compiler that imports it.
   */
  compileRule: (expr: string, options: CompileOptions) => Sql;
};

const maxNestedRelations = 6;

// The field names PocketBase's resolver accepts (`allowedFields` in record_field_resolver.go).
const allowedFieldPatterns = [
  /^\w+[\w.:]*$/,
  /^@request\.context$/,
  /^@request\.method$/,
  /^@request\.auth\.[\w.:]*\w+$/,
  /^@request\.body\.[\w.:]*\w+$/,
  /^@request\.query\.[\w.:]*\w+$/,
  /^@request\.headers\.[\w.:]*\w+$/,
  /^@collection\.\w+(:\w+)?\.[\w.:]*\w+$/,
];

const modifiers = ["isset", "each", "length", "lower"] as const;
type Modifier = (typeof modifiers)[number] | "";

const literals = new Map([
  ["null", "NULL"],
  ["true", "1"],
  ["false", "0"],
]);

const nullOperand = (): Operand => ({ expr: raw("NULL"), kind: "null" });
const valueOperand = (value: Param | boolean): Operand => ({ expr: param(value), kind: "value" });

function registerJoin(ctx: ResolveContext, join: Join) {
  const existing = ctx.joins.findIndex((j) => j.alias === join.alias);
  if (existing >= 0) ctx.joins[existing] = join;
  else ctx.joins.push(join);
}

export function renderJoins(joins: Join[]): Sql {
  return joinSql(
    joins.map((join) => sql`LEFT JOIN ${join.table} ${ident(join.alias)} ON ${join.on ?? raw("1=1")}`),
    " ",
  );
}

export function renderMultiMatch(mm: MultiMatch): Sql {
  return sql`SELECT ${mm.value} AS "multiMatchValue" FROM ${ident(mm.fromTable)} ${ident(mm.fromAlias)} ${renderJoins(
    mm.joins,
  )} WHERE ${ident(mm.fromAlias, "id")} = ${ident(mm.baseAlias, "id")}`;
}

// Multi-valued columns hold a JSON array; single ones a plain value. These wrappers read both the same way.
function isJsonArray(column: Sql): Sql {
  return sql`iif(json_valid(${column}), json_type(${column}) = 'array', FALSE)`;
}

function jsonEach(column: Sql): Sql {
  return sql`json_each(CASE WHEN ${isJsonArray(column)} THEN ${column} ELSE json_array(${column}) END)`;
}

function jsonArrayLength(column: Sql): Sql {
  return sql`json_array_length(CASE WHEN ${isJsonArray(column)} THEN ${column} WHEN ${column} = '' OR ${column} IS NULL THEN json_array() ELSE json_array(${column}) END)`;
}

function jsonExtract(column: Sql, path: string): Sql {
  // `path` is built from \w+ segments only (checked by the caller), so inlining it is safe.
  const suffix = path === "" || path.startsWith("[") ? path : `.${path}`;
  return sql`(CASE WHEN json_valid(${column}) THEN json_extract(${column}, '$${raw(suffix)}') ELSE json_extract(json_object('pb', ${column}), '$.pb${raw(suffix)}') END)`;
}

function splitModifier(prop: string): [string, Modifier] {
  const parts = prop.split(":");
  if (parts.length !== 2) return [prop, ""];
  const modifier = parts[1] as Modifier;
  if (!modifiers.includes(modifier as (typeof modifiers)[number])) {
    throw new FilterError(`unknown modifier in "${prop}"`);
  }
  return [parts[0]!, modifier];
}

function findCollection(ctx: ResolveContext, idOrName: string): Collection | undefined {
  const base = ctx.options.collection;
  if (idOrName === base.name || idOrName === base.id) return base;
  const collection = ctx.options.findCollection(idOrName);
  // Names come from user input: never trust a lookup that might have read `constructor` off a prototype.
  return collection && Array.isArray(collection.fields) ? collection : undefined;
}

function loadCollection(ctx: ResolveContext, idOrName: string): Collection {
  const collection = findCollection(ctx, idOrName);
  if (!collection) throw new FilterError(`unknown collection "${idOrName}"`);
  return collection;
}

/** Resolves one operand token (identifier, text, number or function call). */
export function resolveOperand(ctx: ResolveContext, token: OperandToken): Operand {
  switch (token.type) {
    case "text":
      return valueOperand(token.value);
    case "number":
      return valueOperand(token.value);
    case "function":
      return resolveFunction(ctx, token.name, token.args);
    case "identifier": {
      const macro = macroValue(token.value);
      if (macro !== undefined) return valueOperand(macro);
      try {
        return resolveField(ctx, token.value);
      } catch (error) {
        // `null`, `true` and `false` are literals unless a field has that name (PocketBase tries the field first).
        const literal = literals.get(token.value.toLowerCase());
        if (!(error instanceof FilterError) || literal === undefined) throw error;
        return literal === "NULL" ? nullOperand() : { expr: raw(literal), kind: "literal" };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Field paths

/** The walk along one field path: where it stands in the main query and in its multi-match subquery. */
type Walk = {
  ctx: ResolveContext;
  name: string;
  collection: Collection;
  alias: string;
  allowHidden: boolean;
  /** `@request.*` paths resolve missing fields to NULL instead of failing. */
  nullifyMissing: boolean;
  withMultiMatch: boolean;
  mm: MultiMatch;
  mmAlias: string;
};

/** Resolves a field path such as `email`, `user.email`, `@request.auth.id` or `@collection.stremio.user`. */
export function resolveField(ctx: ResolveContext, name: string): Operand {
  if (!allowedFieldPatterns.some((pattern) => pattern.test(name))) {
    throw new FilterError(`failed to resolve field "${name}"`);
  }
  const props = name.split(".");
  const base = ctx.options.collection;
  const mmAlias = `__mm_${ctx.options.alias}`;
  const walk: Walk = {
    ctx,
    name,
    collection: base,
    alias: ctx.options.alias,
    // `@collection.*` and `@request.*` are system lookups: PocketBase allows hidden fields there.
    allowHidden: ctx.allowHidden || props[0] === "@collection" || props[0] === "@request",
    nullifyMissing: props[0] === "@request",
    withMultiMatch: false,
    mm: {
      fromTable: base.name,
      fromAlias: mmAlias,
      baseAlias: ctx.options.alias,
      joins: [],
      value: raw("NULL"),
    },
    mmAlias,
  };

  if (props[0] === "@collection") return resolveCollectionPath(walk, props);
  if (props[0] === "@request") {
    if (name.startsWith("@request.auth.")) return resolveRequestAuth(walk, props);
    if (name.startsWith("@request.body.") && props.length > 2) return resolveRequestBody(walk, props);
    return resolveStaticRequestField(ctx, props.slice(1));
  }
  return walkProps(walk, props);
}

function resolveCollectionPath(walk: Walk, props: string[]): Operand {
  const [collectionName = "", joinAlias] = props[1]!.split(":");
  const collection = loadCollection(walk.ctx, collectionName);
  walk.collection = collection;
  // `@collection.name:alias.field` gives the join its own alias, so two lookups can target different rows.
  walk.alias = joinAlias ? `__collection_alias_${joinAlias}` : `__collection_${collection.name}`;
  walk.withMultiMatch = true;
  registerJoin(walk.ctx, { table: ident(collection.name), alias: walk.alias });
  walk.mmAlias = `__mm${walk.alias}`;
  walk.mm.joins.push({ table: ident(collection.name), alias: walk.mmAlias });
  return walkProps(walk, props.slice(2));
}

function resolveRequestAuth(walk: Walk, props: string[]): Operand {
  const auth = walk.ctx.options.request.auth;
  if (!auth) return nullOperand();

  // A single-valued `@request.auth.<field>` is bound from the in-memory auth record: no join needed.
  const [fieldName, modifier] = splitModifier(props[2]!);
  const field = fieldByName(auth.collection, fieldName);
  const isPlainValue = !field || (field.type !== "json" && !isMultiple(field));
  if (
    props.length === 3 &&
    isPlainValue &&
    (modifier === "" || modifier === "lower" || modifier === "isset")
  ) {
    return resolveStaticRequestField(walk.ctx, props.slice(1));
  }

  // Deeper paths (`@request.auth.someRelation.name`) and multi-valued fields join the auth record's row.
  walk.collection = auth.collection;
  walk.alias = `__auth_${auth.collection.name}`;
  const authId = param(String(auth.record.id ?? ""));
  registerJoin(walk.ctx, {
    table: ident(auth.collection.name),
    alias: walk.alias,
    on: sql`${ident(walk.alias, "id")} = ${authId}`,
  });
  walk.mmAlias = `__mm_${walk.alias}`;
  walk.mm.joins.push({
    table: ident(auth.collection.name),
    alias: walk.mmAlias,
    on: sql`${ident(walk.mmAlias, "id")} = ${authId}`,
  });
  return walkProps(walk, props.slice(2));
}

function resolveRequestBody(walk: Walk, props: string[]): Operand {
  const { ctx } = walk;
  const body = ctx.options.request.body;
  const [name, modifier] = splitModifier(props[2]!);
  const field = fieldByName(ctx.options.collection, name);
  if (!field) return resolveStaticRequestField(ctx, props.slice(1));

  // `@request.body.someRelation.field`: a lookup in the related records the body points to.
  if (field.type === "relation" && props.length > 3) return resolveBodyRelation(walk, field, props);

  if (props.length === 3 && modifier === "each") {
    if (!isMultiValuer(field)) throw new FilterError(`field "${name}" doesn't support multivalue operations`);
    const items = JSON.stringify(toArray(body[name]));
    const alias = `__dataEach_${name}_je`;
    registerJoin(ctx, { table: sql`json_each(${param(items)})`, alias });
    const operand: Operand = { expr: ident(alias, "value"), kind: "column" };
    if (isMultiple(field)) {
      const mmAlias = `__mm${alias}`;
      walk.mm.joins.push({ table: sql`json_each(${param(items)})`, alias: mmAlias });
      walk.mm.value = ident(mmAlias, "value");
      operand.multiMatch = walk.mm;
    }
    return operand;
  }

  if (props.length === 3 && modifier === "length") {
    if (!isMultiValuer(field)) throw new FilterError(`field "${name}" doesn't support multivalue operations`);
    // A computed integer, inlined like PocketBase does; 0 and 1 count as known non-empty values there too.
    return { expr: raw(String(toArray(body[name]).length)), kind: "literal" };
  }

  if (props.length === 3 && modifier === "lower") {
    return { expr: sql`LOWER(${param(castToString(body[name]))})`, kind: "value" };
  }

  return resolveStaticRequestField(ctx, props.slice(1));
}

function resolveBodyRelation(walk: Walk, field: Field, props: string[]): Operand {
  const { ctx } = walk;
  const related = loadCollection(ctx, field.collectionId ?? "");
  const ids = [...new Set(toArray(ctx.options.request.body[field.name]).map(castToString))].filter(Boolean);
  if (ids.length === 0) return nullOperand();

  // One JSON parameter rather than one per id: a huge body must not exceed SQLite's variable limit.
  const idList = sql`SELECT "value" FROM json_each(${param(JSON.stringify(ids))})`;
  walk.collection = related;
  walk.alias = `__data_${related.name}_${field.name}`;
  registerJoin(ctx, {
    table: ident(related.name),
    alias: walk.alias,
    on: sql`${ident(walk.alias, "id")} IN (${idList})`,
  });
  if (isMultiple(field)) walk.withMultiMatch = true;
  walk.mmAlias = `__data_mm_${related.name}_${field.name}`;
  walk.mm.joins.push({
    table: ident(related.name),
    alias: walk.mmAlias,
    on: sql`${ident(walk.mmAlias, "id")} IN (${idList})`,
  });
  return walkProps(walk, props.slice(3));
}

/** Walks `a.b.c` through relations, back-relations and JSON paths; the last prop is a column. */
function walkProps(walk: Walk, props: string[]): Operand {
  const { ctx } = walk;
  for (let i = 0; i < props.length; i++) {
    const prop = props[i]!;
    const collection = walk.collection;
    if (i === props.length - 1) return resolveLastProp(walk, prop);

    const field = fieldByName(collection, prop);
    if (field?.hidden && !walk.allowHidden) throw new FilterError(`non-filterable field "${prop}"`);

    // JSON field: the remaining props are a path inside the JSON value.
    if (field?.type === "json") {
      const rest = props.slice(i + 1);
      if (!rest.every((p) => /^\w+$/.test(p))) throw new FilterError(`invalid json path in "${walk.name}"`);
      const path = rest.map((p, j) => (/^\d+$/.test(p) ? `[${p}]` : j > 0 ? `.${p}` : p)).join("");
      const operand: Operand = {
        expr: jsonExtract(ident(walk.alias, prop), path),
        kind: "column",
        noCoalesce: true,
      };
      if (walk.withMultiMatch) {
        walk.mm.value = jsonExtract(ident(walk.mmAlias, prop), path);
        operand.multiMatch = walk.mm;
      }
      return readableOnly(operand, readableWhen(walk, prop));
    }

    if (i >= maxNestedRelations) throw new FilterError(`max nested relations reached for "${walk.name}"`);

    if (!field) {
      const back = resolveBackRelation(walk, prop);
      if (!back) return nullOperand();
      continue;
    }

    if (field.type !== "relation") throw new FilterError(`field "${prop}" is not a valid relation`);
    const related = loadCollection(ctx, field.collectionId ?? "");
    const multiple = isMultiple(field);

    // `user.id` is the `user` column itself: no join.
    if (!multiple && i === props.length - 2 && props[i + 1] === "id") return resolveLastProp(walk, prop);

    const alias = `${walk.alias}_${prop}`;
    if (!multiple) {
      registerJoin(ctx, {
        table: ident(related.name),
        alias,
        on: listable(walk, related, alias, sql`${ident(alias, "id")} = ${ident(walk.alias, prop)}`),
      });
    } else {
      const eachAlias = `${walk.alias}_${prop}_je`;
      registerJoin(ctx, { table: jsonEach(ident(walk.alias, prop)), alias: eachAlias });
      registerJoin(ctx, {
        table: ident(related.name),
        alias,
        on: listable(walk, related, alias, sql`${ident(alias, "id")} = ${ident(eachAlias, "value")}`),
      });
    }

    if (multiple) walk.withMultiMatch = true;
    const mmAlias = `${walk.mmAlias}_${prop}`;
    if (!multiple) {
      walk.mm.joins.push({
        table: ident(related.name),
        alias: mmAlias,
        on: listable(walk, related, mmAlias, sql`${ident(mmAlias, "id")} = ${ident(walk.mmAlias, prop)}`),
      });
    } else {
      const mmEachAlias = `${walk.mmAlias}_${prop}_je`;
      walk.mm.joins.push(
        { table: jsonEach(ident(walk.mmAlias, prop)), alias: mmEachAlias },
        {
          table: ident(related.name),
          alias: mmAlias,
          on: listable(walk, related, mmAlias, sql`${ident(mmAlias, "id")} = ${ident(mmEachAlias, "value")}`),
        },
      );
    }

    walk.collection = related;
    walk.alias = alias;
    walk.mmAlias = mmAlias;
  }
  throw new FilterError(`failed to resolve field "${walk.name}"`);
}

/**
 * `stremio_via_user`: the records of `stremio` whose `user` relation points at the current record.
 * Returns false when the path should resolve to NULL (`@request.*` paths).
 */
function resolveBackRelation(walk: Walk, prop: string): boolean {
  const { ctx } = walk;
  const fail = (message: string) => {
    if (walk.nullifyMissing) return false;
    throw new FilterError(message);
  };
  const match = /^(\w+)_via_(\w+)$/.exec(prop);
  if (!match) return fail(`failed to resolve field "${prop}"`);
  const backCollection = findCollection(ctx, match[1]!);
  if (!backCollection) return fail(`failed to load back relation collection "${prop}"`);
  const backField = fieldByName(backCollection, match[2]!);
  if (!backField || backField.type !== "relation" || backField.collectionId !== walk.collection.id) {
    return fail(`invalid back relation field "${prop}"`);
  }
  if (backField.hidden && !walk.allowHidden) throw new FilterError(`non-filterable field "${prop}"`);

  // A single relation with a unique index points back at most once: a plain join, no multi-match.
  const multiple =
    isMultiple(backField) || !findSingleColumnUniqueIndex(backCollection.indexes, backField.name);
  const alias = `${walk.alias}_${prop}`;
  const mmAlias = `${walk.mmAlias}_${prop}`;
  const on = (joinAlias: string, targetAlias: string) =>
    multiple
      ? sql`${ident(targetAlias, "id")} IN (SELECT "value" FROM ${jsonEach(ident(joinAlias, backField.name))})`
      : sql`${ident(joinAlias, backField.name)} = ${ident(targetAlias, "id")}`;

  registerJoin(ctx, {
    table: ident(backCollection.name),
    alias,
    on: listable(walk, backCollection, alias, on(alias, walk.alias)),
  });
  walk.mm.joins.push({
    table: ident(backCollection.name),
    alias: mmAlias,
    on: listable(walk, backCollection, mmAlias, on(mmAlias, walk.mmAlias)),
  });
  if (multiple) walk.withMultiMatch = true;
  walk.collection = backCollection;
  walk.alias = alias;
  walk.mmAlias = mmAlias;
  return true;
}

/**
 * A join condition, narrowed for a non-superuser's filter or sort to the related records they may
 * list: a relation or back-relation (`stremio_via_user.password`) never reaches what the related
 * collection's listRule hides from them. Rules themselves see every related record.
 */
function listable(walk: Walk, related: Collection, alias: string, on: Sql): Sql {
  if (walk.allowHidden || related.listRule === "") return on;
  if (related.listRule === null) return sql`${on} AND FALSE`;
  const rule = walk.ctx.compileRule(related.listRule, {
    ...walk.ctx.options,
    collection: related,
    alias,
    mode: "rule",
  });
  return sql`${on} AND (${rule})`;
}

/**
 * Where the requester may read `name` (undefined: everywhere). A filter matches, and a sort orders
 * by, an auth record's email only where its owner made it public (as PocketBase filters do). Every
 * form of the field (a JSON path, a modifier, a function argument) carries the same restriction.
 */
function readableWhen(walk: Walk, name: string): Sql | undefined {
  if (walk.allowHidden || walk.collection.type !== "auth" || name !== "email") return undefined;
  return sql`${ident(walk.alias, "emailVisibility")} = TRUE`;
}

/** `operand`, readable only where `visibleWhen` holds: a comparison on it fails elsewhere. */
function readableOnly(operand: Operand, visibleWhen: Sql | undefined): Operand {
  if (!visibleWhen) return operand;
  return { ...operand, visibleWhen, afterBuild: (comparison) => sql`(${comparison} AND ${visibleWhen})` };
}

function resolveLastProp(walk: Walk, prop: string): Operand {
  const [name, modifier] = splitModifier(prop);
  const collection = walk.collection;
  const field = fieldByName(collection, name);
  if (!field) {
    if (walk.nullifyMissing) return nullOperand();
    throw new FilterError(`unknown field "${name}"`);
  }
  if (field.hidden && !walk.allowHidden) throw new FilterError(`non-filterable field "${name}"`);

  const visibleWhen = readableWhen(walk, name);
  const column = ident(walk.alias, name);
  const mmColumn = ident(walk.mmAlias, name);
  const withMultiMatch = (operand: Operand, mmValue: Sql): Operand => {
    const readable = readableOnly(operand, visibleWhen);
    if (!walk.withMultiMatch) return readable;
    walk.mm.value = mmValue;
    return { ...readable, multiMatch: walk.mm };
  };

  if (modifier === "length" && isMultiValuer(field)) {
    return withMultiMatch({ expr: jsonArrayLength(column), kind: "column" }, jsonArrayLength(mmColumn));
  }

  if (modifier === "each" && isMultiValuer(field)) {
    const eachAlias = `${walk.alias}_${name}_je`;
    registerJoin(walk.ctx, { table: jsonEach(column), alias: eachAlias });
    if (isMultiple(field)) walk.withMultiMatch = true;
    const mmEachAlias = `${walk.mmAlias}_${name}_je`;
    if (walk.withMultiMatch) walk.mm.joins.push({ table: jsonEach(mmColumn), alias: mmEachAlias });
    return withMultiMatch({ expr: ident(eachAlias, "value"), kind: "column" }, ident(mmEachAlias, "value"));
  }

  let operand: Operand = { expr: column, kind: "column" };
  let mmValue = mmColumn;
  const search = walk.ctx.options.searchIndexOf?.(collection);
  if (
    walk.ctx.search &&
    search &&
    walk.alias === walk.ctx.options.alias &&
    !walk.withMultiMatch &&
    !modifier
  ) {
    operand.search = { index: search, field: name, alias: walk.alias };
  }

  // JSON values are compared as SQL values (a stored `"abc"` equals 'abc').
  if (field.type === "json") {
    operand = { ...operand, expr: jsonExtract(column, ""), noCoalesce: true };
    mmValue = jsonExtract(mmColumn, "");
  }

  if (modifier === "lower") {
    operand = { ...operand, expr: sql`LOWER(${operand.expr})` };
    mmValue = sql`LOWER(${mmValue})`;
  }

  return withMultiMatch(operand, mmValue);
}

// ---------------------------------------------------------------------------------------------------
// `@request.*` values known in memory

/** `@request.context`, `.method`, `.query.x`, `.headers.x`, `.body.x`, `.auth.x`: bound, never joined. */
function resolveStaticRequestField(ctx: ResolveContext, path: string[]): Operand {
  const [lastProp, modifier] = splitModifier(path[path.length - 1]!);
  const keys = [...path.slice(0, -1), lastProp];
  const { request, collection } = ctx.options;
  const root: Record<string, unknown> = {
    context: request.context,
    method: request.method,
    query: request.query,
    headers: request.headers,
    body: request.body,
    auth: request.auth ? authExport(request.auth) : null,
  };
  const found = extractNested(root, keys);

  if (modifier === "isset") return { expr: raw(found ? "TRUE" : "FALSE"), kind: "literal" };

  let value = found?.value;
  if (value === null || value === undefined) return nullOperand();
  if (typeof value === "string") {
    // A numeric string sent for a number field (forms send strings) compares as a number.
    const field = fieldByName(collection, lastProp);
    if (field?.type === "number" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value))
      value = Number(value);
  } else if (typeof value !== "number" && typeof value !== "boolean") {
    value = JSON.stringify(value) ?? null;
  }
  const bound = param(value as Param | boolean);
  return modifier === "lower"
    ? { expr: sql`LOWER(${bound})`, kind: "value" }
    : { expr: bound, kind: "value" };
}

/** The auth record as rules see it: every field, plus collectionId/collectionName, minus secrets. */
function authExport(auth: NonNullable<CompileOptions["request"]["auth"]>): Record<string, unknown> {
  const { password: _password, tokenKey: _tokenKey, ...record } = auth.record;
  return { ...record, collectionId: auth.collection.id, collectionName: auth.collection.name };
}

function extractNested(data: unknown, keys: string[]): { value: unknown } | undefined {
  let current = data;
  for (const key of keys) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(key) || Number(key) >= current.length) return undefined;
      current = current[Number(key)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, key)) {
      current = (current as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return { value: current };
}

function toArray(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Go's cast.ToString: plain values as text, anything else empty. */
function castToString(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

// ---------------------------------------------------------------------------------------------------
// Macros and functions

/** `@now`, `@todayStart`, … (PocketBase's identifier macros, in UTC, formatted `2006-01-02 15:04:05.000Z`). */
export function macroValue(name: string, now = new Date()): string | number | undefined {
  const format = (date: Date) => date.toISOString().replace("T", " ");
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (name) {
    case "@now":
      return format(now);
    case "@yesterday":
      return format(new Date(now.getTime() - 24 * 3600 * 1000));
    case "@tomorrow":
      return format(new Date(now.getTime() + 24 * 3600 * 1000));
    case "@second":
      return now.getUTCSeconds();
    case "@minute":
      return now.getUTCMinutes();
    case "@hour":
      return now.getUTCHours();
    case "@day":
      return d;
    case "@month":
      return m + 1;
    case "@weekday":
      return now.getUTCDay();
    case "@year":
      return y;
    case "@todayStart":
      return format(new Date(Date.UTC(y, m, d)));
    case "@todayEnd":
      return format(new Date(Date.UTC(y, m, d, 23, 59, 59, 999)));
    case "@monthStart":
      return format(new Date(Date.UTC(y, m, 1)));
    case "@monthEnd":
      return format(new Date(Date.UTC(y, m + 1, 0, 23, 59, 59, 999)));
    case "@yearStart":
      return format(new Date(Date.UTC(y, 0, 1)));
    case "@yearEnd":
      return format(new Date(Date.UTC(y, 11, 31, 23, 59, 59, 999)));
    default:
      return undefined;
  }
}

function resolveFunction(ctx: ResolveContext, name: string, args: OperandToken[]): Operand {
  if (args.some((arg) => arg.type === "function"))
    throw new FilterError(`unsupported nested call in "${name}"`);

  // A function of a value the requester may not read is not readable either: it is readable only
  // where every argument is, exactly like the bare fields.
  const resolved: Operand[] = [];
  const resolveArg = (arg: OperandToken) => {
    const operand = resolveOperand(ctx, arg);
    resolved.push(operand);
    return operand;
  };
  const operand = callFunction(name, args, resolveArg);
  const visibleWhen = resolved.flatMap((arg) => (arg.visibleWhen ? [arg.visibleWhen] : []));
  return readableOnly(operand, visibleWhen.length > 0 ? joinSql(visibleWhen, " AND ") : undefined);
}

/** The SQL of a filter function; it reads its operands through `resolveArg` only. */
function callFunction(
  name: string,
  args: OperandToken[],
  resolveArg: (arg: OperandToken) => Operand,
): Operand {
  if (name === "geoDistance") {
    if (args.length !== 4 || args.some((arg) => arg.type === "text")) {
      throw new FilterError("geoDistance expects 4 identifier or number arguments");
    }
    const [lonA, latA, lonB, latB] = args.map((arg) => resolveArg(arg).expr) as [Sql, Sql, Sql, Sql];
    return {
      expr: sql`(6371 * acos(cos(radians(${latA})) * cos(radians(${latB})) * cos(radians(${lonB}) - radians(${lonA})) + sin(radians(${latA})) * sin(radians(${latB}))))`,
      kind: "column",
      noCoalesce: true,
    };
  }

  if (name === "strftime") {
    const [format, time, ...modifierArgs] = args;
    if (!format || format.type !== "text" || args.length > 10) {
      throw new FilterError("strftime expects a format string and at most 9 more arguments");
    }
    if (modifierArgs.some((arg) => arg.type !== "text"))
      throw new FilterError("strftime modifiers must be text");
    const formatSql = param(format.value);
    const modifierSql = modifierArgs.map((arg) => param((arg as { value: string }).value));
    if (!time) return { expr: sql`strftime(${formatSql})`, kind: "column" };
    const timeOperand = resolveArg(time);
    const wrap = (value: Sql) => sql`strftime(${joinSql([formatSql, value, ...modifierSql], ", ")})`;
    const operand: Operand = { expr: wrap(timeOperand.expr), kind: "column" };
    if (timeOperand.multiMatch) {
      operand.multiMatch = { ...timeOperand.multiMatch, value: wrap(timeOperand.multiMatch.value) };
    }
    return operand;
  }

  throw new FilterError(`unknown function "${name}"`);
}
