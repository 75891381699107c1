import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type App, type AppOptions, createApp } from "../app.ts";
import { newRecordToken } from "../core/auth.ts";
import { hashPassword } from "../core/passwords.ts";
import { autogenerate, newRecordData } from "../core/records.ts";
import type { RecordData } from "../core/store.ts";
import { trialEnd } from "../core/billing/state.ts";
import { formatDateTime, nowDateTime } from "../core/values.ts";

/**
 * Where fixture databases live: memory-backed /dev/shm when the machine has it (every write still
 * syncs, but a sync costs nothing there), the system temp folder otherwise.
 */
export const fixtureRoot = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

/** The password of every fixture account. */
export const fixturePassword = "correct horse 1";

let cachedHash: Promise<string> | undefined;
/** One bcrypt hash shared by all fixture accounts (hashing is the slow part of seeding). */
function fixtureHash() {
  cachedHash ??= hashPassword(fixturePassword);
  return cachedHash;
}

// A response body of any shape, which each test reads field by field as the API documents it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Response = { status: number; text: string; json: any; headers: Headers };

export type TestApp = {
  app: App;
  dataDir: string;
  users: { alice: RecordData; bob: RecordData; admin: RecordData };
  superuser: RecordData;
  stremio: { alice: RecordData; bob: RecordData };
  tokens: { alice: string; bob: string; admin: string; superuser: string };
  /** Inserts a record directly (every field defaulted, `password` hashed with the fixture hash). */
  seed: (collection: string, data: RecordData) => Promise<RecordData>;
  request: (
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<Response>;
  close: () => Promise<void>;
};

/**
 * A fresh server in-process with PocketBase-test-style data: alice (free plan, verified), bob
 * (paid, with a stripe id), an `admin` user, a superuser, and one stremio record each for alice and bob.
 */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-fixture-"));
  const app = createApp({ rateLimits: false, log: () => {}, ...options, dataDir });
  const hash = await fixtureHash();

  const insert = (name: string, data: RecordData) => {
    const collection = app.store.findCollection(name)!;
    const record = { ...newRecordData(collection), ...data };
    if (collection.type === "auth" && !data.password) record.password = hash;
    autogenerate(collection, record);
    for (const field of collection.fields)
      if (field.type === "autodate" && !data[field.name]) record[field.name] = nowDateTime();
    app.store.insert(collection, record);
    return app.store.findById(collection, String(record.id))!;
  };
  const seed = async (name: string, data: RecordData) => insert(name, data);

  // One transaction: one disk sync for the whole fixture instead of one per record.
  // Alice and the admin are in their trial; Bob pays monthly through Stripe.
  const trialEnds = formatDateTime(trialEnd(new Date()));
  const { alice, bob, admin, superuser, stremioAlice, stremioBob } = app.store.transaction(() => {
    const alice = insert("users", {
      id: "aliceaaaaaaaaaa",
      email: "alice@example.com",
      name: "Alice",
      verified: true,
      plan: "free",
      locale: "en",
      trial_ends: trialEnds,
    });
    const bob = insert("users", {
      id: "bobbbbbbbbbbbbb",
      email: "bob@example.com",
      emailVisibility: true,
      name: "Bob",
      plan: "paid",
      is_monthly: true,
      price: 4.99,
      stripe: "cus_bob",
      locale: "fr",
    });
    insert("subscriptions", {
      user: bob.id,
      customer: "cus_bob",
      subscription: "sub_bob",
      status: "active",
      interval: "month",
      current_period_end: formatDateTime(new Date(Date.now() + 20 * 24 * 60 * 60 * 1000)),
    });
    const admin = insert("users", {
      id: "adminaaaaaaaaaa",
      email: "admin@example.com",
      name: "Ada Admin",
      verified: true,
      admin: true,
      plan: "free",
      price: 0,
      trial_ends: trialEnds,
    });
    const superuser = insert("_superusers", {
      id: "rootrootrootroo",
      email: "root@example.com",
      verified: true,
    });
    const stremioAlice = insert("stremio", {
      id: "stremioalice000",
      user: alice.id,
      email: "alice_x1@lumen.stream",
      password: "p1",
      field: "active",
    });
    const stremioBob = insert("stremio", {
      id: "stremiobob00000",
      user: bob.id,
      email: "bob_x2@lumen.stream",
      password: "p2",
      field: "active",
    });
    return { alice, bob, admin, superuser, stremioAlice, stremioBob };
  });

  const users = app.store.findCollection("users")!;
  const token = (record: RecordData, name = "users") =>
    newRecordToken(app.store, name === "users" ? users : app.store.findCollection(name)!, record, "auth");

  return {
    app,
    dataDir,
    users: { alice, bob, admin },
    superuser,
    stremio: { alice: stremioAlice, bob: stremioBob },
    tokens: {
      alice: token(alice),
      bob: token(bob),
      admin: token(admin),
      superuser: token(superuser, "_superusers"),
    },
    seed,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      if (options.token) headers.authorization = options.token;
      const res = await app.fetch(new Request(`http://localhost${url}`, { method, headers, body }));
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, text, json, headers: res.headers };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
