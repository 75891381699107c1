/**
 * `npm run bench:api`: drives the server with autocannon at a fixed concurrency and prints req/s,
 * p50 and p99 for health, a prerendered page (brotli, as a browser asks), view own record, a list
 * with a filter and auth-with-password, each also as a ratio to a bare `node:http` server started
 * in the same run (scripts/bare-http-server.ts: the same page bytes, the same health body); then a
 * page and health while 10 clients log in without pause (neither may wait behind password hashes);
 * then the slowest health check while each worst-case body is sent (at most 100 ms).
 * The site must be built (`npx react-router build`).
 *
 * By default it starts its own server (`node server/main.ts`, fresh data folder with 2,000 seeded
 * users, RATE_LIMIT=off) and stops it afterwards. `-- --url http://host:port` benchmarks a running
 * server instead; start that one with RATE_LIMIT=off or the login scenario measures the limiter
 * (and there every login is the same account's, of which the server checks at most 5 at once).
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune the runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { schemaFile } from "../server/app.ts";
import { hashPassword } from "../server/core/passwords.ts";
import { autogenerate, newRecordData } from "../server/core/records.ts";
import { Store } from "../server/core/store.ts";
import { nowDateTime } from "../server/core/values.ts";

const { values } = parseArgs({ options: { url: { type: "string" } } });
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const email = "bench@example.com";
const password = "benchmark password";

/** Seeds a fresh data folder directly (one bcrypt hash shared by every account: seeding stays fast). */
async function seed(dataDir: string, users: number) {
  const store = Store.open(dataDir);
  store.importCollections(JSON.parse(readFileSync(schemaFile, "utf8")), false);
  const collection = store.findCollection("users")!;
  const hash = await hashPassword(password);
  store.transaction(() => {
    for (let i = 0; i < users; i++) {
      const record = {
        ...newRecordData(collection),
        email: i === 0 ? email : `user${i}@example.com`,
        emailVisibility: true,
        password: hash,
        name: `User ${i}`,
        plan: "free",
        // The bench user is an `admin` user: its list returns full pages, like the admin dashboard.
        admin: i === 0,
        created: nowDateTime(),
        updated: nowDateTime(),
      };
      autogenerate(collection, record);
      store.insert(collection, record);
    }
  });
  store.close();
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
  await seed(dataDir, 2000);
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMIT: "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await listeningUrl(child);
  return { url, child, dataDir };
}

async function api(url: string, method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(url + route, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  type Answer = { token?: string; record?: { id: string }; data?: { email?: { code: string } } };
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Answer };
}

/** No body under the size limit may keep a health check waiting longer than this. */
const healthBudget = 100;
const bodyRepeats = 10;

/**
 * The bodies that cost the server most per byte, each as near the 1 MiB limit or the count limits
 * (server/core/values.ts, server/api/context.ts) as it can be: the request must not hold the
 * thread, so health checks keep their pace while it is read, parsed, refused or stored.
 */
function worstBodies(): { scenario: string; body: () => BodyInit; type?: string }[] {
  const signup = { email: "worst@example.com", password: "x", passwordConfirm: "x", plan: "free" };
  const strings = Array.from({ length: 140_000 }, (_, i) => i.toString(36));
  const keys = Object.fromEntries(Array.from({ length: 9_990 }, (_, i) => [`k${i}`, "v".repeat(80)]));
  const form = (parts: number) => () => {
    const body = new FormData();
    for (let i = 0; i < parts; i++)
      body.append(`k${i}`, "v".repeat(Math.max(1, Math.floor(900_000 / parts) - 120)));
    return body;
  };
  const json = (value: unknown) => () => JSON.stringify(value);
  return [
    { scenario: "JSON object of 9,990 keys", body: json({ ...signup, ...keys }), type: "application/json" },
    {
      scenario: "JSON object of 120,000 keys (refused)",
      body: json(Object.fromEntries(strings.slice(0, 120_000).map((k) => [k, 1]))),
      type: "application/json",
    },
    {
      scenario: "a select sent 140,000 strings",
      body: json({ ...signup, locale: strings }),
      type: "application/json",
    },
    {
      scenario: "a select sent 500,000 numbers",
      body: () => `{"locale":[${"1,".repeat(499_999)}1]}`,
      type: "application/json",
    },
    {
      scenario: "a number sent 1 MB of digits",
      body: json({ ...signup, price: "1".repeat(1_000_000) }),
      type: "application/json",
    },
    { scenario: "multipart form of 1,000 parts", body: form(1000) },
    { scenario: "multipart form of 9,000 parts (refused)", body: form(9000) },
    {
      scenario: "urlencoded form of 10,000 pairs",
      body: () => new URLSearchParams(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, "v".repeat(90)])),
    },
  ];
}

