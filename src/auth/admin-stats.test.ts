import { describe, expect, it } from "vitest";
import { fillWeeks, weekOf } from "./account.ts";

describe("sign-ups per week", () => {
  it("lists every week between the first and the last, empty ones at 0", () => {
    const counts = new Map([
      ["2026-11-02", 2],
      ["2026-11-23", 1],
    ]);
    expect(fillWeeks(counts)).toEqual([
      { week: "2026-11-02", count: 2 },
      { week: "2026-11-09", count: 0 },
      { week: "2026-11-16", count: 0 },
      { week: "2026-11-23", count: 1 },
    ]);
  });

  it("has one week when everyone signed up the same week, and none without sign-ups", () => {
    expect(fillWeeks(new Map([[weekOf("2026-11-25 10:00:00.000Z"), 3]]))).toEqual([
      { week: "2026-11-23", count: 3 },
    ]);
    expect(fillWeeks(new Map())).toEqual([]);
  });
});
