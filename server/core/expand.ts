import { type Requester, ruleSql } from "./rules.ts";
import { type Collection, fieldByName, findSingleColumnUniqueIndex, isMultiple } from "./collection-types.ts";
import type { RecordData, Store } from "./store.ts";
import { and, ident, joinSql, param, type Sql, sql } from "../tools/sql.ts";
import { castStringList } from "./values.ts";

/** PocketBase resolves at most 6 levels of `a.b.c…`. */
const maxDepth = 6;

export type Exporter = (
  collection: Collection,
  data: RecordData,
  expand?: Record<string, unknown>,
) => unknown;

/** Splits `expand` (comma list of dot paths) into first segment → remaining paths. */
function groupPaths(paths: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const parts = path.trim().split(".").filter(Boolean).slice(0, maxDepth);
    if (parts.length === 0) continue;
    const [first, ...rest] = parts;
    const list = groups.get(first!) ?? [];
    if (rest.length) list.push(rest.join("."));
    groups.set(first!, list);
  }
  return groups;
}

function fetchVisible(store: Store, collection: Collection, where: Sql, requester: Requester) {
  const expandRequester: Requester = {
    ...requester,
    request: { ...requester.request, context: "expand" },
  };
  try {
    if (!requester.isSuperuser) {
      if (collection.viewRule === null) return [];
      if (collection.viewRule !== "") {
        const rule = ruleSql(store, collection, collection.viewRule, expandRequester);
        where = and(where, rule)!;
      }
    }
    return store.find(collection, { where });
  } catch {
    return []; // PocketBase only logs a failed expand
  }
}

/**
 * The `expand` object of each record (undefined when no path applies), PocketBase style:
 * relation fields and back-relations (`stremio_via_user`), related records fetched through their
 * collection's viewRule as the requester, nested paths resolved level by level.
 */
export function expandRecords(
  store: Store,
  collection: Collection,
  records: RecordData[],
  paths: string[],
  requester: Requester,
  exporter: Exporter,
): (Record<string, unknown> | undefined)[] {
  const result: (Record<string, unknown> | undefined)[] = records.map(() => undefined);
  for (const [name, rest] of groupPaths(paths)) {
    const field = fieldByName(collection, name);
    const via = /^(\w+)_via_(\w+)$/.exec(name);
    if (field?.type === "relation") {
      const related = store.findCollection(field.collectionId ?? "");
      if (!related) continue;
      const ids = [...new Set(records.flatMap((r) => castStringList(r[field.name])))];
      const found = ids.length
        ? fetchVisible(store, related, sql`"r"."id" IN (${joinSql(ids.map(param), ", ")})`, requester)
        : [];
      const nested = rest.length ? expandRecords(store, related, found, rest, requester, exporter) : [];
      const byId = new Map(found.map((r, i) => [String(r.id), exporter(related, r, nested[i])]));
      records.forEach((record, i) => {
        const expand = (result[i] ??= {});
        const values = castStringList(record[field.name])
          .map((id) => byId.get(id))
          .filter((v) => v !== undefined);
        if (values.length === 0) return;
        expand[name] = isMultiple(field) ? values : values[0];
      });
    } else if (via) {
      const back = store.findCollection(via[1]!);
      const backField = back && fieldByName(back, via[2]!);
      if (!back || backField?.type !== "relation" || backField.collectionId !== collection.id) continue;
      const ids = records.map((r) => String(r.id));
      const column = ident("r", backField.name);
      const marks = joinSql(ids.map(param), ", ");
      const where = isMultiple(backField)
        ? sql`EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_each.value IN (${marks}))`
        : sql`${column} IN (${marks})`;
      const found = ids.length ? fetchVisible(store, back, where, requester) : [];
      const nested = rest.length ? expandRecords(store, back, found, rest, requester, exporter) : [];
      const single =
        !isMultiple(backField) && Boolean(findSingleColumnUniqueIndex(back.indexes, backField.name));
      records.forEach((record, i) => {
        const expand = (result[i] ??= {});
        const matches = found
          .map((r, j) => ({ r, j }))
          .filter(({ r }) => castStringList(r[backField.name]).includes(String(record.id)))
          .map(({ r, j }) => exporter(back, r, nested[j]));
        if (matches.length === 0) return;
        expand[name] = single ? matches[0] : matches;
      });
    }
  }
  return result;
}