/** Each worst-case body sent `bodyRepeats` times in a row while a health check runs without pause. */
async function bodyRows(url: string) {
  const rows: { scenario: string; statuses: string; slowest: number }[] = [];
  for (const { scenario, body, type } of worstBodies()) {
    // Encoded before the clock starts: this process also makes the health checks.
    const encoded = new Request(url, {
      method: "POST",
      body: body(),
      headers: type ? { "content-type": type } : {},
    });
    const bytes = await encoded.arrayBuffer();
    const contentType = encoded.headers.get("content-type")!;
    const send = () =>
      fetch(`${url}/api/collections/users/records`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: bytes,
      });
    // Once unmeasured: the first request of a kind loads code the server imports on demand.
    await (await send()).arrayBuffer();
    let sending = true;
    let slowest = 0;
    const checks = (async () => {
      while (sending) {
        const asked = performance.now();
        await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - asked);
      }
    })();
    const statuses = new Set<number>();
    for (let i = 0; i < bodyRepeats; i++) {
      const res = await send();
      await res.arrayBuffer();
      statuses.add(res.status);
    }
    sending = false;
    await checks;
    rows.push({ scenario, statuses: [...statuses].join(", "), slowest: Math.round(slowest) });
  }
  return rows;
}

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number; ratio?: number };

const withRatio = (row: Row, base: Row): Row => ({ ...row, ratio: row.rps / base.rps });

