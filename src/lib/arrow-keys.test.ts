import { describe, expect, it } from "vitest";
import { itemAfterKey } from "./arrow-keys.ts";

describe("itemAfterKey", () => {
  it("moves to the next item with Right or Up, to the previous one with Left or Down", () => {
    expect(itemAfterKey("ArrowRight", 2, 6)).toBe(3);
    expect(itemAfterKey("ArrowUp", 2, 6)).toBe(3);
    expect(itemAfterKey("ArrowLeft", 2, 6)).toBe(1);
    expect(itemAfterKey("ArrowDown", 2, 6)).toBe(1);
  });

  it("jumps to the ends with Home and End, and never goes past them", () => {
    expect(itemAfterKey("Home", 4, 6)).toBe(0);
    expect(itemAfterKey("End", 1, 6)).toBe(5);
    expect(itemAfterKey("ArrowRight", 5, 6)).toBe(5);
    expect(itemAfterKey("ArrowLeft", 0, 6)).toBe(0);
  });

  it("leaves any other key alone", () => {
    expect(itemAfterKey("Tab", 2, 6)).toBeUndefined();
    expect(itemAfterKey("Enter", 2, 6)).toBeUndefined();
  });
});
