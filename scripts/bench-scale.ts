/**
 * `npm run bench:scale`: what the server costs as users grow. Seeds N users (default 1,000,000,
 * `-- --users=N`) and a Stremio record each straight into a fresh data folder (one bcrypt hash
 * shared by every account), starts `node server/main.ts` on it (RATE_LIMIT=off) and measures, then
 * does the same at 1,000 users and prints each figure with its ratio to the small database:
 *
 * - logins/s and own-record views/s (10 clients, BENCH_DURATION seconds each, default 10);
 * - look-ups by email: a superuser's `filter=(email='…')` and `request-password-reset`;
 * - the dashboard's users list (`sort=-created,-id`, 20 a page) at page 1 and page 1,000, and its
 *   search (`email ~ q || name ~ q`);
 * - a page's p99 and worst latency while a superuser pages through the list and searches;
 * - a backup and a restore (time, and the worst page latency meanwhile).
 *
 * Pages need a build (`npx react-router build`); without one `/api/health` stands in for a page.
 * `-- --keep` keeps the data folders (their paths are printed), `-- --no-baseline` skips the
 * 1,000-user run.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { schemaFile } from "../server/app.ts";
import { runSuperuserCommand } from "../server/cli.ts";
import { hashPassword } from "../server/core/passwords.ts";
import { newRecordData } from "../server/core/records.ts";
import { Store } from "../server/core/store.ts";
import { encodeValue, formatDateTime } from "../server/core/values.ts";
import { spawnServer } from "../server/testing/start-server.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "1000000" },
    keep: { type: "boolean", default: false },
    "no-baseline": { type: "boolean", default: false },
  },
});
const duration = Number(process.env.BENCH_DURATION ?? 10);
const password = "benchmark password";
const superuser = { email: "root@bench.example", password: "benchmark superuser" };
const pagePath = "/fr/docs";
const browser = {
  "accept-encoding": "br, gzip",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};

const firstNames = ["Camille", "Jeanne", "Louis", "Hugo", "Léa", "Chloé", "Noah", "Emma", "Jules", "Inès"];
const lastNames = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy"];

const email = (i: number) => `user${i}@example.com`;
const id = (prefix: string, i: number) => prefix + i.toString(36).padStart(14, "0");

/** Inserts N users and their Stremio records straight into a fresh database; returns the seconds it took. */
async function seed(dataDir: string, users: number): Promise<number> {
  const started = performance.now();
  const store = Store.open(dataDir);
  store.importCollections(JSON.parse(readFileSync(schemaFile, "utf8")), false);
  const collections = { users: store.findCollection("users")!, stremio: store.findCollection("stremio")! };
  store.close();
  const hash = await hashPassword(password);
  const db = new DatabaseSync(path.join(dataDir, "data.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;");
  const insert = (name: "users" | "stremio") => {
    const { fields } = collections[name];
    const statement = db.prepare(
      `INSERT INTO "${name}" (${fields.map((f) => `"${f.name}"`).join(", ")}) VALUES (${fields.map(() => "?").join(", ")})`,
    );
    const template = newRecordData(collections[name]);
    return (data: Record<string, unknown>) =>
      statement.run(
        ...fields.map((f): SQLInputValue => encodeValue(f, f.name in data ? data[f.name] : template[f.name])),
      );
  };
  const addUser = insert("users");
  const addStremio = insert("stremio");
  const now = Date.now();
  const batch = 50_000;
  for (let start = 0; start < users; start += batch) {
    db.exec("BEGIN");
    for (let i = start; i < Math.min(users, start + batch); i++) {
      // Newest first in the list: one sign-up every 30 s, going back from now.
      const created = formatDateTime(new Date(now - (users - i) * 30_000));
      const plan = i % 10 < 8 ? "free" : "paid";
      addUser({
        id: id("u", i),
        password: hash,
        tokenKey: id("tokenkey", i).padEnd(30, "k"),
        email: email(i),
        emailVisibility: true,
        verified: i % 10 !== 0,
        name: `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / 10) % lastNames.length]} ${i}`,
        affiliate_code: `AFF-${i.toString(36).toUpperCase().padStart(8, "0")}`,
        plan,
        is_monthly: plan === "paid" && i % 2 === 0,
        price: plan === "paid" ? (i % 2 === 0 ? 4.99 : 49.99) : 0,
        stripe: plan === "paid" && i % 20 !== 9 ? `cus_${i.toString(36)}` : "",
        trial_ends: formatDateTime(new Date(now - (users - i) * 30_000 + 7 * 86_400_000)),
        created,
        updated: created,
      });
      addStremio({
        id: id("s", i),
        user: id("u", i),
        email: `user${i}_abcd@lumen.stream`,
        password: "a generated password",
        field: "active",
        created,
        updated: created,
      });
    }
    db.exec("COMMIT");
  }
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  await runSuperuserCommand(dataDir, ["upsert", superuser.email, superuser.password]);
  return (performance.now() - started) / 1000;
}

async function startServer(dataDir: string) {
  const siteDir = path.resolve("build/client");
  return spawnServer(dataDir, existsSync(siteDir) ? { SITE_DIR: siteDir } : {});
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function json(url: string, init: RequestInit = {}, token?: string) {
  const res = await fetch(url, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: token } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status >= 400)
    throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Milliseconds each call takes, one after the other, `count` times. */
async function timed(count: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

function rate(
  options: autocannon.Options,
): Promise<{ rps: number; p99: number; max: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

/** A page's latency (2 clients, no pause) for as long as `work` runs. */
async function pageWhile(url: string, work: () => Promise<unknown>) {
  const instance = autocannon({ url: url + pagePath, headers: browser, connections: 2, duration: 3600 });
  const result = new Promise<autocannon.Result>((resolve) => instance.on("done", resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  instance.stop();
  const latency = (await result).latency;
  return { seconds, p99: latency.p99, max: latency.max };
}

type Figures = Record<string, { value: number; unit: string }>;

async function measure(users: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-scale-${users}-`));
  console.log(`Seeding ${users.toLocaleString("en")} users in ${dataDir}…`);
  const seedSeconds = await seed(dataDir, users);
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  // The first start claims every verified account's trial (one keyed hash each).
  const starting = performance.now();
  const { child, url } = await startServer(dataDir);
  const startSeconds = (performance.now() - starting) / 1000;
  console.log(`  started in ${startSeconds.toFixed(1)} s`);
  try {
    if ((await fetch(url + pagePath)).status !== 200)
      console.log("  (no build: /api/health stands in for a page)");
    const root = await json(`${url}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
    });
    const su = String(root.token);
    const user = await json(`${url}/api/collections/users/auth-with-password`, {
      method: "POST",
      body: JSON.stringify({ identity: email(users - 1), password }),
    });
    const random = (i: number) => (i * 7919 + 104729) % users;
    const list = (page: number, filter = "") =>
      json(
        `${url}/api/collections/users/records?page=${page}&perPage=20&sort=-created,-id${filter ? `&filter=${encodeURIComponent(filter)}` : ""}`,
        {},
        su,
      );
    const search = (i: number) => {
      const q =
        i % 2
          ? `user${random(i)}`
          : `${firstNames[i % firstNames.length]!.toLowerCase()} ${lastNames[i % lastNames.length]}`;
      return list(1, `(email ~ "${q}" || name ~ "${q}")`);
    };

    console.log("  logins, own record…");
    // Each sign-in as another user: one identity's concurrent checks are limited.
    let next = 0;
    const logins = await rate({
      url: `${url}/api/collections/users/auth-with-password`,
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ identity: email(random(++next)), password }),
          }),
        },
      ],
    });
    const own = await rate({
      url: `${url}/api/collections/users/records/${(user.record as { id: string }).id}`,
      headers: { authorization: String(user.token) },
    });
    console.log("  look-ups by email, lists, search…");
    const byFilter = await timed(200, (i) =>
      json(
        `${url}/api/collections/users/records?perPage=1&skipTotal=1&filter=${encodeURIComponent(`(email='${email(random(i))}')`)}`,
        {},
        su,
      ),
    );
    const byReset = await timed(200, (i) =>
      json(`${url}/api/collections/users/request-password-reset`, {
        method: "POST",
        body: JSON.stringify({ email: `nobody${random(i)}@example.com` }),
      }),
    );
    const first = await timed(20, () => list(1));
    const lastPage = Math.min(1000, Math.ceil(users / 20));
    const thousandth = await timed(20, () => list(lastPage));
    const searches = await timed(50, (i) => search(i));
    const figures = await timed(20, () => json(`${url}/api/billing/stats`, {}, su));
    console.log("  a page while the dashboard is used…");
    const during = await pageWhile(url, () =>
      timed(60, (i) => (i % 3 === 0 ? search(i) : list(1 + (random(i) % lastPage)))),
    );
    console.log("  backup and restore…");
    const backup = await pageWhile(url, () =>
      json(`${url}/api/backups`, { method: "POST", body: JSON.stringify({ name: "bench.zip" }) }, su),
    );
    const restore = await pageWhile(url, () =>
      json(`${url}/api/backups/bench.zip/restore`, { method: "POST" }, su),
    );
    return {
      "seeding (s)": { value: seedSeconds, unit: "s" },
      "first start, trials claimed (s)": { value: startSeconds, unit: "s" },
      "billing figures, GET /api/billing/stats (p99)": { value: percentile(figures, 99), unit: "ms" },
      "logins/s (10 clients)": { value: logins.rps, unit: "/s" },
      "logins refused or failed": { value: logins.errors, unit: "" },
      "own record views/s (10 clients)": { value: own.rps, unit: "/s" },
      "check user by email, filter (p50)": { value: percentile(byFilter, 50), unit: "ms" },
      "check user by email, filter (p99)": { value: percentile(byFilter, 99), unit: "ms" },
      "request-password-reset by email (p50)": { value: percentile(byReset, 50), unit: "ms" },
      "request-password-reset by email (p99)": { value: percentile(byReset, 99), unit: "ms" },
      "dashboard list, page 1 (p99)": { value: percentile(first, 99), unit: "ms" },
      [`dashboard list, page ${lastPage} (p99)`]: { value: percentile(thousandth, 99), unit: "ms" },
      "dashboard search (p50)": { value: percentile(searches, 50), unit: "ms" },
      "dashboard search (p99)": { value: percentile(searches, 99), unit: "ms" },
      "page p99 while the dashboard is used": { value: during.p99, unit: "ms" },
      "page max while the dashboard is used": { value: during.max, unit: "ms" },
      backup: { value: backup.seconds, unit: "s" },
      "page max during the backup": { value: backup.max, unit: "ms" },
      restore: { value: restore.seconds, unit: "s" },
      "page max during the restore": { value: restore.max, unit: "ms" },
    };
  } finally {
    await stop(child);
    if (values.keep) console.log(`  kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

const users = Number(values.users);
if (!Number.isInteger(users) || users < 1000)
  throw new Error(`--users must be a whole number, 1,000 or more`);
const large = await measure(users);
const small = values["no-baseline"] || users === 1000 ? undefined : await measure(1000);
const format = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en") : n.toFixed(1));
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, ${users.toLocaleString("en")} users (${duration} s per rate)\n`,
);
console.log(`| what | ${users.toLocaleString("en")} users |${small ? " 1,000 users | ratio |" : ""}`);
console.log(`| --- | ---: |${small ? " ---: | ---: |" : ""}`);
for (const [what, { value, unit }] of Object.entries(large)) {
  const base = small?.[what.replace(/page \d+/, "page 50")] ?? small?.[what];
  const ratio = base && base.value > 0 ? `${(value / base.value).toFixed(2)}×` : "";
  console.log(
    `| ${what} | ${format(value)} ${unit} |${small ? ` ${base ? `${format(base.value)} ${unit}` : ""} | ${ratio} |` : ""}`,
  );
}
