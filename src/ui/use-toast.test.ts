import { describe, expect, it } from "vitest";
import { toastLimit, toastReducer, type ToastItem } from "./use-toast.ts";

const item = (id: string): ToastItem => ({ id, title: `Toast ${id}` });

describe("toast store", () => {
  it("keeps the newest toasts up to the limit", () => {
    let state: readonly ToastItem[] = [];
    for (const id of ["1", "2", "3", "4"]) state = toastReducer(state, { type: "add", toast: item(id) });
    expect(state.map((t) => t.id)).toEqual(["2", "3", "4"]);
    expect(state).toHaveLength(toastLimit);
  });

  it("removes a dismissed toast and ignores unknown ids", () => {
    const state = [item("1"), item("2")];
    expect(toastReducer(state, { type: "remove", id: "1" }).map((t) => t.id)).toEqual(["2"]);
    expect(toastReducer(state, { type: "remove", id: "9" })).toEqual(state);
  });
});
