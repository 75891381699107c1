import { describe, expect, it } from "vitest";
import { requestPath, splatParam } from "./request-path.ts";

describe("request paths", () => {
  it.each([
    ["http://localhost/", "/"],
    ["http://localhost/_.data", "/"],
    ["http://localhost/fr.data", "/fr"],
    ["http://localhost/fr/_.data", "/fr"],
    ["http://localhost/fr/guides.data?_routes=x", "/fr/guides"],
    ["http://localhost/blog/2026/launch-week/", "/blog/2026/launch-week"],
    ["http://localhost/sitemap.xml", "/sitemap.xml"],
  ])("%s is the page %s", (url, path) => {
    expect(requestPath(url)).toBe(path);
  });

  it("drops the trailing slash of a prerendered splat", () => {
    expect(splatParam("2026/launch-week/")).toBe("2026/launch-week");
    expect(splatParam("launch")).toBe("launch");
    expect(splatParam(undefined)).toBe("");
  });
});
