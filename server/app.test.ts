import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultRateLimits, parseRateLimitRules } from "./tools/rate-limit.ts";
import { configFromEnv } from "./config.ts";
import { createTestApp, fixturePassword } from "./testing/fixtures.ts";
import { connect } from "node:net";
import { pollUntil } from "./testing/poll.ts";
import { startServer, startServerAsRoot } from "./testing/start-server.ts";

const login = "/api/collections/users/auth-with-password";

afterEach(() => vi.useRealTimers());

describe("server-wide behaviour", () => {
  it("sends the security headers and PocketBase's 404 envelope on unknown API routes", async () => {
    const t = await createTestApp();
    try {
      const res = await t.request("GET", "/api/nope");
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ data: {}, message: "The requested resource wasn't found.", status: 404 });
      expect(res.headers.get("x-xss-protection")).toBeNull();
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // A document policy: API answers carry none (pages do, see site/serve.test.ts).
      expect(res.headers.get("permissions-policy")).toBeNull();
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("content-type")).toBe("application/json");
    } finally {
      await t.close();
    }
  });

  it("marks every answer to a signed request as not to be stored by any cache", async () => {
    const t = await createTestApp();
    try {
      const own = await t.request("GET", `/api/collections/users/records/${t.users.alice.id}`, {
        token: t.tokens.alice,
      });
      expect(own.status).toBe(200);
      expect(own.json.email).toBe(t.users.alice.email);
      expect(own.headers.get("cache-control")).toBe("no-store");
      const refresh = await t.request("POST", "/api/collections/users/auth-refresh", {
        token: t.tokens.alice,
      });
      expect(refresh.headers.get("cache-control")).toBe("no-store");
      const refused = await t.request("GET", "/api/collections/users/records", { token: "not-a-token" });
      expect(refused.headers.get("cache-control")).toBe("no-store");
      const download = await t.request("GET", "/api/backups/x.zip?token=abc");
      expect(download.headers.get("cache-control")).toBe("no-store");
      const anonymous = await t.request("GET", "/api/health");
      expect(anonymous.headers.get("cache-control")).toBeNull();
    } finally {
      await t.close();
    }
  });

  it("asks browsers for HTTPS only when the site is served over HTTPS", async () => {
    const t = await createTestApp({ appUrl: "https://lumen.example" });
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const direct = await t.request("GET", "/api/health");
      expect(direct.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const viaProxy = await proxied.request("GET", "/api/health", {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(viaProxy.headers.get("strict-transport-security")).toContain("max-age=");
      const plain = await proxied.request("GET", "/api/health");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    } finally {
      t.close();
      proxied.close();
    }
  });

  it("answers CORS like PocketBase (any origin by default, or the configured list)", async () => {
    const open = await createTestApp();
    const closed = await createTestApp({ corsOrigins: ["https://lumen.example"] });
    try {
      const headers = { origin: "https://elsewhere.example", "access-control-request-method": "PATCH" };
      const preflight = await open.request("OPTIONS", "/api/collections/users/records", { headers });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
      const refused = await closed.request("GET", "/api/health", {
        headers: { origin: "https://elsewhere.example" },
      });
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
      const allowed = await closed.request("GET", "/api/health", {
        headers: { origin: "https://lumen.example" },
      });
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://lumen.example");
    } finally {
      await open.close();
      await closed.close();
    }
  });

  it("refuses bodies over the limit with 413", async () => {
    const t = await createTestApp({ bodyLimit: 1000 });
    try {
      const res = await t.request("POST", "/api/collections/users/records", {
        body: { name: "x".repeat(2000) },
      });
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ data: {}, message: "Request entity too large.", status: 413 });
      const chunked = await t.app.fetch(
        new Request("http://localhost/api/collections/users/records", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(`{"name":"${"y".repeat(5000)}"}`));
              controller.close();
            },
          }),
          duplex: "half",
        } as RequestInit),
      );
      expect(chunked.status).toBe(413);
    } finally {
      await t.close();
    }
  });

  it("tells only a superuser, at /api/health, whether a backup may start, their address and a proxy header", async () => {
    const t = await createTestApp();
    try {
      const guest = await t.request("GET", "/api/health", { headers: { "cf-connecting-ip": "203.0.113.7" } });
      expect(guest.json).toEqual({ message: "API is healthy.", code: 200, data: {} });
      const user = await t.request("GET", "/api/health", { token: t.tokens.alice });
      expect(user.json.data).toEqual({});
      const root = await t.request("GET", "/api/health", {
        token: t.tokens.superuser,
        headers: { "cf-connecting-ip": "203.0.113.7" },
      });
      expect(root.json).toEqual({
        message: "API is healthy.",
        code: 200,
        data: { canBackup: true, realIP: "local", possibleProxyHeader: "CF-Connecting-IP" },
      });
      expect(root.headers.get("cache-control")).toBe("no-store");
      const direct = await t.request("GET", "/api/health", { token: t.tokens.superuser });
      expect(direct.json.data.possibleProxyHeader).toBe("");
    } finally {
      await t.close();
    }
  });

  it("closes the connection honestly after a 413: the answer says `Connection: close`, then the socket ends", async () => {
    const server = await startServer({ bodyLimit: 1000 });
    try {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("latin1")));
      const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      const body = JSON.stringify({ name: "x".repeat(2000) });
      socket.write(
        `POST /api/collections/users/records HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await ended;
      const head = received.split("\r\n\r\n")[0]!.toLowerCase();
      expect(head).toMatch(/^http\/1\.1 413 /);
      expect(head).toContain("connection: close");
      expect(head).not.toContain("keep-alive");
    } finally {
      await server.close();
    }
  });

  it("answers 413 to every keep-alive client still sending a body over the limit, never a reset", async () => {
    const server = await startServer({ bodyLimit: 64 * 1024 });
    try {
      const { port } = new URL(server.url);
      // 12 MiB, more than the sockets hold in flight: the client still sends when the 413 is
      // written, and reads only once it has sent everything, as many clients do.
      const body = Buffer.alloc(12 * 1024 * 1024, "x");
      const send = (declared: boolean) =>
        new Promise<string>((resolve) => {
          const socket = connect(Number(port), "127.0.0.1");
          socket.pause();
          let received = "";
          socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
          socket.on("error", (error: NodeJS.ErrnoException) => (received += `[${error.code}]`));
          socket.on("close", () => resolve(received));
          socket.write(
            `POST /api/collections/users/records HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
              `Content-Type: application/json\r\n` +
              (declared
                ? `Content-Length: ${body.length}\r\n\r\n`
                : `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`),
          );
          socket.write(body);
          socket.write(declared ? "" : "\r\n0\r\n\r\n", () => socket.resume());
        });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i % 2 === 0)));
      for (const answer of answers) {
        expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
        expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
          data: {},
          message: "Request entity too large.",
          status: 413,
        });
      }
    } finally {
      await server.close();
    }
  });

  it("logs a client that goes away in the middle of its body as 499, never a 500", async () => {
    const { server, root } = await startServerAsRoot();
    try {
      const { port } = new URL(server.url);
      const part = `{"name":"${"x".repeat(100)}`;
      const bodies = {
        declared: `Content-Length: 5000\r\n\r\n${part}`,
        chunked: `Transfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n${part}\r\n`,
      };
      for (const [agent, rest] of Object.entries(bodies)) {
        const socket = connect(Number(port), "127.0.0.1");
        socket.on("error", () => {});
        // The headers and the start of the body, then the client closes its side.
        socket.end(
          `POST /api/collections/users/records HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `User-Agent: abort-${agent}\r\nContent-Type: application/json\r\n${rest}`,
        );
      }
      const logged = await pollUntil(
        async () => {
          server.app.logs.flush();
          return (await root.logs.getList(1, 10, { filter: `data.userAgent ~ "abort-"` })).items;
        },
        (items) => items.length === 2,
        (items) => `logged: ${JSON.stringify(items)}`,
      );
      expect(logged.map((log) => [log.data.userAgent, log.data.status, log.data.error]).sort()).toEqual([
        ["abort-chunked", 499, "Client closed the request."],
        ["abort-declared", 499, "Client closed the request."],
      ]);
    } finally {
      await server.close();
    }
  });

  it("rate-limits sign-ins by default and answers 429 with PocketBase's envelope", async () => {
    const t = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const body = { identity: "alice@example.com", password: fixturePassword };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.request("POST", login, { body })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await t.request("POST", login, { body });
      expect(limited.json).toEqual({ data: {}, message: "Too Many Requests.", status: 429 });
      // Other endpoints are not limited by the auth rule, and superusers are never limited.
      expect(
        (await t.request("GET", "/api/collections/users/records", { token: t.tokens.alice })).status,
      ).toBe(200);
      // Each collection has its own window, as in PocketBase (the limiter id includes the collection id).
      const superuser = { identity: "root@example.com", password: fixturePassword };
      const superLogin = await t.request("POST", "/api/collections/_superusers/auth-with-password", {
        body: superuser,
      });
      expect(superLogin.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const res = await t.request("POST", "/api/collections/users/records", {
          token: t.tokens.superuser,
          body: {},
        });
        expect(res.status).toBe(400);
      }
    } finally {
      await t.close();
    }
  });

  it("rate-limits record creation at 20 per 5 s by default", async () => {
    const t = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 21; i++)
        statuses.add((await t.request("POST", "/api/collections/users/records", { body: {} })).status);
      expect([...statuses]).toEqual([400, 429]);
    } finally {
      await t.close();
    }
  });

  it("limits the requests that send an email by default: 5 per minute per client IP", async () => {
    const t = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const bodies = {
        "request-verification": { email: "bob@example.com" },
        "request-password-reset": { email: "alice@example.com" },
        "request-email-change": { newEmail: "alice.new@example.com" },
      };
      for (const [action, body] of Object.entries(bodies)) {
        const statuses = [];
        for (let i = 0; i < 6; i++) {
          const url = `/api/collections/users/${action}`;
          statuses.push((await t.request("POST", url, { body, token: t.tokens.alice })).status);
        }
        expect(statuses, action).toEqual([204, 204, 204, 204, 204, 429]);
      }
    } finally {
      await t.close();
    }
  });

  it("limits every /api/ path to 300 per 10 s per IP by default, health included; superusers skip it", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T00:00:00Z"), toFake: ["Date"] });
    const t = await createTestApp({ rateLimits: defaultRateLimits, trustProxy: true });
    try {
      const from = (ip: string, token?: string) => ({ headers: { "x-forwarded-for": ip }, token });
      const statuses = new Map<number, number>();
      // One window for all the paths the `/api/` rule covers, as PocketBase keys it by the rule.
      const paths = ["/api/health", "/api/settings", "/api/logs", "/api/nope"];
      for (let i = 0; i < 300; i++) {
        const { status } = await t.request("GET", paths[i % 4]!, from("203.0.113.1"));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect(statuses.get(429)).toBeUndefined();
      vi.setSystemTime(Date.now() + 9_000);
      const limited = await t.request("GET", "/api/health", from("203.0.113.1"));
      expect(limited.status).toBe(429);
      expect(limited.json).toEqual({ data: {}, message: "Too Many Requests.", status: 429 });
      expect((await t.request("GET", "/api/backups", from("203.0.113.1"))).status).toBe(429);
      // Another IP has its own window; a superuser is never limited, even from that IP.
      expect((await t.request("GET", "/api/health", from("203.0.113.2"))).status).toBe(200);
      const root = from("203.0.113.1", t.tokens.superuser);
      for (let i = 0; i < 5; i++) expect((await t.request("GET", "/api/logs", root)).status).toBe(200);
      // A collection route checks its collection's rules instead (its own window), once.
      const list = await t.request("GET", "/api/collections/users/records", from("203.0.113.1"));
      expect(list.status).toBe(200);
      // The window ends 10 s after its first request.
      vi.setSystemTime(Date.now() + 1_000);
      expect((await t.request("GET", "/api/health", from("203.0.113.1"))).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("counts a request to a collection route once, against its collection's window", async () => {
    const t = await createTestApp({ rateLimits: parseRateLimitRules("/api/=3/60") });
    try {
      const statuses = [];
      for (const url of ["/api/health", "/api/health", "/api/health", "/api/health"])
        statuses.push((await t.request("GET", url)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The global window is used up; the collection's own is not, and each request takes one slot.
      const list = [];
      for (let i = 0; i < 4; i++)
        list.push(
          (await t.request("GET", "/api/collections/users/records", { token: t.tokens.alice })).status,
        );
      expect(list).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it("checks the rate limit before the body limit, and a record route's collection after it, as PocketBase does", async () => {
    const t = await createTestApp({ rateLimits: parseRateLimitRules("/api/=1/60"), bodyLimit: 1000 });
    try {
      const big = { collections: [{ name: "x".repeat(2000) }] };
      const imports = [];
      for (let i = 0; i < 2; i++)
        imports.push((await t.request("PUT", "/api/collections/import", { body: big })).status);
      expect(imports).toEqual([413, 429]);
      // A record route counts against its collection's own window, once the body passed its limit.
      const oversized = { body: { name: "x".repeat(2000) } };
      const creates = [];
      for (let i = 0; i < 2; i++)
        creates.push((await t.request("POST", "/api/collections/users/records", oversized)).status);
      creates.push((await t.request("POST", "/api/collections/nope/records", oversized)).status);
      creates.push((await t.request("POST", "/api/collections/users/records", { body: {} })).status);
      creates.push((await t.request("POST", "/api/collections/users/records", { body: {} })).status);
      expect(creates).toEqual([413, 413, 413, 400, 429]);
    } finally {
      await t.close();
    }
  });

  it("runs a rate limit window from its first request: 2 per 2 s allows requests at 0, 0.5 and 2.1 s", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T00:00:00Z"), toFake: ["Date"] });
    const t = await createTestApp({ rateLimits: parseRateLimitRules("/api/health=2/2") });
    try {
      const start = Date.now();
      const at = async (seconds: number) => {
        vi.setSystemTime(start + seconds * 1000);
        return (await t.request("GET", "/api/health")).status;
      };
      expect([await at(0), await at(0.5), await at(2.1), await at(2.2), await at(2.3)]).toEqual([
        200, 200, 200, 200, 429,
      ]);
    } finally {
      await t.close();
    }
  });

  it("limits nothing with RATE_LIMIT=off", async () => {
    const t = await createTestApp({ rateLimits: false });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 320; i++) statuses.add((await t.request("GET", "/api/health")).status);
      expect([...statuses]).toEqual([200]);
    } finally {
      await t.close();
    }
  });

  it("reads its configuration from the environment", () => {
    const config = configFromEnv({
      PORT: "9000",
      RATE_LIMIT: "off",
      CORS_ORIGINS: "https://a.example, https://b.example",
      BODY_LIMIT: "2048",
    });
    expect(config).toMatchObject({
      port: 9000,
      appUrl: "http://localhost:9000",
      rateLimits: false,
      corsOrigins: ["https://a.example", "https://b.example"],
      bodyLimit: 2048,
      smtp: undefined,
    });
    expect(configFromEnv({ RATE_LIMIT_RULES: "*:auth=5/10, users:create@guest=3/60" }).rateLimits).toEqual([
      { label: "*:auth", audience: "", maxRequests: 5, duration: 10 },
      { label: "users:create", audience: "@guest", maxRequests: 3, duration: 60 },
    ]);
    expect(
      configFromEnv({ SMTP_HOST: "smtp.example", SMTP_SECURE: "true", SMTP_USER: "u", SMTP_PASS: "p" }).smtp,
    ).toEqual({
      host: "smtp.example",
      port: 465,
      secure: true,
      user: "u",
      pass: "p",
      tlsRejectUnauthorized: true,
    });
    expect(
      configFromEnv({ SMTP_HOST: "localhost", SMTP_TLS_REJECT_UNAUTHORIZED: "false" }).smtp
        ?.tlsRejectUnauthorized,
    ).toBe(false);
    expect(configFromEnv({}).shutdownTimeout).toBe(10_000);
    expect(configFromEnv({ SHUTDOWN_TIMEOUT: "2.5" }).shutdownTimeout).toBe(2500);
    expect(() => configFromEnv({ SHUTDOWN_TIMEOUT: "soon" })).toThrow(/SHUTDOWN_TIMEOUT/);
    expect(configFromEnv({}).rateLimits).toBeUndefined(); // the defaults
    expect(() => configFromEnv({ RATE_LIMIT: "maybe" })).toThrow(/RATE_LIMIT/);
    expect(() => parseRateLimitRules("*:auth=0/3")).toThrow(/Invalid rate limit rule/);
  });
});
