// Test-only: small collections (the real `users` and `stremio`, plus `posts` and `notes` for multi-valued
// fields and escaping), an in-memory node:sqlite database holding them, and helpers that run compiled SQL.
import { DatabaseSync } from "node:sqlite";
import { compileExpression, compileSort } from "./index.ts";
import type { Collection, Field } from "../collection-types.ts";
import type { CompileOptions, RequestInfo } from "./types.ts";

const id: Field = { id: "text3208210256", name: "id", type: "text", system: true, primaryKey: true };
const created: Field = { id: "autodate2990389176", name: "created", type: "autodate", onCreate: true };

const rules = { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };

export const users: Collection = {
  id: "_pb_users_auth_",
  name: "users",
  type: "auth",
  listRule: "id = @request.auth.id",
  viewRule: "id = @request.auth.id",
  createRule:
    '(@request.body.admin:isset = false || @request.body.admin = false) && (@request.body.is_api:isset = false || @request.body.is_api = false) && (@request.body.price:isset = false || @request.body.price = 0) && (@request.body.stripe:isset = false || @request.body.stripe = "")',
  updateRule:
    "id = @request.auth.id && (@request.body.admin:isset = false || @request.body.admin = admin) && (@request.body.is_api:isset = false || @request.body.is_api = is_api) && (@request.body.price:isset = false || @request.body.price = price) && (@request.body.stripe:isset = false || @request.body.stripe = stripe) && (@request.body.plan:isset = false || @request.body.plan = plan)",
  deleteRule: null,
  fields: [
    id,
    { id: "password901924565", name: "password", type: "password", system: true, hidden: true },
    { id: "text2504183744", name: "tokenKey", type: "text", system: true, hidden: true },
    { id: "email3885137012", name: "email", type: "email", system: true },
    { id: "bool1547992806", name: "emailVisibility", type: "bool", system: true },
    { id: "bool256245529", name: "verified", type: "bool", system: true },
    { id: "text1579384326", name: "name", type: "text" },
    { id: "text3713686397", name: "plan", type: "text" },
    { id: "bool2282622326", name: "admin", type: "bool" },
    { id: "bool3781262279", name: "is_api", type: "bool" },
    { id: "number3402113753", name: "price", type: "number" },
    { id: "text2767318106", name: "stripe", type: "text" },
    created,
  ],
  indexes: ["CREATE UNIQUE INDEX `idx_email__pb_users_auth_` ON `users` (`email`) WHERE `email` != ''"],
};

export const stremio: Collection = {
  id: "pbc_3889915199",
  name: "stremio",
  type: "base",
  listRule: "user = @request.auth.id",
  viewRule: "user = @request.auth.id",
  createRule: '@request.auth.id != "" && user = @request.auth.id',
  updateRule:
    "user = @request.auth.id && (@request.body.user:isset = false || @request.body.user = @request.auth.id)",
  deleteRule: null,
  fields: [
    id,
    {
      id: "relation2375276105",
      name: "user",
      type: "relation",
      collectionId: "_pb_users_auth_",
      maxSelect: 1,
    },
    { id: "text3885137012", name: "email", type: "text" },
    { id: "text901924565", name: "password", type: "text" },
    created,
  ],
  indexes: ["CREATE UNIQUE INDEX `idx_stremio_user` ON `stremio` (`user`)"],
};

export const posts: Collection = {
  ...rules,
  id: "pbc_posts",
  name: "posts",
  type: "base",
  fields: [
    id,
    { id: "t1", name: "title", type: "text" },
    { id: "r1", name: "author", type: "relation", collectionId: "_pb_users_auth_", maxSelect: 1 },
    { id: "r2", name: "editors", type: "relation", collectionId: "_pb_users_auth_", maxSelect: 10 },
    { id: "s1", name: "tags", type: "select", values: ["a", "b", "c"], maxSelect: 3 },
    { id: "j1", name: "meta", type: "json" },
    { id: "n1", name: "views", type: "number" },
    { id: "h1", name: "secret", type: "text", hidden: true },
    created,
  ],
  indexes: [],
};

export const notes: Collection = {
  ...rules,
  id: "pbc_notes",
  name: "notes",
  type: "base",
  fields: [id, { id: "t2", name: "body", type: "text" }],
  indexes: [],
};

export const collections = [users, stremio, posts, notes];

const columnType = (field: Field) =>
  field.type === "bool" ? "INTEGER" : field.type === "number" ? "REAL" : "TEXT";

type Row = Record<string, string | number>;

const userRows: Row[] = [
  {
    id: "u1",
    email: "alice@example.com",
    emailVisibility: 0,
    verified: 1,
    name: "Alice",
    plan: "pro",
    admin: 0,
    is_api: 0,
    price: 9.99,
    stripe: "cus_1",
    created: "2024-01-02 03:04:05.000Z",
  },
  {
    id: "u2",
    email: "bob@example.com",
    emailVisibility: 1,
    verified: 0,
    name: "Bob",
    plan: "",
    admin: 0,
    is_api: 0,
    price: 0,
    stripe: "",
    created: "2024-02-02 03:04:05.000Z",
  },
  {
    id: "u3",
    email: "carol@example.com",
    emailVisibility: 0,
    verified: 1,
    name: "Carol",
    plan: "pro",
    admin: 1,
    is_api: 0,
    price: 0,
    stripe: "",
    created: "2025-03-02 03:04:05.000Z",
  },
];

