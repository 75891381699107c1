import { readFileSync, rmSync, writeFileSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaFile } from "./app.ts";
import { fixtureRoot } from "./testing/fixtures.ts";
import { startServerOffThread } from "./testing/worker-server.ts";

// What one request may cost: a body just under the body limit, made as slow as it can be for each
// field type (lists of distinct values, digit runs, deep JSON...), keeps `/api/health` answering
// and is itself answered quickly, with PocketBase's envelope. The server runs on a thread of its
// own, so a request that held it for minutes fails here rather than hanging the run.

const bodyLimit = 1024 * 1024;
/** A body this many bytes long: just under the limit. */
const bodySize = bodyLimit - 4096;

/**
 * Bounds in units of linear work: the time the test's own thread takes, right before the case, to
 * parse and write back a 1 MB JSON list, or the case's body when that is slower (an object of many
 * keys). Linear work on a 1 MB body (reading, parsing, storing, answering) is a few such units,
 * however busy the shared 2-core test machine is; the quadratic and backtracking paths held the
 * server for seconds to hours (hundreds to millions of units).
 */
const bounds = {
  /** The slowest `/api/health` answer while the worst-case body is processed. */
  health: (unit: number) => 100 + 12 * unit,
  /** The whole worst-case request: sent, read, parsed, refused or stored, answered. */
  request: (unit: number) => 250 + 24 * unit,
};
/** Past this, a request or a health check is counted as stuck (the thread is then restarted). */
const stuck = 5000;

/** Distinct short strings, as a JSON list about `bytes` long. */
function distinctStrings(bytes: number): string[] {
  const items: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = i.toString(36);
    items.push(item);
    size += item.length + 3;
  }
  return items;
}

/** `value` repeated to make a string about `bytes` long. */
const repeated = (value: string, bytes: number) => value.repeat(Math.floor(bytes / value.length));

// The app's collections, plus one with every field type, open to anyone.
const everything = {
  id: "pbc_everything00",
  name: "everything",
  type: "base",
  listRule: "",
  viewRule: "",
  createRule: "",
  updateRule: "",
  deleteRule: null,
  fields: [
    {
      id: "text_id",
      name: "id",
      type: "text",
      system: true,
      primaryKey: true,
      required: true,
      min: 15,
      max: 15,
      pattern: "^[a-z0-9]+$",
      autogeneratePattern: "[a-z0-9]{15}",
    },
    { id: "select_tags", name: "tags", type: "select", values: ["a", "b", "c"], maxSelect: 3 },
    { id: "relation_links", name: "links", type: "relation", collectionId: "_pb_users_auth_", maxSelect: 3 },
    { id: "file_files", name: "files", type: "file", maxSelect: 3 },
    { id: "text_text", name: "text", type: "text", max: 0 },
    { id: "json_json", name: "json", type: "json" },
    { id: "number_count", name: "count", type: "number" },
    { id: "bool_flag", name: "flag", type: "bool" },
    { id: "email_email", name: "email", type: "email" },
    { id: "url_url", name: "url", type: "url" },
    { id: "date_date", name: "date", type: "date" },
    { id: "editor_editor", name: "editor", type: "editor" },
  ],
  indexes: [],
};

type Case = {
  name: string;
  method: "POST" | "PATCH";
  /** Path under /api/collections/. */
  path: string;
  body: () => string | URLSearchParams | FormData;
  token?: boolean;
};

const signup = {
  email: "eve@example.com",
  password: "a long password 1",
  passwordConfirm: "a long password 1",
};
const json = (value: unknown) => () => JSON.stringify(value);
const list = distinctStrings(bodySize - 200);
const listBody = JSON.stringify(list);

/** A unit of linear work, now: the median of three parses and writes of `text` (ms; 0 when it cannot be). */
function parseAndWrite(text: string): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    try {
      JSON.stringify(JSON.parse(text));
    } catch {
      return 0; // nested deeper than this thread's stack
    }
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[1]!;
}
const digits = repeated("1", bodySize - 200) + "x";
/** A sign-up (guest, users collection) with `extra` in its body. */
const signupWith = (title: string, extra: Record<string, unknown>): Case => ({
  name: `sign-up: ${title}`,
  method: "POST",
  path: "users/records",
  body: json({ ...signup, plan: "free", price: 0, ...extra }),
});
/** A create (or an update of the stored record) of `everything` with `value` at `key`. */
const everythingWith = (
  title: string,
  key: string,
  value: unknown,
  method: "POST" | "PATCH" = "POST",
): Case => ({
  name: `${method === "POST" ? "create" : "update"}: ${title}`,
  method,
  path: method === "POST" ? "everything/records" : "everything/records/everything00000",
  body: json({ [key]: value }),
});
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const longText = repeated("a", bodySize - 200);

