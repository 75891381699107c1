import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import PocketBase, { ClientResponseError } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { configFromEnv } from "../config.ts";
import { logId, RequestLogs } from "../core/request-logs.ts";
import { fixtureRoot } from "../testing/fixtures.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { maskUrl } from "./logs.ts";
import { rejection } from "../testing/sdk.ts";

// Request logs end to end: the real server on a real port, read back with the official SDK's
// `pb.logs` as PocketBase's dashboard and tools do.

const password = "a good password";
let server: TestServer;
let root: PocketBase;
let user: PocketBase;

async function superuserOf(target: TestServer) {
  await runSuperuserCommand(target.dataDir, ["upsert", "root@lumen.example", "super secret 1"]);
  const pb = new PocketBase(target.url);
  await pb.collection("_superusers").authWithPassword("root@lumen.example", "super secret 1");
  return pb;
}

beforeAll(async () => {
  server = await startServer();
  root = await superuserOf(server);
  user = new PocketBase(server.url);
  await user
    .collection("users")
    .create({ email: "logged@example.com", password, passwordConfirm: password, plan: "free" });
  await user.collection("users").authWithPassword("logged@example.com", password);
});
afterAll(() => server.close());

/** The logs of the requests sent with user agent `agent`, oldest first. */
async function logsOf(pb: PocketBase, agent: string) {
  const list = await pb.logs.getList(1, 100, { filter: `data.userAgent = "${agent}"`, sort: "@rowid" });
  return list.items;
}

