import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressSite } from "./site/precompress.ts";
import { fixtureRoot } from "./testing/fixtures.ts";
import { spawnServer } from "./testing/start-server.ts";

// deploy/nginx.conf, run by Debian's nginx in front of the real server (TRUST_PROXY=true), as in
// production: TLS (the test certificate), a listen port of its own, and the upstream port of the
// spawned server; everything else as written. Clients connect from different loopback addresses,
// so nginx sees different clients, as it would on the internet.

const nginxBinary = "/usr/sbin/nginx";
const hasNginx = existsSync(nginxBinary);
if (!hasNginx) {
  console.warn(`Skipping server/deploy.test.ts: ${nginxBinary} is not installed (apt-get install nginx)`);
}

const repo = path.resolve(import.meta.dirname, "..");
const cert = path.join(repo, "server/testing/tls/smtp-test.crt");
const key = path.join(repo, "server/testing/tls/smtp-test.key");
const page = `<!doctype html><html lang="en"><title>Lumen</title><p>${"Behind a real proxy. ".repeat(200)}</p></html>`;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** deploy/nginx.conf for this test: each replacement must match, so a change to the file is noticed here. */
function renderConfig(upstreamPort: number, httpsPort: number, httpPort: number): string {
  let config = readFileSync(path.join(repo, "deploy/nginx.conf"), "utf8");
  const replace = (pattern: RegExp, by: string) => {
    expect(config, `deploy/nginx.conf should match ${pattern}`).toMatch(pattern);
    config = config.replace(pattern, by);
  };
  replace(/server 127\.0\.0\.1:8090;/, `server 127.0.0.1:${upstreamPort};`);
  replace(/^\s*listen \[::\]:80;\n/m, "");
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, "");
  replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl;`);
  replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  return config;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe.skipIf(!hasNginx)("behind nginx (deploy/nginx.conf)", () => {
  let work: string;
  let dataDir: string;
  let server: { child: ChildProcess; url: string; output: () => string };
  let nginx: ChildProcess;
  let nginxLog = "";
  let httpsPort: number;
  let httpPort: number;

  /** One request through nginx over TLS, from the loopback address `from` (a client of its own). */
  function get(
    urlPath: string,
    options: {
      from?: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          path: urlPath,
          method: options.method ?? "GET",
          headers: { host: "lumen.example", ...options.headers },
          localAddress: options.from ?? "127.0.0.1",
          ca: readFileSync(cert),
          servername: "localhost",
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "nginx-"));
    dataDir = mkdtempSync(path.join(fixtureRoot, "pb-deploy-"));
    const site = path.join(work, "site");
    mkdirSync(path.join(site, "assets"), { recursive: true });
    writeFileSync(path.join(site, "index.html"), page);
    writeFileSync(
      path.join(site, "assets/app-1a2b3c.js"),
      `console.log(${JSON.stringify("x".repeat(4000))});`,
    );
    precompressSite(site);

    server = await spawnServer(dataDir, {
      SITE_DIR: site,
      TRUST_PROXY: "true",
      RATE_LIMIT: "on",
      RATE_LIMIT_RULES: "*:auth=2/60",
    });
    const upstreamPort = Number(new URL(server.url).port);
    httpsPort = await freePort();
    httpPort = await freePort();
    writeFileSync(path.join(work, "lumen.conf"), renderConfig(upstreamPort, httpsPort, httpPort));
    for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
      mkdirSync(path.join(work, "tmp", dir), { recursive: true });
    // A main configuration like a distribution's, gzip on for everything included: the server
    // block must still leave the upstream's compression alone.
    writeFileSync(
      path.join(work, "nginx.conf"),
      `daemon off;
master_process off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
  gzip on;
  gzip_proxied any;
  gzip_types text/plain text/css application/json text/javascript;
  include ${work}/lumen.conf;
}
`,
    );
    nginx = spawn(
      nginxBinary,
      ["-p", work, "-c", path.join(work, "nginx.conf"), "-e", path.join(work, "error.log")],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    nginx.stdout!.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
    nginx.stderr!.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
    // Ready once it answers (or failed if it exits).
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) {
        const log = existsSync(path.join(work, "error.log"))
          ? readFileSync(path.join(work, "error.log"), "utf8")
          : "";
        throw new Error(`nginx exited (${nginx.exitCode}): ${nginxLog}${log}`);
      }
      const ok = await get("/api/health").then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxLog}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 30_000);

  afterAll(async () => {
    for (const child of [nginx, server?.child]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the upstream's brotli and gzip, ETag, Cache-Control and Vary, and answers 304", async () => {
    for (const [coding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await get("/", { headers: { "accept-encoding": coding } });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(coding);
      expect(decode(res.body).toString()).toBe(page); // compressed once, not twice
      expect(res.headers["etag"]).toMatch(/^"[^"]+"$/); // strong: not weakened by a proxy gzip
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
      // TRUST_PROXY and X-Forwarded-Proto: https from nginx.
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=/);

      const again = await get("/", {
        headers: { "accept-encoding": coding, "if-none-match": res.headers["etag"] as string },
      });
      expect(again.status).toBe(304);
      expect(again.body).toHaveLength(0);
      expect(again.headers["etag"]).toBe(res.headers["etag"]);
    }
    const plain = await get("/", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);

    const asset = await get("/assets/app-1a2b3c.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
    expect(asset.headers["etag"]).toMatch(/^"[^"]+"$/);
  });

  it("gives each client its own rate-limit bucket, which a forged X-Forwarded-For cannot escape", async () => {
    const signIn = (from: string, headers: Record<string, string> = {}) =>
      get("/api/collections/users/auth-with-password", {
        from,
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ identity: "nobody@example.com", password: "wrong password" }),
      }).then((res) => res.status);
    // *:auth=2/60: two sign-ins per client a minute.
    expect(await signIn("127.0.0.2")).toBe(400);
    expect(await signIn("127.0.0.2")).toBe(400);
    expect(await signIn("127.0.0.2")).toBe(429);
    expect(await signIn("127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).toBe(429);
    // Another client is not blocked by the first one's exhausted limit.
    expect(await signIn("127.0.0.3")).toBe(400);
    expect(await signIn("127.0.0.3", { "x-forwarded-for": "127.0.0.2" })).toBe(400);
    expect(await signIn("127.0.0.3")).toBe(429);
  });

  it("refuses a body over BODY_LIMIT at the proxy, and redirects plain HTTP to HTTPS", async () => {
    const big = await get("/api/collections/users/records", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(1024 * 1024 + 1, "a"),
    });
    expect(big.status).toBe(413);
    // To the configured name, whatever Host the request gave.
    const redirect = await fetch(`http://127.0.0.1:${httpPort}/guides?x=1`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("https://lumen.example/guides?x=1");
  });
});

describe("deploy/lumen.service", () => {
  it("runs the Node 24 the first-install steps put in place, not Debian's Node 20", () => {
    const unit = readFileSync(path.join(repo, "deploy/lumen.service"), "utf8");
    const node = /^ExecStart=(\S+) server\/main\.ts$/m.exec(unit)?.[1];
    expect(node).toBe("/usr/local/bin/node");
    // `npm install -g` puts packages' commands in /usr/local/bin on Debian.
    const steps = readFileSync(path.join(repo, "docs/deploy.md"), "utf8");
    expect(steps).toContain("npm install -g node@24");
    expect(steps).toContain(`${node} --version`);
  });
});
