import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { configFromEnv } from "../config.ts";
import { logId, maxEntryData, RequestLogs } from "../core/request-logs.ts";
import { createTestApp, fixtureRoot, type TestApp } from "../testing/fixtures.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { logFieldLimits, maskUrl } from "./logs.ts";
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
    expect(maskUrl("/api/x?pw=a&pwd=b&new_pw=c&passwd=d&p%61ssword=e&p%2561ss=f&q=g")).toBe(
      "/api/x?pw=*****&pwd=*****&new_pw=*****&passwd=*****&p%61ssword=*****&p%2561ss=*****&q=g",
    );
  });

  it("masks after decoding: a JWT percent-encoded (once or twice) in the path or the query", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJpZCI6InUxIn0.c2lnbmF0dXJl";
    const encoded = [...jwt].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join("");
    const twice = encoded.replaceAll("%", "%25");
    expect(maskUrl(`/api/files/${encoded}/x`)).toBe("/api/files/*****/x");
    expect(maskUrl(`/api/x?t=${encoded}&q=1`)).toBe("/api/x?t=*****&q=1");
    expect(maskUrl(`/api/x?t=${twice}`)).toBe("/api/x?t=*****");
    expect(maskUrl(`/api/x?${encoded}`)).toBe("/api/x?*****");
    // A URL inside a value, with its own secret parameter.
    expect(maskUrl("/api/x?redirect=%2Fconfirm%3Ftoken%3Dabc&next=%2Fhome%3Fq%3D1")).toBe(
      "/api/x?redirect=*****&next=%2Fhome%3Fq%3D1",
    );
    // An escape that does not decode stays as it is, and what is harmless keeps its encoding.
    expect(maskUrl("/api/x%ZZ/caf%C3%A9?q=%E0%A4%A&r=a%20b")).toBe("/api/x%ZZ/caf%C3%A9?q=%E0%A4%A&r=a%20b");
  });

  it("stores a percent-encoded JWT, and pw or pwd values, masked in the URL and the message", async () => {
    const jwt = root.authStore.token;
    const encoded = [...jwt].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join("");
    for (const url of [
      `/api/health?t=${encoded}&pw=pw-secret&pwd=pwd-secret&p%61ssword=encoded-secret`,
      `/api/nope/${encoded}`,
    ]) {
      await fetch(`${server.url}${url}`, { headers: { "user-agent": "logs-encoded" } });
    }
    const logs = await logsOf(root, "logs-encoded");
    expect(logs.map((log) => [log.message, log.data.url])).toEqual([
      [
        "GET /api/health?t=*****&pw=*****&pwd=*****&password=*****",
        "/api/health?t=*****&pw=*****&pwd=*****&p%61ssword=*****",
      ],
      ["GET /api/nope/*****", "/api/nope/*****"],
    ]);
    const text = JSON.stringify(logs);
    for (const secret of [jwt, jwt.split(".")[1]!, encoded.slice(0, 60), "secret"])
      expect(text).not.toContain(secret);
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

  it("LOGS_MAX_ROWS is read from the environment (default 100,000)", () => {
    expect(configFromEnv({}).logsMaxRows).toBe(100_000);
    expect(configFromEnv({ LOGS_MAX_ROWS: "5000" }).logsMaxRows).toBe(5000);
    expect(() => configFromEnv({ LOGS_MAX_ROWS: "0" })).toThrow(/LOGS_MAX_ROWS/);
    expect(() => configFromEnv({ LOGS_MAX_ROWS: "lots" })).toThrow(/LOGS_MAX_ROWS/);
  });
});