const cases: Case[] = [
  // A single select: PocketBase keeps the last item of a list.
  signupWith("a single select sent a list", { locale: list }),
  signupWith("a single select sent a JSON list in a string", {
    locale: JSON.stringify(distinctStrings(bodySize * 0.7)),
  }),
  signupWith("a list appended to a single select", { "locale+": list }),
  signupWith("a list prepended to a single select", { "+plan": list }),
  signupWith("a number sent a run of digits", { price: digits }),
  signupWith("a run of digits added to a number", { "price+": digits }),
  {
    name: "stremio create: a single relation sent a list",
    method: "POST",
    path: "stremio/records",
    body: json({ user: list }),
    token: true,
  },
  everythingWith("a multiple select sent a list", "tags", list),
  everythingWith("a multiple relation sent a list", "links", list),
  everythingWith("a file list sent a list", "files", list),
  everythingWith("a list appended to a multiple select", "tags+", list, "PATCH"),
  everythingWith("a list prepended to a multiple relation", "+links", list, "PATCH"),
  everythingWith("a list removed from a multiple select", "tags-", list, "PATCH"),
  everythingWith("a list removed from a file list", "files-", list, "PATCH"),
  everythingWith("a long text", "text", longText),
  everythingWith("a long text of emoji", "text", repeated("😀", (bodySize - 200) / 2)),
  everythingWith("json sent a run of digits", "json", digits),
  everythingWith("json sent an unfinished list of digits", "json", "[" + digits),
  everythingWith("json sent a list", "json", list),
  everythingWith(
    "json sent an object of many keys",
    "json",
    Object.fromEntries(distinctStrings(bodySize * 0.6).map((item) => [item, 1])),
  ),
  {
    name: "create: json nested half a million deep",
    method: "POST",
    path: "everything/records",
    body: () => `{"json":${deep((bodySize - 200) / 2)}}`,
  },
  {
    name: "create: json nested 3000 deep",
    method: "POST",
    path: "everything/records",
    body: () => `{"json":${deep(3000)}}`,
  },
  everythingWith("json nested half a million deep in a string", "json", deep((bodySize - 400) / 2)),
  everythingWith("json nested 3000 deep in a string", "json", deep(3000)),
  everythingWith("a number sent a run of digits", "count", digits),
  everythingWith("a number sent a run of decimals", "count", "1." + digits),
  everythingWith("a number sent a long exponent", "count", "1e" + digits),
  everythingWith("a run of digits added to a number", "count+", digits, "PATCH"),
  everythingWith("a bool sent spaces", "flag", repeated(" ", bodySize - 200) + "x"),
  everythingWith("a long email", "email", longText + "@"),
  everythingWith("a long url", "url", "http://" + longText),
  everythingWith("a url of escapes", "url", "http://a/" + repeated("%", bodySize - 200)),
  everythingWith("a date with a long tail", "date", "2026-01-01 " + repeated("0", bodySize - 200)),
  everythingWith("an editor full of tags", "editor", repeated("<p>", bodySize - 200)),
  {
    name: "create: a form of repeated keys",
    method: "POST",
    path: "everything/records",
    body: () => new URLSearchParams(list.slice(0, list.length * 0.6).map((item) => ["tags", item])),
  },
  {
    name: "create: a multipart form of repeated keys",
    method: "POST",
    path: "everything/records",
    body: () => {
      const form = new FormData();
      for (const item of list.slice(0, bodySize / 120)) form.append("links", item);
      return form;
    },
  },
];

let server: { url: string; close: () => Promise<void> };
let token = "";
let folder: string;

/** A fresh server with a user (its token for the stremio case) and one `everything` record. */
async function start() {
  server = await startServerOffThread({ schemaPath: path.join(folder, "schema.json"), bodyLimit });
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}/api/collections/${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<Record<string, unknown>>);
  const user = {
    email: "alice@example.com",
    password: "a long password 1",
    passwordConfirm: "a long password 1",
  };
  await post("users/records", { ...user, plan: "free", price: 0 });
  ({ token } = (await post("users/auth-with-password", {
    identity: user.email,
    password: user.password,
  })) as { token: string });
  await post("everything/records", { id: "everything00000", tags: ["a"] });
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(fixtureRoot, "pb-schema-"));
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as unknown[];
  writeFileSync(path.join(folder, "schema.json"), JSON.stringify([...schema, everything]));
  await start();
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The answer to `send` (or "stuck"), its time, and the slowest `/api/health` answer meanwhile. */
async function measured(send: () => Promise<Response>) {
  const started = performance.now();
  let settled = false;
  const outcome = send()
    .then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }))
    .catch(() => "stuck" as const)
    .finally(() => (settled = true));
  const health: number[] = [];
  // Health checks one after the other for as long as the request runs, as a monitor's would.
  while (!settled) {
    const asked = performance.now();
    const ok = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(stuck) })
      .then((res) => res.ok)
      .catch(() => false);
    health.push(ok ? performance.now() - asked : stuck);
    if (!ok) break;
  }
  const result = await outcome;
  return { result, ms: performance.now() - started, slowestHealth: Math.max(0, ...health) };
}