describe("every API request is logged", () => {
  it("with PocketBase's fields", async () => {
    const res = await fetch(`${server.url}/api/health`, {
      headers: { "user-agent": "logs-fields", referer: "https://lumen.example/account" },
    });
    expect(res.status).toBe(200);
    const [log, ...more] = await logsOf(root, "logs-fields");
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      message: "GET /api/health",
      level: 0,
      data: {
        type: "request",
        method: "GET",
        url: "/api/health",
        status: 200,
        auth: "",
        authId: "",
        userIP: "127.0.0.1",
        remoteIP: "127.0.0.1",
        referer: "https://lumen.example/account",
        userAgent: "logs-fields",
      },
    });
    expect(log!.id).toMatch(/^[a-z0-9]{15}$/);
    expect(log!.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof log!.data.execTime).toBe("number");
    expect(log!.data.execTime).toBeGreaterThanOrEqual(0);
    expect(await root.logs.getOne(log!.id)).toEqual(log);
  });

  it("errors at level 8 (error) with PocketBase's error message", async () => {
    await fetch(`${server.url}/api/collections/nope/records`, { headers: { "user-agent": "logs-error" } });
    const [log] = await logsOf(root, "logs-error");
    expect(log).toMatchObject({
      message: "GET /api/collections/nope/records",
      level: 8,
      data: { status: 404, error: "Missing collection context." },
    });
  });

  it("without secrets: query values of tokens and passwords, JWTs, bodies and the Authorization header", async () => {
    const jwt = root.authStore.token;
    const res = await fetch(
      `${server.url}/api/health?token=tok-secret-1&password=hunter2-secret&apiKey=key-secret&x=visible&t=${jwt}`,
      {
        headers: {
          "user-agent": "logs-masking",
          authorization: "Bearer auth-header-secret",
          referer: "https://lumen.example/confirm?token=referer-secret#frag-secret",
        },
      },
    );
    expect(res.status).toBe(200);
    await fetch(`${server.url}/api/collections/users/auth-with-password`, {
      method: "POST",
      headers: { "user-agent": "logs-masking", "content-type": "application/json" },
      body: JSON.stringify({ identity: "logged@example.com", password: "body-secret-pass" }),
    });
    const logs = await logsOf(root, "logs-masking");
    expect(logs).toHaveLength(2);
    const text = JSON.stringify(logs);
    for (const secret of ["secret", jwt, "hunter2", "body-secret-pass"]) expect(text).not.toContain(secret);
    expect(logs[0]!.data.url).toBe("/api/health?token=*****&password=*****&apiKey=*****&x=visible&t=*****");
    expect(logs[0]!.message).toBe(`GET ${logs[0]!.data.url}`);
    expect(logs[0]!.data.referer).toBe("https://lumen.example/confirm?token=*****");
  });

  it("masks secret-like names whatever their case or encoding", () => {
    expect(maskUrl("/api/x?PassWord=a&old%50assword=b&resetToken=c&q=d&flag")).toBe(
      "/api/x?PassWord=*****&old%50assword=*****&resetToken=*****&q=d&flag",
    );
  });

  it("with the auth record: a user's id, a superuser's", async () => {
    await user.collection("users").getList(1, 1, { headers: { "user-agent": "logs-user" } });
    const [log] = await logsOf(root, "logs-user");
    expect(log!.data).toMatchObject({ auth: "users", authId: user.authStore.record!.id, status: 200 });

    await root.health.check({ headers: { "user-agent": "logs-root" } });
    const [rootLog] = await logsOf(root, "logs-root");
    expect(rootLog!.data).toMatchObject({ auth: "_superusers", authId: root.authStore.record!.id });
  });

  it("reading the logs is not logged, but a refused read is", async () => {
    await root.logs.getList(1, 1, { headers: { "user-agent": "logs-read" } });
    await root.logs.getStats({ headers: { "user-agent": "logs-read" } });
    await rejection(user.logs.getList(1, 1, { headers: { "user-agent": "logs-read" } }));
    const logs = await logsOf(root, "logs-read");
    expect(logs.map((log) => [log.data.url, log.data.status])).toEqual([["/api/logs?page=1&perPage=1", 403]]);
  });

  it("the client IP ignores X-Forwarded-For without TRUST_PROXY", async () => {
    await fetch(`${server.url}/api/health`, {
      headers: { "user-agent": "logs-no-proxy", "x-forwarded-for": "203.0.113.9, 198.51.100.7" },
    });
    const [log] = await logsOf(root, "logs-no-proxy");
    expect(log!.data).toMatchObject({ userIP: "127.0.0.1", remoteIP: "127.0.0.1" });
  });

  it("the client IP is the last X-Forwarded-For hop with TRUST_PROXY, as the rate limiter sees it", async () => {
    const proxied = await startServer({ trustProxy: true });
    try {
      const pb = await superuserOf(proxied);
      await fetch(`${proxied.url}/api/health`, {
        headers: { "user-agent": "logs-proxy", "x-forwarded-for": "203.0.113.9, 198.51.100.7" },
      });
      const [log] = await logsOf(pb, "logs-proxy");
      expect(log!.data).toMatchObject({ userIP: "198.51.100.7", remoteIP: "127.0.0.1" });
    } finally {
      await proxied.close();
    }
  });
});

describe("GET /api/logs", () => {
  beforeAll(async () => {
    for (const url of ["/api/health", "/api/nope", "/api/health?a=1", "/api/nope2"]) {
      await fetch(`${server.url}${url}`, { headers: { "user-agent": "logs-list" } });
    }
  });

  it("filters on level, message and data.*", async () => {
    const errors = await root.logs.getList(1, 10, { filter: `data.userAgent = "logs-list" && level > 0` });
    expect(errors.items.map((log) => log.data.url).sort()).toEqual(["/api/nope", "/api/nope2"]);
    const health = await root.logs.getList(1, 100, {
      filter: `data.userAgent = "logs-list" && message ~ "health" && data.status = 200`,
    });
    expect(health.items).toHaveLength(2);
  });

  it("sorts, paginates and counts", async () => {
    const page = await root.logs.getList(1, 3, {
      filter: `data.userAgent = "logs-list"`,
      sort: "-data.url,id",
    });
    expect(page).toMatchObject({ page: 1, perPage: 3, totalItems: 4, totalPages: 2 });
    expect(page.items.map((log) => log.data.url)).toEqual(["/api/nope2", "/api/nope", "/api/health?a=1"]);
    const second = await root.logs.getList(2, 3, {
      filter: `data.userAgent = "logs-list"`,
      sort: "-data.url",
    });
    expect(second.items.map((log) => log.data.url)).toEqual(["/api/health"]);
    const skipped = await root.logs.getList(1, 3, {
      filter: `data.userAgent = "logs-list"`,
      skipTotal: true,
    });
    expect(skipped).toMatchObject({ totalItems: -1, totalPages: -1 });
  });

  it("refuses bad filters and sorts with PocketBase's 400", async () => {
    for (const options of [
      { filter: "level >" },
      { filter: "password = 1" },
      { filter: `@request.method = "GET"` },
      { filter: `@collection.users.email != ""` },
      { sort: "nope" },
    ]) {
      const error = await rejection(root.logs.getList(1, 1, options));
      expect(error.status, JSON.stringify(options)).toBe(400);
      expect(error.response).toEqual({
        data: {},
        message: "Something went wrong while processing your request.",
        status: 400,
      });
    }
  });

  it("404 for an unknown id", async () => {
    const error = await rejection(root.logs.getOne("nope"));
    expect(error.status).toBe(404);
    expect(error.response.message).toBe("The requested resource wasn't found.");
  });
});