/** One answer as sent: status, body bytes and content coding (fetch would decode them). */
function fetchRaw(target: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer; encoding: string }>((resolve, reject) => {
    const req = request(target, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: String(res.headers["content-encoding"] ?? "identity"),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** scripts/bare-http-server.ts in its own process, answering with `page` for any page path. */
async function startBare(page: Buffer, encoding: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bare-"));
  writeFileSync(path.join(dir, "page"), page);
  const child = spawn(process.execPath, ["scripts/bare-http-server.ts", path.join(dir, "page"), encoding], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await listeningUrl(child);
  return { url, child };
}

function listeningUrl(child: ChildProcess) {
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /http:\/\/localhost:(\d+)/.exec(chunk.toString());
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function run(name: string, options: autocannon.Options): Promise<Row> {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        scenario: name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

const own = values.url ? undefined : await startServer();
const url = values.url ?? own!.url;
try {
  if (values.url) {
    const created = await api(url, "POST", "/api/collections/users/records", {
      email,
      emailVisibility: true,
      password,
      passwordConfirm: password,
      plan: "free",
      price: "0",
    });
    if (created.status !== 200 && created.json.data?.email?.code !== "validation_not_unique") {
      throw new Error(`cannot create the bench user: ${JSON.stringify(created.json)}`);
    }
  }
  const login = await api(url, "POST", "/api/collections/users/auth-with-password", {
    identity: email,
    password,
  });
  if (login.status !== 200) throw new Error(`cannot sign in: ${JSON.stringify(login.json)}`);
  const token = String(login.json.token);
  const id = String(login.json.record?.id);
  const auth = { authorization: token };
  const filter = encodeURIComponent(`name ~ "User 1" && created <= @now`);
  const loginBody = JSON.stringify({ identity: email, password });

  // A page as a browser asks for it (brotli), and the same bytes from a bare node:http server.
  const pagePath = "/fr/docs";
  const browserHeaders = {
    "accept-encoding": "br, gzip",
    "user-agent":
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  };
  const sample = await fetchRaw(url + pagePath, browserHeaders);
  if (sample.status !== 200) throw new Error(`${pagePath} answered ${sample.status}: is the site built?`);
  const bare = await startBare(sample.body, sample.encoding);

  console.log(`Benchmarking ${url}: ${connections} connections, ${duration} s per scenario\n`);
  const rows: Row[] = [];
  const bareHealth = await run("bare node:http: /api/health", { url: `${bare.url}/api/health` });
  const barePage = await run(`bare node:http: ${pagePath} (same bytes)`, {
    url: `${bare.url}${pagePath}`,
    headers: browserHeaders,
  });
  rows.push(bareHealth, barePage);
  rows.push(withRatio(await run("GET /api/health", { url: `${url}/api/health` }), bareHealth));
  rows.push(
    withRatio(
      await run(`GET ${pagePath} (${sample.encoding}, ${sample.body.length} bytes)`, {
        url: url + pagePath,
        headers: browserHeaders,
      }),
      barePage,
    ),
  );
  rows.push(
    withRatio(
      await run("view own record", { url: `${url}/api/collections/users/records/${id}`, headers: auth }),
      bareHealth,
    ),
  );
  rows.push(
    withRatio(
      await run(`list with filter (${values.url ? "own record" : "admin user, 2,000 users"})`, {
        url: `${url}/api/collections/users/records?filter=${filter}&perPage=30&sort=-created`,
        headers: { ...auth, "accept-encoding": "br, gzip" },
      }),
      bareHealth,
    ),
  );
  // Each sign-in as another seeded user: the server checks at most 5 of one identity at once.
  let next = 0;
  const logins = {
    url: `${url}/api/collections/users/auth-with-password`,
    method: "POST" as const,
    headers: { "content-type": "application/json" },
    body: loginBody,
    requests: values.url
      ? undefined
      : [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              body: JSON.stringify({ identity: `user${1 + (next++ % 1999)}@example.com`, password }),
            }),
          },
        ],
  };
  rows.push(withRatio(await run("auth-with-password", logins), bareHealth));
  // While 10 clients log in without pause, a visitor loads pages and the API answers health checks:
  // neither may wait behind the password hashes.
  const [pageDuringLogins, , healthDuringLogins] = await Promise.all([
    run(`GET ${pagePath} while 10 clients log in`, {
      url: url + pagePath,
      headers: browserHeaders,
      connections: 2,
    }),
    run("(logins in the background)", { ...logins, connections: 10 }),
    run("GET /api/health while 10 clients log in", { url: `${url}/api/health`, connections: 1 }),
  ]);
  rows.push(pageDuringLogins!, healthDuringLogins!);
  bare.child.kill("SIGTERM");

  const bodies = await bodyRows(url);

  console.log("| scenario | req/s | vs bare node:http | p50 (ms) | p99 (ms) | errors |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows)
    console.log(
      `| ${row.scenario} | ${row.rps} | ${row.ratio === undefined ? "" : `${row.ratio.toFixed(2)}×`} | ${row.p50} | ${row.p99} | ${row.errors} |`,
    );
  console.log(
    `\n| worst-case sign-up body, just under 1 MiB, sent ${bodyRepeats} times | answers | slowest /api/health meanwhile (ms) | within ${healthBudget} ms |`,
  );
  console.log("| --- | --- | ---: | --- |");
  for (const row of bodies)
    console.log(
      `| ${row.scenario} | ${row.statuses} | ${row.slowest} | ${row.slowest < healthBudget ? "yes" : "NO"} |`,
    );
} finally {
  if (own) {
    own.child.kill("SIGTERM");
    rmSync(own.dataDir, { recursive: true, force: true });
  }
}