describe("a worst-case body just under the body limit", () => {
  for (const test of cases) {
    it(test.name, { timeout: 60_000 }, async () => {
      const body = test.body();
      if (typeof body === "string") expect(Buffer.byteLength(body)).toBeLessThan(bodyLimit);
      const unit = Math.max(
        parseAndWrite(listBody),
        typeof body === "string" && body.startsWith("{") ? parseAndWrite(body) : 0,
      );
      const run = await measured(() =>
        fetch(`${server.url}/api/collections/${test.path}`, {
          method: test.method,
          headers: {
            ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
            ...(test.token ? { authorization: token } : {}),
          },
          body,
          signal: AbortSignal.timeout(stuck),
        }),
      );
      // A stuck thread is ended, so the next case starts on a server that answers.
      if (run.result === "stuck" || run.slowestHealth >= stuck) {
        await server.close();
        await start();
      }
      expect(run.result, "answered").not.toBe("stuck");
      expect(run.slowestHealth, `slowest /api/health (ms), unit ${unit} ms`).toBeLessThan(
        bounds.health(unit),
      );
      expect(run.ms, `the request (ms), unit ${unit} ms`).toBeLessThan(bounds.request(unit));
      const { status, body: answer } = run.result as { status: number; body: Record<string, unknown> };
      expect(status).toBeLessThan(500);
      if (status >= 400) expect(Object.keys(answer).sort()).toEqual(["data", "message", "status"]);
    });
  }
});

describe("a list longer than its field allows", () => {
  const send = (method: string, url: string, body: unknown) =>
    fetch(`${server.url}/api/collections/${url}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
  const tooMany = (failure: string, field: string, maxSelect: number) => ({
    status: 400,
    body: {
      data: {
        [field]: {
          code: "validation_too_many_values",
          message: `Select no more than ${maxSelect}.`,
          params: { maxSelect },
        },
      },
      message: failure,
      status: 400,
    },
  });
  const items = (count: number) => Array.from({ length: count }, (_, i) => `item${i}`);

  it("is refused past max(maxSelect, 100) items, before the rule or the record is looked at", async () => {
    const user = {
      email: "frank@example.com",
      password: "a long password 1",
      passwordConfirm: "a long password 1",
    };
    expect(await send("POST", "users/records", { ...user, plan: "free", locale: items(101) })).toEqual(
      tooMany("Failed to create record.", "locale", 1),
    );
    expect(await send("POST", "everything/records", { tags: items(101) })).toEqual(
      tooMany("Failed to create record.", "tags", 3),
    );
    // An update of a record that does not exist: the same answer, so it tells nothing.
    for (const id of ["everything00000", "nothinghere0000"]) {
      for (const key of ["tags+", "+tags", "tags-", "+tags-"]) {
        expect(await send("PATCH", `everything/records/${id}`, { [key]: items(101) })).toEqual(
          tooMany("Failed to update record.", "tags", 3),
        );
      }
    }
    // Up to 100 items, PocketBase's casting: duplicates dropped, a single select keeps the last.
    const kept = await send("POST", "users/records", {
      ...user,
      plan: "free",
      locale: [...Array.from({ length: 99 }, () => "en"), "fr"],
    });
    expect(kept).toMatchObject({ status: 200, body: { locale: "fr" } });
    expect(
      await send("PATCH", "everything/records/everything00000", { "tags+": ["b", "b", "a"] }),
    ).toMatchObject({
      status: 200,
      body: { tags: ["a", "b"] },
    });
  });
});

describe("a body whose parse alone would hold the thread", () => {
  const create = (body: BodyInit, type?: string) =>
    fetch(`${server.url}/api/collections/everything/records`, {
      method: "POST",
      headers: type ? { "content-type": type } : {},
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
  // Answered as a body that cannot be read at all is.
  let unreadable: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    unreadable = await create('{"json":', "application/json");
    expect(unreadable).toMatchObject({ status: 400, body: { data: {} } });
  });
  const keys = (count: number) =>
    JSON.stringify({ json: Object.fromEntries(Array.from({ length: count - 1 }, (_, i) => [`k${i}`, i])) });
  const form = (parts: number) => {
    const body = new FormData();
    body.append("text", "kept");
    for (let i = 1; i < parts; i++) body.append("links", `item${i}`);
    return body;
  };

  it("is refused past 10,000 JSON keys, all levels together, and stored up to it", async () => {
    expect(await create(keys(10_001), "application/json")).toEqual(unreadable);
    const stored = await create(keys(10_000), "application/json");
    expect(stored.status).toBe(200);
    expect(Object.keys(stored.body.json as object)).toHaveLength(9_999);
  });

  it("is refused past 1,000 multipart parts and 10,000 urlencoded pairs, as Go's form readers do", async () => {
    expect(await create(form(1_001))).toEqual(unreadable);
    const pairs = (count: number) =>
      new URLSearchParams([["text", "kept"], ...Array.from({ length: count - 1 }, (_, i) => [`x${i}`, "a"])]);
    expect(await create(pairs(10_001))).toEqual(unreadable);
    // At the limits the body is read: the relation list is then refused for its length, not the
    // form, and keys that are no field are left out.
    expect(await create(form(1_000))).toMatchObject({
      status: 400,
      body: { data: { links: { code: "validation_too_many_values" } } },
    });
    expect(await create(pairs(10_000))).toMatchObject({ status: 200, body: { text: "kept" } });
  });
});