describe("GET /api/logs/stats", () => {
  it("counts per hour, with a filter", async () => {
    for (const created of [
      "2020-03-01 10:05:00.000Z",
      "2020-03-01 10:59:59.999Z",
      "2020-03-01 12:00:00.000Z",
    ]) {
      server.app.logs.add({ created, level: 0, message: "stats-probe", data: { type: "request" } });
    }
    const stats = await root.logs.getStats({ filter: `message = "stats-probe"` });
    expect(stats).toEqual([
      { date: "2020-03-01 10:00:00.000Z", total: 2 },
      { date: "2020-03-01 12:00:00.000Z", total: 1 },
    ]);
    const all = await root.logs.getStats();
    expect(all.reduce((sum, item) => sum + item.total, 0)).toBeGreaterThan(3);
  });

  it("400 Invalid filter format.", async () => {
    const error = await rejection(root.logs.getStats({ filter: "nope = 1" }));
    expect(error.status).toBe(400);
    expect(error.response.message).toBe("Invalid filter format.");
  });
});

describe("superusers only", () => {
  const reads = (pb: PocketBase) => [pb.logs.getList(1, 1), pb.logs.getOne("x"), pb.logs.getStats()];

  it("guests: 401", async () => {
    for (const read of reads(new PocketBase(server.url))) {
      const error = await rejection(read);
      expect(error.status).toBe(401);
      expect(error.response.message).toBe("The request requires valid record authorization token.");
    }
  });

  it("users: 403", async () => {
    for (const read of reads(user)) {
      const error = await rejection(read);
      expect(error.status).toBe(403);
      expect(error.response.message).toBe("The authorized record is not allowed to perform this action.");
    }
  });
});

