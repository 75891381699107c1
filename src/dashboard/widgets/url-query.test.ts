import { describe, expect, it } from "vitest";
import { paramsFromQuery, queryFromParams, type QuerySchema } from "./url-query.ts";

type Query = {
  search: string;
  status: "all" | "paid" | "trial";
  descending: boolean;
  page: number;
  perPage: number;
};
const defaults: Query = { search: "", status: "all", descending: true, page: 1, perPage: 20 };
const schema: QuerySchema<Query> = {
  search: "text",
  status: ["all", "paid", "trial"],
  descending: "flag",
  page: "page",
  perPage: [20, 50],
};

describe("a list's query in the address", () => {
  it("writes only what differs from the defaults, and reads it back", () => {
    const query: Query = {
      search: "camille@example.com",
      status: "paid",
      descending: false,
      page: 3,
      perPage: 50,
    };
    const params = paramsFromQuery(query, defaults);
    expect(params.toString()).toBe("search=camille%40example.com&status=paid&descending=0&page=3&perPage=50");
    expect(queryFromParams(params, defaults, schema)).toEqual(query);
    expect(paramsFromQuery(defaults, defaults).toString()).toBe("");
  });

  it("ignores what a hand-edited address holds that the list cannot show", () => {
    const params = new URLSearchParams("status=bogus&page=0&descending=maybe&perPage=7&other=1&search=a%20b");
    expect(queryFromParams(params, defaults, schema)).toEqual({ ...defaults, search: "a b" });
    expect(queryFromParams(new URLSearchParams("page=-2"), defaults, schema).page).toBe(1);
    expect(queryFromParams(new URLSearchParams("page=2.5"), defaults, schema).page).toBe(1);
  });
});
