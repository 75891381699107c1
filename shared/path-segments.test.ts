import { describe, expect, it } from "vitest";
import { pathSegments } from "./path-segments.ts";

describe("pathSegments", () => {
  it("cuts after each slash that ends a segment, keeping the text whole", () => {
    expect(pathSegments("/fr/blog/nope")).toEqual(["/fr/", "blog/", "nope"]);
    expect(pathSegments("/fr/docs/a//b/")).toEqual(["/fr/", "docs/", "a//", "b/"]);
    expect(pathSegments("/search?q=a/b")).toEqual(["/search?q=a/", "b"]);
    expect(pathSegments("/")).toEqual(["/"]);
    expect(pathSegments("__REQUEST_PATH__")).toEqual(["__REQUEST_PATH__"]);
  });
});
