import { ApiError } from "./api-error.ts";

function parseInteger(value: string | undefined): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (!/^[+-]?\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The spellings Go's `strconv.ParseBool` accepts, as PocketBase reads `skipTotal`. */
const goBool: Record<string, boolean> = {
  "1": true,
  t: true,
  T: true,
  TRUE: true,
  true: true,
  True: true,
  "0": false,
  f: false,
  F: false,
  FALSE: false,
  false: false,
  False: false,
};

export type ListPaging = { page: number; perPage: number; skipTotal: boolean };

/**
 * `page`, `perPage` and `skipTotal` of a list request, as PocketBase reads them: page 1 and 30 per
 * page by default, at most 1000 per page; a value that is not a number or a boolean is a 400.
 */
export function listPaging(query: { page?: string; perPage?: string; skipTotal?: string }): ListPaging {
  const page = parseInteger(query.page);
  const perPage = parseInteger(query.perPage);
  if (page === null || perPage === null) throw new ApiError(400);
  const skipTotal = query.skipTotal === undefined || query.skipTotal === "" ? false : goBool[query.skipTotal];
  if (skipTotal === undefined) throw new ApiError(400);
  return {
    page: page === undefined || page <= 0 ? 1 : page,
    perPage: perPage === undefined || perPage <= 0 ? 30 : Math.min(perPage, 1000),
    skipTotal,
  };
}
