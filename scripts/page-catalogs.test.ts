import { describe, expect, it } from "vitest";
import { ownImports, scopeMessageIds, slugOf } from "./page-catalogs.ts";

describe("page catalogs", () => {
  it("follows static imports, re-exports and import() of the app's own files, not packages", () => {
    const code = [
      'import { a } from "./a.ts";',
      'import type { T } from "../t.ts";',
      'import { c } from "#src/c.ts";',
      'import React from "react";',
      'export { b } from "./b.tsx";',
      'const lazy = () => import("./parts.tsx");',
      "const dynamic = (name: string) => import(name);",
    ].join("\n");
    expect(ownImports("x.tsx", code).sort()).toEqual([
      "#src/c.ts",
      "../t.ts",
      "./a.ts",
      "./b.tsx",
      "./parts.tsx",
    ]);
  });

  it("gives the shell what the root reaches, and each route what it and its layouts add", () => {
    const graph: Record<string, string[]> = {
      root: ["shell-ui"],
      "shell-ui": [],
      layout: ["shell-ui", "layout-ui"],
      "layout-ui": [],
      signup: ["form"],
      form: ["shell-ui", "menu"],
      menu: [],
      home: [],
    };
    const ids: Record<string, string[]> = {
      "shell-ui": ["Log in"],
      "layout-ui": ["Menu"],
      form: ["Create your account", "Log in"],
      menu: ["Log out"],
      home: ["Welcome"],
    };
    const scopes = scopeMessageIds(
      ["root"],
      new Map([
        ["signup", ["signup", "layout"]],
        ["home", ["home", "layout"]],
      ]),
      (file) => graph[file] ?? [],
      (file) => ids[file] ?? [],
    );
    expect([...scopes.get("shell")!]).toEqual(["Log in"]);
    expect([...scopes.get("signup")!].sort()).toEqual(["Create your account", "Log out", "Menu"]);
    expect([...scopes.get("home")!].sort()).toEqual(["Menu", "Welcome"]);
  });

  it("names a scope's files after its route file", () => {
    expect(slugOf("routes/account/signup.tsx")).toBe("routes-account-signup");
    expect(slugOf("shell")).toBe("shell");
  });
});
