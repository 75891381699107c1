import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/fixtures.ts";
import { negotiateEncoding } from "./compression.ts";

describe("negotiateEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate, X-GZIP;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["br;q=0.5, identity", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*;q=0", "identity"],
    ["compress, zstd", "identity"],
    ["identity", "identity"],
    ["", "identity"],
    [undefined, "identity"],
  ])("answers Accept-Encoding %j with %s", (header, expected) => {
    expect(negotiateEncoding(header, ["br", "gzip"])).toBe(expected);
  });

  it("only picks a form the response has", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBe("identity");
    expect(negotiateEncoding("*", [])).toBe("identity");
  });
});

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
    // A superuser's health answer (with its few details) is still small.
    expect(JSON.parse(body.toString())).toMatchObject({ message: "API is healthy.", code: 200 });
  });
});