const rows: Record<string, Row[]> = {
  users: userRows.map((row) => ({ password: `$2a$10$hash-${row.id}`, tokenKey: `key-${row.id}`, ...row })),
  stremio: [
    { id: "s1", user: "u1", email: "alice-stremio", password: "pw1", created: "2024-01-03 00:00:00.000Z" },
    { id: "s2", user: "u2", email: "bob-stremio", password: "pw2", created: "2024-01-01 00:00:00.000Z" },
  ],
  posts: [
    {
      id: "p1",
      title: "Hello World",
      author: "u1",
      editors: '["u1","u2"]',
      tags: '["a","b"]',
      meta: '{"x":1,"list":["q"]}',
      views: 10,
      secret: "s",
    },
    {
      id: "p2",
      title: "50% off",
      author: "u2",
      editors: '["u2"]',
      tags: '["b"]',
      meta: "null",
      views: 0,
      secret: "",
    },
    {
      id: "p3",
      title: "under_score",
      author: "",
      editors: "[]",
      tags: "[]",
      meta: '"str"',
      views: 5,
      secret: "",
    },
    {
      id: "p4",
      title: "underXscore",
      author: "u3",
      editors: "[]",
      tags: '["c"]',
      meta: "[1,2]",
      views: 5,
      secret: "",
    },
  ],
  notes: [],
};

/** A fresh in-memory database with every fixture collection as a table, filled with the rows above. */
export function createDb(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  for (const collection of collections) {
    const columns = collection.fields.map(
      (f) => `"${f.name}" ${columnType(f)} NOT NULL DEFAULT ${columnType(f) === "TEXT" ? "''" : "0"}`,
    );
    db.exec(`CREATE TABLE "${collection.name}" (${columns.join(", ")})`);
    for (const row of rows[collection.name] ?? []) insert(db, collection.name, row);
  }
  return db;
}

export function insert(db: DatabaseSync, table: string, row: Row) {
  const keys = Object.keys(row);
  db.prepare(
    `INSERT INTO "${table}" (${keys.map((k) => `"${k}"`).join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`,
  ).run(...Object.values(row));
}

export const findCollection = (idOrName: string) =>
  collections.find((c) => c.id === idOrName || c.name === idOrName);

/** The auth record as the server passes it: stored values decoded, bools as booleans. */
export function authAs(db: DatabaseSync, userId: string): RequestInfo["auth"] {
  const row = db.prepare(`SELECT * FROM "users" WHERE "id" = ?`).get(userId) as Record<string, unknown>;
  const record = Object.fromEntries(
    users.fields.map((f) => [f.name, f.type === "bool" ? row[f.name] === 1 : row[f.name]]),
  );
  return { collection: users, record };
}

export function requestInfo(overrides: Partial<RequestInfo> = {}): RequestInfo {
  return { auth: null, body: {}, query: {}, headers: {}, method: "GET", context: "default", ...overrides };
}

export type RunOptions = Partial<Omit<CompileOptions, "request" | "collection">> & {
  request?: Partial<RequestInfo>;
};

function compileOptions(collection: Collection, options: RunOptions): CompileOptions {
  return {
    collection,
    findCollection,
    alias: "r",
    mode: "rule",
    isSuperuser: false,
    ...options,
    request: requestInfo(options.request),
  };
}

/** Ids of the rows of `collection` matching `expr`, sorted. */
export function matchIds(
  db: DatabaseSync,
  collection: Collection,
  expr: string,
  options: RunOptions = {},
): string[] {
  const where = compileExpression(expr, compileOptions(collection, options));
  const found = db
    .prepare(`SELECT "r"."id" FROM "${collection.name}" "r" WHERE ${where.sql}`)
    .all(...where.params);
  return found.map((row) => String(row.id)).sort();
}

/** Ids of all rows in the order `sort` gives. */
export function sortedIds(
  db: DatabaseSync,
  collection: Collection,
  sort: string,
  options: RunOptions = {},
): string[] {
  const { mode: _mode, ...rest } = compileOptions(collection, options);
  const order = compileSort(sort, rest);
  const found = db
    .prepare(`SELECT "r"."id" FROM "${collection.name}" "r"${order.sql ? ` ORDER BY ${order.sql}` : ""}`)
    .all(...order.params);
  return found.map((row) => String(row.id));
}

/** The stored form of a submitted value (what the server's create does before evaluating the rule). */
function storedValue(field: Field, value: unknown): string | number {
  if (value === undefined || value === null)
    return columnType(field) === "TEXT" ? (field.type === "json" ? "null" : "") : 0;
  if (field.type === "bool")
    return value === true || value === "true" || value === "1" || value === 1 ? 1 : 0;
  if (field.type === "number") return Number(value) || 0;
  if (field.type === "json" || Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * Evaluates `collection.createRule` the way the server does: against a one-row virtual table holding the
 * submitted values (`verified` forced to false, a temporary id), named like the collection.
 */
export function createAllowed(
  db: DatabaseSync,
  collection: Collection,
  body: Record<string, unknown>,
  options: RunOptions = {},
): boolean {
  const values = collection.fields.map((field) => {
    if (field.name === "id") return String(body.id ?? "tmpid000000000x");
    if (field.name === "verified") return 0;
    return storedValue(field, body[field.name]);
  });
  const columns = collection.fields.map((f) => `? AS "${f.name}"`).join(", ");
  const where = compileExpression(
    collection.createRule ?? "",
    compileOptions(collection, { ...options, request: { ...options.request, body } }),
  );
  const statement = `WITH "${collection.name}" AS (SELECT ${columns}) SELECT 1 AS ok FROM "${collection.name}" "r" WHERE ${where.sql}`;
  return db.prepare(statement).all(...values, ...where.params).length === 1;
}