describe("storage", () => {
  it("a separate file: the main database has no logs, and a locked log file fails no request", async () => {
    const locker = new DatabaseSync(path.join(server.dataDir, "auxiliary.db"));
    locker.exec("BEGIN EXCLUSIVE");
    try {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.url}/api/collections/users/records`, {
          headers: { "user-agent": "logs-locked" },
        });
        expect(res.status).toBe(200);
      }
      expect(server.app.logs.flush()).toBe(false);
      expect(server.app.logs.pending).toBeGreaterThanOrEqual(5);
    } finally {
      locker.exec("ROLLBACK");
      locker.close();
    }
    // Kept in memory meanwhile, written once the file is free.
    expect(server.app.logs.flush()).toBe(true);
    expect(await logsOf(root, "logs-locked")).toHaveLength(5);
    expect(server.app.store.get(`SELECT name FROM sqlite_master WHERE name = '_logs'`)).toBeUndefined();
  });

  it("LOGS_MAX_DAYS=0 records nothing", async () => {
    const quiet = await startServer({ logsMaxDays: 0 });
    try {
      const pb = await superuserOf(quiet);
      await fetch(`${quiet.url}/api/health`, { headers: { "user-agent": "logs-off" } });
      expect(await pb.logs.getList(1, 10)).toMatchObject({ totalItems: 0, items: [] });
    } finally {
      await quiet.close();
    }
  });

  it("LOGS_MAX_DAYS is read from the environment (default 5)", () => {
    expect(configFromEnv({}).logsMaxDays).toBe(5);
    expect(configFromEnv({ LOGS_MAX_DAYS: "0" }).logsMaxDays).toBe(0);
    expect(configFromEnv({ LOGS_MAX_DAYS: "30" }).logsMaxDays).toBe(30);
    expect(() => configFromEnv({ LOGS_MAX_DAYS: "-1" })).toThrow(/LOGS_MAX_DAYS/);
    expect(() => configFromEnv({ LOGS_MAX_DAYS: "1.5" })).toThrow(/LOGS_MAX_DAYS/);
  });
});

describe("retention", () => {
  const now = new Date("2026-06-10T12:00:00.000Z");
  const entries = [
    ["old", "2026-06-04 12:00:00.000Z"],
    ["edge", "2026-06-05 12:00:00.000Z"],
    ["kept", "2026-06-05 12:00:00.001Z"],
    ["recent", "2026-06-10 11:00:00.000Z"],
  ];

  async function withLogs(fn: (dataDir: string) => unknown) {
    const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-logs-"));
    try {
      await fn(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const messages = (logs: RequestLogs) =>
    logs.all(`SELECT "message" FROM "_logs" ORDER BY "created"`).map((row) => row.message);

  it("prunes the logs older than LOGS_MAX_DAYS days", async () => {
    await withLogs((dataDir) => {
      const logs = new RequestLogs(dataDir, { maxDays: 5, now: () => now });
      for (const [message, created] of entries) logs.add({ created, message: message!, level: 0, data: {} });
      expect(logs.flush()).toBe(true);
      expect(logs.prune(now)).toBe(2);
      expect(messages(logs)).toEqual(["kept", "recent"]);
      // A day later, `kept` is past the limit too.
      expect(logs.prune(new Date("2026-06-11T12:00:00.000Z"))).toBe(1);
      expect(messages(logs)).toEqual(["recent"]);
      logs.close();
    });
  });

  it("prunes at start, and everything when logging is off", async () => {
    await withLogs((dataDir) => {
      const first = new RequestLogs(dataDir, { maxDays: 30, now: () => now });
      for (const [message, created] of entries) first.add({ created, message: message!, level: 0, data: {} });
      first.close();
      const second = new RequestLogs(dataDir, { maxDays: 5, now: () => now });
      expect(messages(second)).toEqual(["kept", "recent"]);
      second.close();
      const off = new RequestLogs(dataDir, { maxDays: 0, now: () => now });
      expect(off.enabled).toBe(false);
      off.add({ message: "ignored", level: 0, data: {} });
      expect(messages(off)).toEqual([]);
      off.close();
    });
  });

  it("writes a full batch right away, and flushes on close", async () => {
    await withLogs(async (dataDir) => {
      const logs = new RequestLogs(dataDir, { batchSize: 3, flushInterval: 60_000 });
      for (let i = 0; i < 3; i++) logs.add({ message: `m${i}`, level: 0, data: {} });
      await new Promise((resolve) => setImmediate(resolve));
      expect(logs.pending).toBe(0);
      logs.add({ message: "m3", level: 0, data: {} });
      expect(logs.pending).toBe(1);
      logs.close();
      const reopened = new RequestLogs(dataDir);
      expect(messages(reopened)).toHaveLength(4);
      reopened.close();
    });
  });
});

describe("log ids", () => {
  it("are PocketBase ids in time order, unique also within one millisecond", () => {
    const now = Date.parse("2026-11-25T02:40:00.000Z");
    const ids = [
      ...Array.from({ length: 50_000 }, () => logId(now)),
      ...Array.from({ length: 3 }, (_, i) => logId(now + 1 + i)),
    ];
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // In order across milliseconds, whatever the counter says.
    expect(ids.at(-3)! > ids[0]!).toBe(true);
    expect([...ids.slice(-3)].sort()).toEqual(ids.slice(-3));
  });
});
