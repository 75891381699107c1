import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/fixtures.ts";

describe("compressed API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.fetch(
      new Request(`http://localhost${url}`, { headers: { authorization: t.tokens.superuser, ...headers } }),
    );
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("sends a list over 1 KiB as %s, the same JSON once decoded", async (encoding, decode) => {
    const plain = await get("/api/collections/users/records", {});
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.body.length).toBeGreaterThan(1024);
    const { res, body } = await get("/api/collections/users/records", { "accept-encoding": encoding });
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(res.headers.get("content-length")).toBe(String(body.length));
    expect(body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decode(body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it("leaves answers of 1 KiB or less as they are", async () => {
    const { res, body } = await get("/api/health", { "accept-encoding": "br, gzip" });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(body.toString())).toEqual({ message: "API is healthy.", code: 200, data: {} });
  });
});
