/**
 * `npm run bench:api`: drives the API with autocannon at a fixed concurrency and prints req/s and
 * p99 for health, view own record, list with a filter and auth-with-password, then health again
 * while logins run (the event loop must stay free while passwords are hashed).
 *
 * By default it starts its own server (`node server/main.ts`, fresh data folder with 2,000 seeded
 * users, RATE_LIMIT=off) and stops it afterwards. `-- --url http://host:port` benchmarks a running
 * server instead; start that one with RATE_LIMIT=off or the login scenario measures the limiter.
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune the runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /http:\/\/localhost:(\d+)/.exec(chunk.toString());
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, child, dataDir };
}

async function api(url: string, method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(url + route, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
}

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number };

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
  const id = String(login.json.record.id);
  const auth = { authorization: token };
  const filter = encodeURIComponent(`name ~ "User 1" && created <= @now`);
  const loginBody = JSON.stringify({ identity: email, password });

  console.log(`Benchmarking ${url}: ${connections} connections, ${duration} s per scenario\n`);
  const rows: Row[] = [];
  rows.push(await run("GET /api/health", { url: `${url}/api/health` }));
  rows.push(
    await run("view own record", { url: `${url}/api/collections/users/records/${id}`, headers: auth }),
  );
  rows.push(
    await run(`list with filter (${values.url ? "own record" : "admin user, 2,000 users"})`, {
      url: `${url}/api/collections/users/records?filter=${filter}&perPage=30&sort=-created`,
      headers: auth,
    }),
  );
  rows.push(
    await run("auth-with-password", {
      url: `${url}/api/collections/users/auth-with-password`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: loginBody,
    }),
  );
  // Health at one connection while logins saturate the hashing threads: does the event loop stay free?
  const [healthDuringLogins] = await Promise.all([
    run("GET /api/health while logins run", { url: `${url}/api/health`, connections: 1 }),
    run("(logins in the background)", {
      url: `${url}/api/collections/users/auth-with-password`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: loginBody,
    }),
  ]);
  rows.push(healthDuringLogins!);

  console.log("| scenario | req/s | p50 (ms) | p99 (ms) | errors |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const row of rows)
    console.log(`| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`);
} finally {
  if (own) {
    own.child.kill("SIGTERM");
    rmSync(own.dataDir, { recursive: true, force: true });
  }
}
