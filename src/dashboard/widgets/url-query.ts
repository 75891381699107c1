import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * What each field of a list's query may hold in the address: one of some values (words or
 * numbers), any text, a page number (a whole number from 1), or a yes/no flag. Anything else in the
 * address is ignored.
 */
export type QuerySchema<Q> = {
  [K in keyof Q]: readonly string[] | readonly number[] | "text" | "page" | "flag";
};

/** A list's query and the way to change it, held by the component or by the address. */
export type QueryState<Q> = readonly [Q, (update: (query: Q) => Q) => void];

/** The query the address asks for: each valid parameter over the defaults. */
export function queryFromParams<Q extends object>(
  params: URLSearchParams,
  defaults: Q,
  schema: QuerySchema<Q>,
): Q {
  const query = { ...defaults };
  for (const key of Object.keys(schema) as (keyof Q & string)[]) {
    const value = params.get(key);
    if (value === null) continue;
    const rule = schema[key];
    if (rule === "text") query[key] = value as Q[typeof key];
    else if (rule === "page") {
      if (/^[1-9]\d{0,5}$/.test(value)) query[key] = Number(value) as Q[typeof key];
    } else if (rule === "flag") {
      if (value === "1" || value === "0") query[key] = (value === "1") as Q[typeof key];
    } else {
      const allowed = (rule as readonly (string | number)[]).find((choice) => String(choice) === value);
      if (allowed !== undefined) query[key] = allowed as Q[typeof key];
    }
  }
  return query;
}

/** The address's parameters for a query: only what differs from the defaults, so links stay short. */
export function paramsFromQuery<Q extends object>(query: Q, defaults: Q): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof Q & string)[]) {
    const value = query[key];
    if (value === defaults[key]) continue;
    params.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  }
  return params;
}

/**
 * A list's query kept in the address: a reload, the back button and a shared link show the same
 * filters and page. Each change is a history entry.
 */
export function useUrlQuery<Q extends object>(defaults: Q, schema: QuerySchema<Q>): QueryState<Q> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params, defaults, schema), [params, defaults, schema]);
  const update = useCallback(
    (change: (query: Q) => Q) =>
      setParams((current) => paramsFromQuery(change(queryFromParams(current, defaults, schema)), defaults)),
    [setParams, defaults, schema],
  );
  return [query, update];
}
