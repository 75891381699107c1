import { describe, expect, it } from "vitest";
import { newRecordToken } from "../core/auth.ts";
import { parseUnverifiedJwt, signJwt } from "../tools/jwt.ts";
import { createTestApp, fixturePassword } from "../testing/fixtures.ts";
import { runScenarios } from "../testing/scenario.ts";

const login = "/api/collections/users/auth-with-password";
const refresh = "/api/collections/users/auth-refresh";

describe("POST /api/collections/{collection}/auth-with-password", () => {
  runScenarios([
    {
      name: "unknown collection: 404 Missing or invalid collection context",
      method: "POST",
      url: "/api/collections/nope/auth-with-password",
      body: { identity: "a@b.co", password: "x" },
      status: 404,
      contains: ['"message":"Missing or invalid collection context."'],
    },
    {
      name: "base collection: 404 Missing or invalid auth collection context",
      method: "POST",
      url: "/api/collections/stremio/auth-with-password",
      body: { identity: "a@b.co", password: "x" },
      status: 404,
      contains: ['"message":"Missing or invalid auth collection context."'],
    },
    {
      name: "empty body: both fields required",
      method: "POST",
      url: login,
      body: {},
      status: 400,
      contains: [
        '{"data":{"identity":{"code":"validation_required","message":"Cannot be blank."},"password":{"code":"validation_required","message":"Cannot be blank."}},"message":"An error occurred while validating the submitted data.","status":400}',
      ],
    },
    {
      name: "malformed JSON: loading error",
      method: "POST",
      url: login,
      body: "{nope",
      status: 400,
      contains: ['{"data":{},"message":"An error occurred while loading the submitted data.","status":400}'],
    },
    {
      name: "identity of the wrong type: loading error",
      method: "POST",
      url: login,
      body: { identity: 12, password: "x" },
      status: 400,
      contains: ['"message":"An error occurred while loading the submitted data."'],
    },
    {
      name: "too long identity",
      method: "POST",
      url: login,
      body: { identity: "a".repeat(256), password: "x" },
      status: 400,
      contains: [
        '"identity":{"code":"validation_length_out_of_range","message":"The length must be between 1 and 255.","params":{"max":255,"min":1}}',
      ],
    },
    {
      name: "unknown identityField",
      method: "POST",
      url: login,
      body: { identity: "alice@example.com", password: fixturePassword, identityField: "name" },
      status: 400,
      contains: ['"identityField":{"code":"validation_in_invalid","message":"Must be a valid value."}'],
    },
    {
      name: "wrong password",
      method: "POST",
      url: login,
      body: { identity: "alice@example.com", password: "wrong password" },
      status: 400,
      contains: ['{"data":{},"message":"Failed to authenticate.","status":400}'],
    },
    {
      name: "unknown email: the same answer",
      method: "POST",
      url: login,
      body: { identity: "nobody@example.com", password: "wrong password" },
      status: 400,
      contains: ['{"data":{},"message":"Failed to authenticate.","status":400}'],
    },
    {
      name: "not an email: the same answer",
      method: "POST",
      url: login,
      body: { identity: "alice", password: fixturePassword },
      status: 400,
      contains: ['"message":"Failed to authenticate."'],
    },
    {
      name: "success: token and the full record, email included even when private",
      method: "POST",
      url: login,
      body: { identity: "alice@example.com", password: fixturePassword },
      status: 200,
      contains: ['"record":{', '"email":"alice@example.com"', '"emailVisibility":false', '"token":"'],
      notContains: ['"password"', '"tokenKey"', '"meta"'],
      after: (_t, res) => {
        const claims = parseUnverifiedJwt(res.json.token);
        expect(Object.keys(claims)).toEqual(["collectionId", "exp", "id", "refreshable", "type"]);
        expect(claims).toMatchObject({
          collectionId: "_pb_users_auth_",
          id: "aliceaaaaaaaaaa",
          refreshable: true,
          type: "auth",
        });
        expect(Number(claims.exp) - Date.now() / 1000).toBeGreaterThan(432000 - 60);
        expect(JSON.parse(Buffer.from(res.json.token.split(".")[0], "base64url").toString())).toEqual({
          alg: "HS256",
          typ: "JWT",
        });
      },
    },
    {
      name: "email lookup is case-insensitive (COLLATE NOCASE index)",
      method: "POST",
      url: login,
      body: { identity: "Alice@Example.com", password: fixturePassword },
      status: 200,
    },
    {
      name: "identityField email works",
      method: "POST",
      url: login,
      body: { identity: "alice@example.com", password: fixturePassword, identityField: "email" },
      status: 200,
    },
    {
      name: "expand resolves as the signed-in user",
      method: "POST",
      url: `${login}?expand=stremio_via_user`,
      body: { identity: "bob@example.com", password: fixturePassword },
      status: 200,
      contains: ['"expand":{"stremio_via_user":{', '"id":"stremiobob00000"'],
    },
    {
      name: "fields applies to the top-level object",
      method: "POST",
      url: `${login}?fields=record.id,record.email`,
      body: { identity: "alice@example.com", password: fixturePassword },
      status: 200,
      contains: ['{"record":{"email":"alice@example.com","id":"aliceaaaaaaaaaa"}}'],
    },
    {
      name: "urlencoded bodies are read too",
      method: "POST",
      url: login,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `identity=alice%40example.com&password=${encodeURIComponent(fixturePassword)}`,
      status: 200,
    },
    {
      name: "superusers sign in on _superusers with the superuser collection id",
      method: "POST",
      url: "/api/collections/_superusers/auth-with-password",
      body: { identity: "root@example.com", password: fixturePassword },
      status: 200,
      contains: [
        '"collectionId":"pbc_3142635823"',
        '"collectionName":"_superusers"',
        '"email":"root@example.com"',
      ],
      after: (_t, res) => {
        const claims = parseUnverifiedJwt(res.json.token);
        expect(claims.collectionId).toBe("pbc_3142635823");
        expect(Number(claims.exp) - Date.now() / 1000).toBeLessThanOrEqual(86400);
      },
    },
    {
      name: "a user cannot sign in on _superusers",
      method: "POST",
      url: "/api/collections/_superusers/auth-with-password",
      body: { identity: "alice@example.com", password: fixturePassword },
      status: 400,
    },
    {
      name: "authRule failure: 403",
      method: "POST",
      url: login,
      body: { identity: "bob@example.com", password: fixturePassword },
      before: (t) =>
        t.app.store.importCollections([{ id: "_pb_users_auth_", authRule: "verified = true" }], false),
      status: 403,
      contains: ['"message":"The request doesn\'t satisfy the collection requirements to authenticate."'],
    },
    {
      name: "password auth disabled: 403",
      method: "POST",
      url: login,
      body: { identity: "alice@example.com", password: fixturePassword },
      before: (t) =>
        t.app.store.importCollections(
          [{ id: "_pb_users_auth_", passwordAuth: { enabled: false, identityFields: ["email"] } }],
          false,
        ),
      status: 403,
      contains: ['"message":"The collection is not configured to allow password authentication."'],
    },
  ]);

  it("an unknown email costs about as much time as a wrong password", async () => {
    const t = await createTestApp();
    try {
      const time = async (identity: string) => {
        const started = performance.now();
        await t.request("POST", login, { body: { identity, password: "wrong password" } });
        return performance.now() - started;
      };
      await time("alice@example.com"); // warm the dummy hash
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await time("alice@example.com"));
        unknown.push(await time(`nobody${i}@example.com`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Both run one cost-10 bcrypt check (tens of ms); without the dummy check the unknown email answers in ~1 ms.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
      expect(median(unknown)).toBeGreaterThan(10);
    } finally {
      await t.close();
    }
  });
});

describe("POST /api/collections/{collection}/auth-refresh", () => {
  runScenarios([
    {
      name: "no token: 401",
      method: "POST",
      url: refresh,
      status: 401,
      contains: [
        '{"data":{},"message":"The request requires valid record authorization token.","status":401}',
      ],
    },
    {
      name: "valid token: a new token and the current record",
      method: "POST",
      url: refresh,
      token: "alice",
      status: 200,
      contains: ['"email":"alice@example.com"', '"token":"'],
      after: (t, res) => {
        expect(parseUnverifiedJwt(res.json.token)).toMatchObject({ id: "aliceaaaaaaaaaa", type: "auth" });
        expect(res.json.record.name).toBe("Alice");
      },
    },
    {
      name: "Bearer prefix accepted",
      method: "POST",
      url: refresh,
      token: (t) => `Bearer ${t.tokens.alice}`,
      status: 200,
    },
    {
      name: "token of another auth collection: 403",
      method: "POST",
      url: refresh,
      token: "superuser",
      status: 403,
      contains: ['"message":"The request requires auth record from _superusers collection."'],
    },
    {
      name: "expired token: 401",
      method: "POST",
      url: refresh,
      token: (t) => {
        const users = t.app.store.findCollection("users")!;
        const key = String(t.users.alice.tokenKey) + t.app.store.secret(users, "authToken");
        return signJwt(
          { collectionId: users.id, id: "aliceaaaaaaaaaa", refreshable: true, type: "auth" },
          key,
          -10,
        );
      },
      status: 401,
    },
    {
      name: "token signed with another key: 401",
      method: "POST",
      url: refresh,
      token: () =>
        signJwt(
          { collectionId: "_pb_users_auth_", id: "aliceaaaaaaaaaa", refreshable: true, type: "auth" },
          "guess",
          3600,
        ),
      status: 401,
    },
    {
      name: 'alg "none" token: 401',
      method: "POST",
      url: refresh,
      token: () => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
        return `${part({ alg: "none", typ: "JWT" })}.${part({ collectionId: "_pb_users_auth_", exp: 9999999999, id: "aliceaaaaaaaaaa", type: "auth" })}.`;
      },
      status: 401,
    },
    {
      name: "a verification token is not an auth token: 401",
      method: "POST",
      url: refresh,
      token: (t) =>
        newRecordToken(t.app.store, t.app.store.findCollection("users")!, t.users.alice, "verification"),
      status: 401,
    },
    {
      name: "after the user is deleted: 401",
      method: "POST",
      url: refresh,
      token: "bob",
      before: (t) => t.app.store.delete(t.app.store.findCollection("users")!, "bobbbbbbbbbbbbb"),
      status: 401,
    },
    {
      name: "after the collection's authRule changed (secret rotated): 401",
      method: "POST",
      url: refresh,
      token: "alice",
      before: (t) => t.app.store.importCollections([{ id: "_pb_users_auth_", authRule: "id != ''" }], false),
      status: 401,
    },
    {
      name: "superuser refreshes on _superusers",
      method: "POST",
      url: "/api/collections/_superusers/auth-refresh",
      token: "superuser",
      status: 200,
      contains: ['"collectionName":"_superusers"'],
    },
    {
      name: "unknown collection: 404",
      method: "POST",
      url: "/api/collections/nope/auth-refresh",
      token: "alice",
      status: 404,
      contains: ["Missing or invalid collection context."],
    },
  ]);
});
