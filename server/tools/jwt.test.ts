import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseUnverifiedJwt, signJwt, verifyJwt } from "./jwt.ts";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("HS256 tokens", () => {
  it("are signed exactly like golang-jwt: header, sorted claims, base64url without padding", () => {
    const token = signJwt(
      { type: "auth", id: "abc", collectionId: "_pb_users_auth_", refreshable: true },
      "key",
      60,
    );
    const [header, payload, signature] = token.split(".");
    expect(header).toBe(b64({ alg: "HS256", typ: "JWT" }));
    const claims = parseUnverifiedJwt(token);
    expect(Object.keys(claims)).toEqual(["collectionId", "exp", "id", "refreshable", "type"]);
    expect(signature).toBe(createHmac("sha256", "key").update(`${header}.${payload}`).digest("base64url"));
    expect(token).not.toContain("=");
    expect(verifyJwt(token, "key")).toMatchObject({ id: "abc" });
  });

  it("refuses another key, expiry, alg none, a tampered payload and future iat/nbf", () => {
    const token = signJwt({ id: "abc" }, "key", 60);
    expect(verifyJwt(token, "other")).toBeUndefined();
    expect(verifyJwt(signJwt({ id: "abc" }, "key", -1), "key")).toBeUndefined();
    const [, payload, signature] = token.split(".");
    expect(verifyJwt(`${b64({ alg: "none", typ: "JWT" })}.${payload}.`, "key")).toBeUndefined();
    expect(verifyJwt(`${b64({ alg: "none", typ: "JWT" })}.${payload}.${signature}`, "key")).toBeUndefined();
    expect(
      verifyJwt(`${token.split(".")[0]}.${b64({ id: "admin", exp: 9999999999 })}.${signature}`, "key"),
    ).toBeUndefined();
    expect(verifyJwt(signJwt({ id: "abc", nbf: Date.now() / 1000 + 600 }, "key", 60), "key")).toBeUndefined();
    expect(verifyJwt(signJwt({ id: "abc", iat: "x" }, "key", 60), "key")).toBeUndefined();
    expect(verifyJwt("a.b", "key")).toBeUndefined();
    expect(verifyJwt("", "key")).toBeUndefined();
  });

  it("reads claims of garbage as {}", () => {
    expect(parseUnverifiedJwt("garbage")).toEqual({});
    expect(parseUnverifiedJwt(`x.${b64([1])}.y`)).toEqual({});
    expect(parseUnverifiedJwt("x.%%%.y")).toEqual({});
  });
});
