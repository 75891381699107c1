import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultPrices, startStripeDouble } from "./stripe-double.ts";

// The e2e tier's Stripe-mode server (playwright.config.ts starts it beside the manual-mode one):
// the Stripe test double on a free port, then `node server/main.ts` with the STRIPE_* variables
// pointing at it, its own PORT and DATA_DIR (emptied at start: the double's memory and the
// database begin together). The double's webhooks reach the server's /api/billing/webhook through
// a relay that passes them on untouched (body and Stripe-Signature), except for a user a test has
// put on hold: their events are acknowledged to the double and kept until the test releases them,
// so that the account page can be seen waiting for the webhook ("Confirming your payment…").
//
// Relay controls: POST /hold?user=ID, POST /release?user=ID (delivers the kept events in order;
// answers { released, statuses }). When all is up it prints one line, which the Playwright config
// waits for and reads the double's and the relay's addresses from:
//   Stripe e2e: double http://127.0.0.1:N relay http://127.0.0.1:N server http://127.0.0.1:N
// SIGTERM or SIGINT stops the server (gracefully), then the relay and the double.

const port = Number(process.env.PORT ?? 4391);
const host = "127.0.0.1";
const dataDir = path.resolve(process.env.DATA_DIR ?? "test-results/pb_data_stripe");
const serverUrl = `http://${host}:${port}`;
const secretKey = "sk_test_lumen_e2e";
const webhookSecret = "whsec_lumen_e2e";
const [monthly, yearly] = Object.keys(defaultPrices) as [string, string];

if (!dataDir.split(path.sep).includes("test-results")) {
  console.error(`Cannot start: DATA_DIR ${dataDir} is emptied at start, so it must be under test-results/`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });

type Kept = { body: string; headers: Record<string, string> };
const held = new Map<string, Kept[]>();
const webhookTarget = `${serverUrl}/api/billing/webhook`;

async function forward(kept: Kept): Promise<{ status: number; body: string }> {
  const response = await fetch(webhookTarget, { method: "POST", headers: kept.headers, body: kept.body });
  return { status: response.status, body: await response.text() };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "Content-Type": type });
  res.end(body);
}

async function relayRequest(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://relay");
  const body = await readBody(req);
  if (req.method !== "POST") return send(res, 405, JSON.stringify({ error: "POST only" }));
  if (url.pathname === "/webhook") {
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "stripe-signature", "user-agent"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const kept = { body, headers };
    const user = [...held.keys()].find((id) => body.includes(`"${id}"`));
    if (user) {
      held.get(user)!.push(kept);
      return send(res, 200, JSON.stringify({ held: user }));
    }
    const answer = await forward(kept);
    return send(res, answer.status, answer.body);
  }
  const user = url.searchParams.get("user");
  if (!user) return send(res, 400, JSON.stringify({ error: "user is required" }));
  if (url.pathname === "/hold") {
    if (!held.has(user)) held.set(user, []);
    return send(res, 200, JSON.stringify({ holding: user }));
  }
  if (url.pathname === "/release") {
    const kept = held.get(user) ?? [];
    held.delete(user);
    const statuses: number[] = [];
    for (const event of kept) statuses.push((await forward(event)).status);
    return send(res, 200, JSON.stringify({ released: kept.length, statuses }));
  }
  send(res, 404, JSON.stringify({ error: "no such control" }));
}

const relay: Server = createServer((req, res) => {
  relayRequest(req, res).catch((error: unknown) => {
    if (res.headersSent) return res.end();
    send(res, 502, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  });
});
relay.listen(0, host);
await once(relay, "listening");
const relayUrl = `http://${host}:${(relay.address() as AddressInfo).port}`;

const double = await startStripeDouble({
  host,
  secretKey,
  webhookUrl: `${relayUrl}/webhook`,
  webhookSecret,
  // Quick retries: a delivery that fails is a bug the test should see soon.
  retryDelaysMs: [100, 300, 1000],
});

const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    APP_URL: process.env.APP_URL ?? serverUrl,
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: monthly,
    STRIPE_PRICE_YEARLY: yearly,
    STRIPE_API_BASE: double.url,
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  relay.closeAllConnections();
  relay.close();
  await double.close();
  process.exit(code);
}
server.once("exit", (code) => void stop(stopping ? 0 : (code ?? 1)));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stop(0));

// Ready when the server answers its health check (it listens before it has opened its data).
for (;;) {
  const healthy = await fetch(`${serverUrl}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) break;
  await sleep(50);
}
console.log(`Stripe e2e: double ${double.url} relay ${relayUrl} server ${serverUrl}`);
