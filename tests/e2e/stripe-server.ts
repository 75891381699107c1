import { execFile } from "node:child_process";
import { promisify } from "node:util";
import PocketBase from "pocketbase";

// The e2e tier's second server, in Stripe mode, beside the Stripe test double
// (server/testing/stripe-e2e-server.ts, started by playwright.config.ts), and the double's test
// controls as the billing journeys use them.

/** Its port: beside the manual-mode server's (E2E_PORT, default 4390), unless E2E_STRIPE_PORT says. */
export const stripePort = Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4390) + 1);

/** Its data folder, emptied at each start: the double's memory and the database begin together. */
export const stripeDataDir = process.env.E2E_STRIPE_DATA_DIR ?? "test-results/pb_data_stripe";

/** The Stripe-mode server's address: the site and the API. */
export const stripeBaseURL = `http://127.0.0.1:${stripePort}`;

/** An address the server script printed when it was ready (the Playwright config reads it out). */
function started(name: "E2E_STRIPE_DOUBLE" | "E2E_STRIPE_RELAY"): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is unset: run the tests through playwright.config.ts`);
  return url;
}

async function post(url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The double's test controls (server/testing/stripe-double.ts, "Test controls"). */
export const stripeDouble = {
  /** Ends the subscription's current period now: a renewal, a failed one, or the end of a cancelled one. */
  advance: (subscription: string) =>
    post(`${started("E2E_STRIPE_DOUBLE")}/_double/subscriptions/${subscription}/advance`),
  /** Makes the customer's next charges fail (or succeed again). */
  cardFails: (customer: string, fails = true) =>
    post(`${started("E2E_STRIPE_DOUBLE")}/_double/customers/${customer}/card`, { fails }),
};

/** Holds the webhooks about one user at the relay (acknowledged to the double, not delivered). */
export const holdWebhooks = (user: string) =>
  post(`${started("E2E_STRIPE_RELAY")}/hold?user=${encodeURIComponent(user)}`);

/** Delivers the held webhooks about one user, in order; returns the server's answers. */
export const releaseWebhooks = (user: string) =>
  post(`${started("E2E_STRIPE_RELAY")}/release?user=${encodeURIComponent(user)}`) as Promise<{
    released: number;
    statuses: number[];
  }>;

export const superuserPassword = "superuser-secret-1";

/**
 * A new superuser of a server's data folder, made as an operator makes one: the CLI. Run without
 * blocking: a worker whose event loop waits on a child process misses the server closing an idle
 * keep-alive connection, and its next request goes out on the closed socket ("other side closed").
 */
export async function createSuperuser(dataDir: string) {
  const email = `root.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await promisify(execFile)("node", ["server/cli.ts", "superuser", "upsert", email, superuserPassword], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return email;
}

/** A new superuser of a server's data folder, signed in with the SDK. */
export async function superuserOf(baseURL: string, dataDir: string) {
  const email = await createSuperuser(dataDir);
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(email, superuserPassword);
  return { pb, email };
}
