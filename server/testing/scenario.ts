import { expect, it } from "vitest";
import { createTestApp, type Response, type TestApp } from "./fixtures.ts";

/**
 * One API scenario, PocketBase's `tests.ApiScenario` style: a request against a fresh database,
 * the expected status, and strings the body must or must not contain.
 */
export type Scenario = {
  name: string;
  method: string;
  url: string | ((t: TestApp) => string);
  body?: Record<string, unknown> | unknown[] | string | ((t: TestApp) => unknown);
  /** A fixture token name, or a function returning the Authorization header. */
  token?: "alice" | "bob" | "admin" | "superuser" | ((t: TestApp) => string);
  headers?: Record<string, string>;
  status: number;
  contains?: string[];
  notContains?: string[];
  before?: (t: TestApp) => unknown;
  after?: (t: TestApp, res: Response) => unknown;
};

/** Registers one `it` per scenario, each with its own fresh database. */
export function runScenarios(scenarios: Scenario[]) {
  for (const s of scenarios) {
    it(s.name, async () => {
      const t = await createTestApp();
      try {
        await s.before?.(t);
        const url = typeof s.url === "function" ? s.url(t) : s.url;
        const body = typeof s.body === "function" ? (s.body as (t: TestApp) => unknown)(t) : s.body;
        const token = typeof s.token === "function" ? s.token(t) : s.token ? t.tokens[s.token] : undefined;
        const res = await t.request(s.method, url, { body, token, headers: s.headers });
        expect(res.status, res.text).toBe(s.status);
        for (const part of s.contains ?? []) expect(res.text).toContain(part);
        for (const part of s.notContains ?? []) expect(res.text).not.toContain(part);
        await s.after?.(t, res);
      } finally {
        await t.close();
      }
    });
  }
}
