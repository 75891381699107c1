import { describe, expect, it } from "vitest";
import { pages } from "#shared/routing/table.ts";
import { middlewareNames, type PageDef } from "#shared/routing/types.ts";
import { resolveMiddleware, routeMiddleware, runRouteMiddleware } from "./middleware.ts";

const page = (middleware: string[]): PageDef => ({ id: "x", path: "/x", file: "routes/x.tsx", middleware });
const context = (p: PageDef) => ({ url: new URL("https://site.test/x"), locale: "en" as const, page: p });

describe("route middleware", () => {
  it("has exactly the three names pages may use", () => {
    expect(Object.keys(routeMiddleware).sort()).toEqual([...middlewareNames].sort());
  });

  it("throws on an unknown name", () => {
    expect(() => resolveMiddleware(["auth", "guest"])).toThrow("Unknown route middleware: 'guest'");
    expect(() => resolveMiddleware(["toString"])).toThrow("Unknown route middleware: 'toString'");
    expect(resolveMiddleware(["admin", "auth", "auth-pocketbase"])).toHaveLength(3);
  });

  it("runs in order and stops at the first redirect", async () => {
    const ran: string[] = [];
    const registry = {
      a: () => void ran.push("a"),
      b: async () => (ran.push("b"), "/login"),
      c: () => void ran.push("c"),
    };
    expect(await runRouteMiddleware(context(page(["a", "b", "c"])), registry)).toBe("/login");
    expect(ran).toEqual(["a", "b"]);
    expect(await runRouteMiddleware(context(page([])), registry)).toBeUndefined();
  });

  it("every page of the table names only known middleware", () => {
    for (const p of pages) expect(() => resolveMiddleware(p.middleware ?? []), p.id).not.toThrow();
  });
});
