import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newRecordToken } from "./auth.ts";
import type { Sql } from "../tools/sql.ts";
import { createTestApp, fixturePassword, type TestApp } from "../testing/fixtures.ts";

// Cost flat as users grow: every look-up by email is answered from an index, the dashboard's list
// walks an index in its order, and its search reads the trigram index (core/search.ts), never the
// whole table. Checked on the statements the server really runs, with SQLite's EXPLAIN QUERY PLAN.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Ran = { where: "main" | "reader"; query: Sql };

/** The statements `action` makes the server run, on the main connection and on the reader's. */
async function statementsOf(action: () => Promise<unknown>): Promise<Ran[]> {
  const { store } = t.app;
  const ran: Ran[] = [];
  const prepare = store.db.prepare.bind(store.db);
  store.db.prepare = (text: string) => {
    ran.push({ where: "main", query: { sql: text, params: [] } });
    return prepare(text);
  };
  // The store caches statements: start without them, so each one is prepared (and seen) again.
  (store as unknown as { statements: Map<string, unknown> }).statements.clear();
  const read = store.reader.all.bind(store.reader);
  store.reader.all = (file, query) => {
    ran.push({ where: "reader", query });
    return read(file, query);
  };
  try {
    await action();
  } finally {
    store.db.prepare = prepare;
    store.reader.all = read;
  }
  return ran;
}

/** SQLite's plan of a statement, one line per step. */
async function planOf({ where, query }: Ran): Promise<string[]> {
  const { store } = t.app;
  if (where === "reader") return store.reader.explain(store.file, query);
  // Unbound parameters plan as NULL; the plans below do not depend on the values.
  return store.db
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all()
    .map((row) => String(row.detail));
}

/** The plans of the statements that read `users` by its email. */
async function emailLookups(action: () => Promise<unknown>) {
  const ran = await statementsOf(action);
  const lookups = ran.filter(({ query }) => /FROM "users".*WHERE.*"email" = \?/s.test(query.sql));
  return Promise.all(lookups.map(async (run) => ({ sql: run.query.sql, plan: await planOf(run) })));
}

function expectIndexed(plans: { sql: string; plan: string[] }[]) {
  expect(plans.length).toBeGreaterThan(0);
  for (const { sql, plan } of plans) {
    expect(
      plan.some((line) => /^SCAN (users|r)\b/.test(line)),
      `${sql}\n${plan.join("\n")}`,
    ).toBe(false);
    expect(
      plan.some((line) => /USING (COVERING )?INDEX idx_email/.test(line)),
      `${sql}\n${plan.join("\n")}`,
    ).toBe(true);
  }
}

describe("every look-up by email uses an index", () => {
  const alice = () => String(t.users.alice.email);

  it("sign-in", async () => {
    expectIndexed(
      await emailLookups(() =>
        t.request("POST", "/api/collections/users/auth-with-password", {
          body: { identity: alice(), password: fixturePassword },
        }),
      ),
    );
  });

  it.each(["request-verification", "request-password-reset"])("%s", async (endpoint) => {
    expectIndexed(
      await emailLookups(() =>
        t.request("POST", `/api/collections/users/${endpoint}`, { body: { email: alice() } }),
      ),
    );
  });

  it("request and confirm an email change", async () => {
    expectIndexed(
      await emailLookups(() =>
        t.request("POST", "/api/collections/users/request-email-change", {
          token: t.tokens.alice,
          body: { newEmail: "new.alice@example.com" },
        }),
      ),
    );
    const users = t.app.store.findCollection("users")!;
    const token = newRecordToken(t.app.store, users, t.users.alice, "emailChange", {
      newEmail: "new.alice@example.com",
    });
    expectIndexed(
      await emailLookups(() =>
        t.request("POST", "/api/collections/users/confirm-email-change", {
          body: { token, password: fixturePassword },
        }),
      ),
    );
  });

  it("a superuser's filter on an email", async () => {
    const ran = await statementsOf(() =>
      t.request(
        "GET",
        `/api/collections/users/records?perPage=1&filter=${encodeURIComponent(`email='${alice()}'`)}`,
        {
          token: t.tokens.superuser,
        },
      ),
    );
    const lists = ran.filter(({ where }) => where === "reader");
    expect(lists.length).toBeGreaterThan(0);
    for (const run of lists) {
      const plan = await planOf(run);
      expect(
        plan.some((line) => /^SCAN r\b/.test(line)),
        plan.join("\n"),
      ).toBe(false);
      expect(
        plan.some((line) => /USING (COVERING )?INDEX idx_email/.test(line)),
        plan.join("\n"),
      ).toBe(true);
    }
  });
});