describe("a flood of requests", { timeout: 60_000 }, () => {
  const big = "x".repeat(8192);
  /** `count` requests with an 8 KB query, user agent and referer each. */
  async function flood(t: TestApp, count: number, first = 0) {
    for (let i = first; i < first + count; i++) {
      const res = await t.request("GET", `/api/health?q=${big}&i=${i}`, {
        headers: { "user-agent": `flood-${i} ${big}`, referer: `https://lumen.example/${big}` },
      });
      expect(res.status).toBe(200);
    }
    t.app.logs.flush();
  }
  const fileSize = (t: TestApp) => statSync(path.join(t.dataDir, "auxiliary.db")).size;
  /** The log file with its write-ahead log, as the disk holds it. */
  const diskSize = (t: TestApp) => {
    const wal = path.join(t.dataDir, "auxiliary.db-wal");
    return fileSize(t) + (existsSync(wal) ? statSync(wal).size : 0);
  };
  const rowCount = (t: TestApp) => Number(t.app.logs.all(`SELECT count(*) AS "n" FROM "_logs"`)[0]!.n);

  it("stores a few KB per request whatever it sends: each field cut to its limit", async () => {
    const t = await createTestApp();
    try {
      t.app.logs.all("PRAGMA wal_checkpoint(TRUNCATE)");
      const before = fileSize(t);
      await flood(t, 3000);
      t.app.logs.all("PRAGMA wal_checkpoint(TRUNCATE)");
      // 8 KB of query, user agent and referer each: under 6 KB on disk, indexes included.
      expect((fileSize(t) - before) / 3000).toBeLessThan(6 * 1024);
      const [longest] = t.app.logs.all(
        `SELECT max(length("data")) AS "data", max(length("message")) AS "message" FROM "_logs"`,
      );
      expect(Number(longest!.data)).toBeLessThanOrEqual(maxEntryData);
      expect(Number(longest!.message)).toBe(logFieldLimits.message);
      const [log] = t.app.logs.all(`SELECT "data" FROM "_logs" WHERE "data" LIKE '%flood-2999 %'`);
      const data = JSON.parse(String(log!.data));
      expect(data.url).toHaveLength(logFieldLimits.url);
      expect(data.userAgent).toHaveLength(logFieldLimits.userAgent);
      expect(data.referer).toHaveLength(logFieldLimits.referer);
    } finally {
      await t.close();
    }
  });

  it("keeps at most LOGS_MAX_ROWS logs, dropping the oldest: the file stops growing", async () => {
    const t = await createTestApp({ logsMaxRows: 500 });
    try {
      let plateau = 0;
      for (let round = 0; round < 6; round++) {
        await flood(t, 500, round * 500);
        expect(rowCount(t)).toBe(500);
        if (round === 1) plateau = diskSize(t);
      }
      expect(diskSize(t)).toBeLessThanOrEqual(plateau * 1.2);
      // The newest 500 are the ones kept.
      const agents = t.app.logs
        .all(`SELECT "data" FROM "_logs" ORDER BY rowid`)
        .map((row) => String(JSON.parse(String(row.data)).userAgent).split(" ")[0]);
      expect([agents[0], agents.at(-1)]).toEqual(["flood-2500", "flood-2999"]);
    } finally {
      await t.close();
    }
  });

  it("never fails a request when the log file is full: one line on stderr, then logging resumes", async () => {
    const t = await createTestApp();
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await flood(t, 10);
      // SQLite's own "database or disk is full", as a full disk gives it.
      const pages = Number(t.app.logs.all("PRAGMA page_count")[0]!.page_count);
      t.app.logs.all(`PRAGMA max_page_count = ${pages}`);
      await flood(t, 300, 10);
      expect(t.app.logs.flush()).toBe(false);
      const signUp = await t.request("POST", "/api/collections/users/records", {
        body: {
          email: "full-disk@example.com",
          password: "a good password",
          passwordConfirm: "a good password",
          plan: "free",
        },
      });
      expect(signUp.status).toBe(200);
      expect(
        (await t.request("GET", "/api/collections/users/records", { token: t.tokens.alice })).status,
      ).toBe(200);
      expect(t.app.logs.flush()).toBe(false);
      expect(stderr.mock.calls.map((call) => call.join(" "))).toEqual([
        "Cannot write request logs (will retry): database or disk is full",
      ]);

      t.app.logs.all("PRAGMA max_page_count = 1073741823");
      expect(t.app.logs.flush()).toBe(true);
      expect(stderr.mock.calls.at(-1)).toEqual(["Request logs written again."]);
      // Every request of the meantime: 10, 300, the sign-up and the list.
      expect(rowCount(t)).toBe(312);
    } finally {
      stderr.mockRestore();
      await t.close();
    }
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

  it("a lower LOGS_MAX_ROWS at start drops the oldest logs beyond it", async () => {
    await withLogs(async (dataDir) => {
      const first = new RequestLogs(dataDir);
      for (let i = 0; i < 30; i++) first.add({ message: `m${i}`, level: 0, data: {} });
      first.close();
      const second = new RequestLogs(dataDir, { maxRows: 10 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(second.all(`SELECT "message" FROM "_logs" ORDER BY rowid`).map((row) => row.message)).toEqual(
        Array.from({ length: 10 }, (_, i) => `m${20 + i}`),
      );
      second.close();
    });
  });

  it("cuts any entry's long strings: a mail error echoing a whole message stays a few KB", async () => {
    await withLogs((dataDir) => {
      const logs = new RequestLogs(dataDir);
      const data = { type: "mail", to: "a@example.com", error: "5".repeat(100_000) };
      logs.add({ message: "m".repeat(10_000), level: 8, data });
      const [row] = logs.all(`SELECT "message", "data" FROM "_logs"`);
      expect(String(row!.message)).toHaveLength(2048);
      expect(JSON.parse(String(row!.data))).toEqual({ ...data, error: "5".repeat(1024) });
      logs.close();
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
