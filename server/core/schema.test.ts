import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { siteConfig } from "#shared/site-config.ts";
import { schemaFile } from "../app.ts";
import { newRecordData } from "./records.ts";
import { ruleSql } from "./rules.ts";
import { normalizeCollection, SchemaError } from "./schema.ts";
import { type Collection, parseIndex } from "./collection-types.ts";
import { Store } from "./store.ts";

const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Collection[];
const users = schema.find((c) => c.name === "users")!;
const stremio = schema.find((c) => c.name === "stremio")!;

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "schema-"));
  store = Store.open(dir);
  store.importCollections(schema, false);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const guest = {
  isSuperuser: false,
  request: { auth: null, body: {}, query: {}, headers: {}, method: "POST", context: "default" },
};

/** Whether a guest's sign-up with these values passes the users createRule (evaluated like on create). */
function createRuleAccepts(values: Record<string, unknown>) {
  const collection = store.findCollection("users")!;
  const row = { ...newRecordData(collection), id: "__temp_id__", ...values };
  return store.matchesVirtualRow(collection, row, ruleSql(store, collection, collection.createRule!, guest));
}

describe("pocketbase/pb_schema.json", () => {
  it("has every `users` field of docs/api.md with a stable id and the chosen type", () => {
    const types = Object.fromEntries(users.fields.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      email: "email",
      emailVisibility: "bool",
      verified: "bool",
      password: "password",
      name: "text",
      affiliate_code: "text",
      plan: "select",
      newsletter: "bool",
      is_monthly: "bool",
      admin: "bool",
      is_api: "bool",
      price: "number",
      stripe: "text",
      stremio_username: "text",
      locale: "select",
      avatar: "file",
      created: "autodate",
      updated: "autodate",
    });
    for (const collection of schema)
      for (const field of collection.fields) expect(field.id).toMatch(/^[a-z]+\d+$/);
    expect(users.id).toBe("_pb_users_auth_");
    expect(stremio.id).toBe("pbc_3889915199");
    expect(Object.fromEntries(stremio.fields.map((f) => [f.name, f.type]))).toMatchObject({
      user: "relation",
      email: "text",
      password: "text",
      field: "text",
    });
    const relation = stremio.fields.find((f) => f.name === "user")!;
    expect(relation).toMatchObject({
      collectionId: "_pb_users_auth_",
      required: true,
      cascadeDelete: true,
      maxSelect: 1,
    });
  });

  it("accepts exactly the plan prices of shared/site-config.ts", () => {
    const { monthly, yearly } = siteConfig.plans.paid;
    // The rule states the prices literally: keep them equal to the site's.
    expect(users.createRule).toContain(`price = ${monthly}`);
    expect(users.createRule).toContain(`price = ${yearly}`);
    const prices = [0, monthly, yearly, 1, 5, 50];
    for (const plan of ["free", "paid", ""]) {
      for (const is_monthly of [true, false]) {
        for (const price of prices) {
          const expected =
            (plan === "free" && price === 0) ||
            (plan === "paid" && is_monthly && price === monthly) ||
            (plan === "paid" && !is_monthly && price === yearly);
          expect(createRuleAccepts({ plan, is_monthly, price }), `${plan} ${is_monthly} ${price}`).toBe(
            expected,
          );
        }
      }
    }
  });

  it("refuses privileged values at sign-up whatever the plan", () => {
    const base = { plan: "free", price: 0 };
    expect(createRuleAccepts(base)).toBe(true);
    expect(createRuleAccepts({ ...base, admin: true })).toBe(false);
    expect(createRuleAccepts({ ...base, is_api: true })).toBe(false);
    expect(createRuleAccepts({ ...base, stripe: "cus_1" })).toBe(false);
  });

  it("loads into a real-PocketBase-shaped definition: system fields, unique indexes, secrets", () => {
    const loaded = store.findCollection("users")!;
    expect(loaded.fields.slice(0, 6).map((f) => f.name)).toEqual([
      "id",
      "password",
      "tokenKey",
      "email",
      "emailVisibility",
      "verified",
    ]);
    expect(parseIndex(loaded.indexes.find((i) => i.includes("email"))!)).toMatchObject({
      unique: true,
      columns: [{ name: "email", collate: "NOCASE" }],
      where: "`email` != ''",
    });
    const secret = store.secret(loaded, "authToken");
    expect(secret).toMatch(/^[a-zA-Z0-9]{50}$/);
    expect(store.findCollection("pbc_3142635823")?.name).toBe("_superusers");
    // Secrets stay across restarts and re-imports.
    store.close();
    store = Store.open(dir);
    store.importCollections(schema, false);
    expect(store.secret(store.findCollection("users")!, "authToken")).toBe(secret);
  });

  it("compiles every rule", () => {
    for (const collection of schema) {
      for (const key of ["listRule", "viewRule", "createRule", "updateRule", "deleteRule"] as const) {
        const rule = collection[key];
        if (rule)
          expect(() => ruleSql(store, store.findCollection(collection.name)!, rule, guest)).not.toThrow();
      }
    }
  });
});

describe("importing collections", () => {
  it("adds new fields as columns and renames fields by id, keeping the data", () => {
    const collection = store.findCollection("stremio")!;
    store.insert(collection, { ...newRecordData(collection), id: "s1", field: "active", user: "" });
    const renamed = structuredClone(stremio);
    renamed.fields.find((f) => f.name === "field")!.name = "status";
    renamed.fields.push({ id: "bool1", name: "enabled", type: "bool" });
    store.importCollections([renamed], false);
    const updated = store.findCollection("stremio")!;
    expect(store.findById(updated, "s1")).toMatchObject({ status: "active", enabled: false });
  });

  it("refuses invalid definitions without touching the database", () => {
    expect(() => store.importCollections([{ name: "bad name", type: "base" }], false)).toThrow(SchemaError);
    expect(() => store.importCollections([{ ...stremio, type: "auth" }], false)).toThrow(/type/);
    expect(() =>
      store.importCollections(
        [{ name: "x", type: "base", fields: [{ name: "r", type: "relation", collectionId: "nope" }] }],
        false,
      ),
    ).toThrow(/unknown collection/);
    expect(store.findCollection("x")).toBeUndefined();
  });

  it("gives generated ids like PocketBase", () => {
    const collection = normalizeCollection({
      name: "stremio",
      type: "base",
      fields: [{ name: "field", type: "text" }],
    });
    expect(collection.id).toBe("pbc_3889915199");
    expect(collection.fields.map((f) => f.id)).toEqual(["text3208210256", "text1542800728"]);
  });

  it("drops missing non-system collections with deleteMissing", () => {
    store.importCollections([users], true);
    expect(store.findCollection("stremio")).toBeUndefined();
    expect(store.findCollection("_superusers")).toBeDefined();
  });
});