describe("the dashboard's list and search", () => {
  const list = (query: string) =>
    statementsOf(() =>
      t.request("GET", `/api/collections/users/records?perPage=20&sort=-created,-id&${query}`, {
        token: t.tokens.superuser,
      }),
    );

  it("walks the created index in the list's order (no sort of the whole table)", async () => {
    const [page] = (await list("page=1")).filter(({ query }) => /ORDER BY/.test(query.sql));
    const plan = await planOf(page!);
    expect(plan.join("\n")).toMatch(/SCAN r USING (COVERING )?INDEX idx_created/);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  it("answers `~` on email and name from the trigram index", async () => {
    const filter = encodeURIComponent(`(email ~ "alice@" || name ~ "alice@")`);
    const ran = await list(`filter=${filter}`);
    for (const run of ran.filter(({ where }) => where === "reader")) {
      const plan = (await planOf(run)).join("\n");
      expect(plan).toMatch(/_search_users VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/^SCAN r$/m);
    }
  });

  async function ids(filter: string, token = t.tokens.superuser) {
    const res = await t.request(
      "GET",
      `/api/collections/users/records?perPage=200&sort=id&filter=${encodeURIComponent(filter)}`,
      { token },
    );
    expect(res.status).toBe(200);
    return (res.json.items as { id: string }[]).map((item) => item.id);
  }

  /** The same rows as the table's own LIKE: what `~` meant before the index. */
  function expected(text: string) {
    return t.app.store
      .all(
        `SELECT "id" FROM "users" WHERE "email" LIKE ? ESCAPE '\\' OR "name" LIKE ? ESCAPE '\\' ORDER BY "id"`,
        [`%${text}%`, `%${text}%`],
      )
      .map((row) => String(row.id));
  }

  it("finds the same users as a scan, and stays in step with sign-ups, changes and deletes", async () => {
    for (let i = 0; i < 30; i++) {
      await t.seed("users", { email: `member${i}@example.com`, name: `Zoé Membre ${i % 7}`, plan: "free" });
    }
    const search = (text: string) => ids(`(email ~ "${text}" || name ~ "${text}")`);
    for (const text of ["member1", "MEMBER2", "zoé membre 3", "EXAMPLE.COM", "nobody", "ab", "r1%", "_"]) {
      expect(await search(text), text).toEqual(expected(text.replace(/[%_]/g, (c) => `\\${c}`)));
    }
    // A changed name is found by its new text only, a deleted user no more.
    const [renamed] = await search("member12@");
    await t.request("PATCH", `/api/collections/users/records/${renamed}`, {
      token: t.tokens.superuser,
      body: { name: "Quentin Renommé" },
    });
    expect(await search("quentin renommé")).toEqual([renamed]);
    expect(await search("Membre 5")).toEqual(expected("Membre 5"));
    await t.request("DELETE", `/api/collections/users/records/${renamed}`, { token: t.tokens.superuser });
    expect(await search("quentin")).toEqual([]);
    // A user's own email stays hidden from a filter: the index changes nothing about who sees what.
    expect(await ids(`email ~ "member"`, t.tokens.alice)).toEqual([]);
  });

  it("rebuilds the index when it is out of step or missing (a database from before it)", async () => {
    const { store } = t.app;
    const users = () => [store.findCollection("users")!];
    // A row written behind the store's back (another tool): the index misses it until rebuilt.
    store.run(
      `INSERT INTO "users" ("id", "email", "tokenKey", "password") VALUES ('outsideaaaaaaaa', 'outside@example.com', 'outside-token-key-aaaaaaaaaaaa', 'x')`,
    );
    expect(await ids(`email ~ "outside@"`)).toEqual([]);
    store.checkSearchIndexes();
    expect(await ids(`email ~ "outside@"`)).toEqual(["outsideaaaaaaaa"]);
    store.run(`DROP TABLE "_search_users"`);
    store.importCollections(users(), false);
    expect(await ids(`email ~ "alice@"`)).toEqual([t.users.alice.id]);
  });
});
