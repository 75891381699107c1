import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { createTestApp, type TestApp } from "../testing/fixtures.ts";

// The total of a superuser's unfiltered list comes from the count the store keeps (a count of a
// million rows takes tens of milliseconds): it must stay exact through every kind of write.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function total(collection: string) {
  const res = await t.request("GET", `/api/collections/${collection}/records?perPage=1`, {
    token: t.tokens.superuser,
  });
  expect(res.status).toBe(200);
  return res.json.totalItems as number;
}

/** The table's own count, read directly. */
function counted(table: string) {
  return Number(t.app.store.get(`SELECT count(*) AS "n" FROM "${table}"`)?.n);
}

describe("the kept record count", () => {
  it("follows creates, deletes (cascades included) and refused writes", async () => {
    expect(await total("users")).toBe(counted("users"));
    const signup = (email: string) =>
      t.request("POST", "/api/collections/users/records", {
        body: {
          email,
          password: "correct horse 1",
          passwordConfirm: "correct horse 1",
          plan: "free",
          price: 0,
        },
      });
    expect((await signup("one@example.com")).status).toBe(200);
    expect((await signup("two@example.com")).status).toBe(200);
    // Refused by the unique index: its transaction rolls back, the count must not move.
    expect((await signup("ONE@example.com")).status).toBe(400);
    expect(await total("users")).toBe(counted("users"));
    const stremioBefore = await total("stremio");
    // Deleting Bob deletes his Stremio record too (cascade).
    expect(
      (
        await t.request("DELETE", `/api/collections/users/records/${t.users.bob.id}`, {
          token: t.tokens.superuser,
        })
      ).status,
    ).toBe(204);
    expect(await total("users")).toBe(counted("users"));
    expect(await total("stremio")).toBe(stremioBefore - 1);
    expect(await total("stremio")).toBe(counted("stremio"));
  });

  it("counts again after another process wrote (the superuser CLI)", async () => {
    expect(await total("_superusers")).toBe(1);
    await runSuperuserCommand(t.dataDir, ["create", "second@example.com", "a long password 1"]);
    expect(await total("_superusers")).toBe(2);
  });

  it("a filtered list still counts what matches", async () => {
    const res = await t.request(
      "GET",
      `/api/collections/users/records?perPage=1&filter=${encodeURIComponent('plan = "paid"')}`,
      {
        token: t.tokens.superuser,
      },
    );
    expect(res.json.totalItems).toBe(
      Number(t.app.store.get(`SELECT count(*) AS "n" FROM "users" WHERE "plan" = 'paid'`)?.n),
    );
  });
});
