import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { pollUntil } from "./poll.ts";
import { parseStripeForm, startStripeDouble } from "./stripe-double.ts";
import type { EventRecord, StripeDouble } from "./stripe-double-types.ts";

// The double is driven the way the server drives Stripe: through the official SDK, and through its
// hosted pages the way a browser submits them. A webhook endpoint in this file verifies every
// delivery with the SDK, as the server's endpoint does.

const webhookSecret = "whsec_double_test";
const day = 24 * 60 * 60;

type Receiver = {
  url: string;
  /** Verified events answered 200, in arrival order. */
  events: Stripe.Event[];
  /** Every verified delivery attempt's event id, including those answered 500. */
  attempts: string[];
  /** Deliveries whose signature did not verify. */
  rejected: string[];
  /** Answers 500 to this many of the next deliveries. */
  failNext: number;
  server: Server;
};

async function startReceiver(verifier: () => Stripe): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    events: [],
    attempts: [],
    rejected: [],
    failNext: 0,
    server: createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let event: Stripe.Event;
      try {
        event = verifier().webhooks.constructEvent(
          Buffer.concat(chunks),
          req.headers["stripe-signature"] ?? "",
          webhookSecret,
        );
      } catch (error) {
        receiver.rejected.push(String(error));
        return res.writeHead(400).end();
      }
      receiver.attempts.push(event.id);
      if (receiver.failNext > 0) {
        receiver.failNext--;
        return res.writeHead(500).end();
      }
      receiver.events.push(event);
      res.writeHead(200).end();
    }),
  };
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/billing/webhook`;
  return receiver;
}

let double: StripeDouble;
let receiver: Receiver;
let stripe: Stripe;

function sdkFor(url: string, key = "sk_test_lumen") {
  return new Stripe(key, { host: "127.0.0.1", port: Number(new URL(url).port), protocol: "http" });
}

beforeAll(async () => {
  receiver = await startReceiver(() => stripe);
  double = await startStripeDouble({ webhookUrl: receiver.url, webhookSecret });
  stripe = sdkFor(double.url);
});

afterAll(async () => {
  await double.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

beforeEach(async () => {
  await control("POST", "/_double/reset");
  Object.assign(receiver, { events: [], attempts: [], rejected: [], failNext: 0 });
});

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(double.url + path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function received() {
  return receiver.events.map((event) => event.type);
}

/** Submits the form of a hosted page whose button says `label`, as a browser would; no redirect followed. */
async function submit(pageUrl: string, label: string): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const form = html.split("</form>").find((chunk) => chunk.includes(`>${label}</button>`));
  const action = form && /<form method="post" action="([^"]+)">/.exec(form)?.[1];
  if (!form || !action) throw new Error(`No form with a "${label}" button on ${pageUrl}:\n${html}`);
  const fields = new URLSearchParams();
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.append(name!, value!);
  }
  return fetch(new URL(action, pageUrl), { method: "POST", body: fields, redirect: "manual" });
}

const successUrl = "https://lumen.test/fr/account?checkout=success&session_id={CHECKOUT_SESSION_ID}";

function createSession(params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: "price_monthly_test", quantity: 1 }],
    client_reference_id: "u1",
    customer_email: "ada@example.com",
    locale: "fr",
    success_url: successUrl,
    cancel_url: "https://lumen.test/fr/account?checkout=canceled",
    subscription_data: { metadata: { user: "u1" } },
    metadata: { user: "u1" },
    ...params,
  });
}

/** A subscription paid through the hosted checkout page, with its webhooks already received. */
async function paidSubscription(params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const session = await createSession(params);
  expect((await submit(session.url!, "Pay")).status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  receiver.events = [];
  return stripe.subscriptions.retrieve(completed.subscription as string);
}

function addMonths(seconds: number, months: number) {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

describe("checkout", () => {
  test("a session with a trial: the hosted page shows plan, amount and locale; Pay sends three signed events in order and returns to the success URL", async () => {
    const trialEnd = Math.floor(Date.now() / 1000) + 6 * day;
    const session = await createSession({
      subscription_data: { trial_end: trialEnd, metadata: { user: "u1" } },
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      mode: "subscription",
      client_reference_id: "u1",
      customer: null,
      customer_email: "ada@example.com",
      subscription: null,
      locale: "fr",
      metadata: { user: "u1" },
      success_url: successUrl,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${double.url}/checkout/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Stripe test double");
    expect(html).toContain("<h1>Subscribe to Lumen</h1>");
    expect(html).toContain("€4.99 per month");
    expect(html).toContain("<dt>Due today</dt><dd>€0.00</dd>");
    expect(html).toContain("<p>Locale: fr</p>");

    const paid = await submit(session.url!, "Pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `https://lumen.test/fr/account?checkout=success&session_id=${session.id}`,
    );
    // The redirect waits for the webhooks, as the contract promises.
    expect(received()).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(receiver.rejected).toEqual([]);

    const [completed, created, invoicePaid] = receiver.events.map((event) => event.data.object) as [
      Stripe.Checkout.Session,
      Stripe.Subscription,
      Stripe.Invoice,
    ];
    expect(receiver.events[0]).toMatchObject({
      object: "event",
      api_version: "2026-10-28.endive",
      livemode: false,
    });
    expect(completed).toMatchObject({ id: session.id, status: "complete", client_reference_id: "u1" });
    expect(completed.customer).toMatch(/^cus_/);
    expect(completed.subscription).toBe(created.id);
    expect(created).toMatchObject({
      object: "subscription",
      customer: completed.customer,
      status: "trialing",
      trial_end: trialEnd,
      cancel_at_period_end: false,
      metadata: { user: "u1" },
      latest_invoice: invoicePaid.id,
    });
    expect(created.items.data[0]).toMatchObject({
      object: "subscription_item",
      current_period_end: trialEnd,
      quantity: 1,
      price: { id: "price_monthly_test", unit_amount: 499, recurring: { interval: "month" } },
    });
    expect(invoicePaid).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_paid: 0,
      customer: completed.customer,
      parent: { subscription_details: { subscription: created.id, metadata: { user: "u1" } } },
    });
    expect(invoicePaid.lines.data[0]).toMatchObject({
      pricing: { price_details: { price: "price_monthly_test" } },
      period: { end: trialEnd },
    });

    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      customer: completed.customer,
      subscription: created.id,
    });
    expect(await stripe.subscriptions.retrieve(created.id)).toEqual(created);
    expect(await stripe.customers.retrieve(completed.customer as string)).toMatchObject({
      email: "ada@example.com",
    });
    // A completed session cannot be paid twice.
    expect((await fetch(`${session.url}/pay`, { method: "POST" })).status).toBe(409);
  });

  test("a session without a trial for an existing customer is charged the price and runs one month", async () => {
    const customer = await stripe.customers.create({
      email: "bob@example.com",
      name: "Bob",
      metadata: { user: "u2" },
    });
    expect(customer).toMatchObject({
      object: "customer",
      email: "bob@example.com",
      metadata: { user: "u2" },
    });
    const session = await createSession({
      customer: customer.id,
      customer_email: undefined,
      client_reference_id: "u2",
      locale: "en",
      subscription_data: { metadata: { user: "u2" } },
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("<dt>Due today</dt><dd>€4.99</dd>");
    expect(html).toContain("<p>Locale: en</p>");
    expect(html).toContain("bob@example.com");

    const before = Math.floor(Date.now() / 1000);
    expect((await submit(session.url!, "Pay")).status).toBe(303);
    const after = Math.floor(Date.now() / 1000);
    expect(received()).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    const subscription = receiver.events[1]!.data.object as Stripe.Subscription;
    const invoice = receiver.events[2]!.data.object as Stripe.Invoice;
    expect(subscription).toMatchObject({ customer: customer.id, status: "active", trial_end: null });
    const item = subscription.items.data[0]!;
    expect(item.current_period_start).toBeGreaterThanOrEqual(before);
    expect(item.current_period_start).toBeLessThanOrEqual(after);
    expect(item.current_period_end).toBe(addMonths(item.current_period_start, 1));
    expect(invoice).toMatchObject({ amount_due: 499, amount_paid: 499, currency: "eur", status: "paid" });
    expect(Object.keys(double.state.customers)).toEqual([customer.id]);
  });

  test("the yearly price runs one year; the Cancel link goes to the cancel URL and creates nothing", async () => {
    const yearly = await paidSubscription({ line_items: [{ price: "price_yearly_test", quantity: 1 }] });
    expect(yearly.items.data[0]!.current_period_end).toBe(
      addMonths(yearly.items.data[0]!.current_period_start, 12),
    );

    await control("POST", "/_double/reset");
    const session = await createSession();
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<a href="https://lumen.test/fr/account?checkout=canceled">Cancel</a>');
    expect(double.state.subscriptions).toEqual({});
    expect(double.state.customers).toEqual({});
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  test("Stripe refuses what the double refuses: unknown price, unknown customer, a trial under two days, a wrong key", async () => {
    const unknownPrice = createSession({ line_items: [{ price: "price_nope", quantity: 1 }] });
    await expect(unknownPrice).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(unknownPrice).rejects.toMatchObject({ statusCode: 400, param: "line_items[0][price]" });

    const shortTrial = createSession({
      subscription_data: { trial_end: Math.floor(Date.now() / 1000) + day, metadata: { user: "u1" } },
    });
    await expect(shortTrial).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "subscription_data[trial_end]",
    });

    const portal = stripe.billingPortal.sessions.create({
      customer: "cus_nope",
      return_url: "https://lumen.test/account",
    });
    await expect(portal).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "customer" });
    await expect(stripe.subscriptions.retrieve("sub_nope")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
    });

    await expect(stripe.prices.retrieve("price_yearly_test")).resolves.toMatchObject({
      id: "price_yearly_test",
      object: "price",
      active: true,
      currency: "eur",
      unit_amount: 4999,
      recurring: { interval: "year", interval_count: 1 },
    });
    await expect(stripe.prices.retrieve("price_nope")).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );

    const wrongKey = sdkFor(double.url, "sk_test_wrong").prices.retrieve("price_monthly_test");
    await expect(wrongKey).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(double.state.checkout_sessions).toEqual({});
  });
});

describe("webhook delivery", () => {
  test("an endpoint answering 500 twice then 200 gets the event three times, and the state records each attempt", async () => {
    receiver.failNext = 2;
    const { body } = await control("POST", "/_double/events", {
      type: "customer.subscription.updated",
      object: { id: "sub_x", object: "subscription", status: "active" },
      created: 1_700_000_000,
    });
    const record = body as unknown as EventRecord;
    expect(receiver.attempts).toEqual([record.id, record.id, record.id]);
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]).toMatchObject({ created: 1_700_000_000, data: { object: { id: "sub_x" } } });
    expect(record.status).toBe("delivered");
    expect(record.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
  });

  test("an endpoint that never answers 2xx gets every retry, then the event is recorded as failed", async () => {
    const failing = await startStripeDouble({
      webhookUrl: receiver.url,
      webhookSecret: "whsec_another_secret",
      retryDelaysMs: [1, 1],
    });
    try {
      const response = await fetch(`${failing.url}/_double/events`, {
        method: "POST",
        body: JSON.stringify({ type: "invoice.paid", object: { id: "in_x", object: "invoice" } }),
      });
      const record = (await response.json()) as EventRecord;
      expect(record.status).toBe("failed");
      expect(record.attempts).toHaveLength(3);
      // The receiver refused them: signed with a secret it does not know.
      expect(receiver.rejected).toHaveLength(3);
      expect(failing.state.events[0]!.status).toBe("failed");
    } finally {
      await failing.close();
    }
  });

  test("a replay sends the event again as it was when first sent, signed anew", async () => {
    const subscription = await paidSubscription();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await pollUntil(
      received,
      (types) => types.length === 1,
      (types) => `received ${types}`,
    );
    const created = double.state.events.find((event) => event.type === "customer.subscription.created")!;
    const { status, body } = await control("POST", `/_double/deliver/${created.id}`);
    expect(status).toBe(200);
    expect(received()).toEqual(["customer.subscription.updated", "customer.subscription.created"]);
    expect(receiver.events[1]!.id).toBe(created.id);
    expect(receiver.events[1]!.data.object).toMatchObject({
      id: subscription.id,
      cancel_at_period_end: false,
    });
    expect(receiver.rejected).toEqual([]);
    expect(body).toMatchObject({ status: "delivered", attempts: [{ status: 200 }, { status: 200 }] });
    expect((await control("POST", "/_double/deliver/evt_nope")).status).toBe(404);
  });
});

describe("portal and billing", () => {
  test("portal: cancel at period end, then the period ends and the subscription is deleted", async () => {
    const subscription = await paidSubscription();
    const portal = await stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: "https://lumen.test/fr/account",
      locale: "fr",
    });
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      url: `${double.url}/portal/${portal.id}`,
      return_url: "https://lumen.test/fr/account",
    });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("Stripe test double");
    expect(html).toContain("<p>Locale: fr</p>");
    expect(html).toContain("Lumen, monthly");
    expect(html).toContain('<a href="https://lumen.test/fr/account">Return to Lumen</a>');

    const canceled = await submit(portal.url, "Cancel subscription");
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get("location")).toBe(portal.url);
    expect(received()).toEqual(["customer.subscription.updated"]);
    const updated = receiver.events[0]!.data.object as Stripe.Subscription;
    expect(updated).toMatchObject({ id: subscription.id, status: "active", cancel_at_period_end: true });
    expect(updated.canceled_at).toEqual(expect.any(Number));
    expect(await (await fetch(portal.url)).text()).toContain(">Renew subscription</button>");

    const { body } = await control("POST", `/_double/subscriptions/${subscription.id}/advance`);
    expect(body).toMatchObject({ id: subscription.id, status: "canceled", ended_at: expect.any(Number) });
    expect(received()).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    expect(receiver.events[1]!.data.object).toMatchObject({ status: "canceled" });
    expect((await control("POST", `/_double/subscriptions/${subscription.id}/advance`)).status).toBe(400);
  });

  test("portal: renew undoes a cancellation; switching to yearly changes the price and the period", async () => {
    const subscription = await paidSubscription();
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
    await submit(portal.url, "Cancel subscription");
    await submit(portal.url, "Renew subscription");
    await submit(portal.url, "Switch to yearly");
    expect(received()).toEqual([
      "customer.subscription.updated",
      "customer.subscription.updated",
      "customer.subscription.updated",
    ]);
    expect(receiver.events[1]!.data.object).toMatchObject({ cancel_at_period_end: false, canceled_at: null });
    const switched = receiver.events[2]!.data.object as Stripe.Subscription;
    const item = switched.items.data[0]!;
    expect(item.price).toMatchObject({ id: "price_yearly_test", recurring: { interval: "year" } });
    expect(item.current_period_end).toBe(addMonths(item.current_period_start, 12));
    expect(await (await fetch(portal.url)).text()).toContain(">Switch to monthly</button>");
  });

  test("a failing card makes the renewal fail and the subscription past due; a new payment method pays it", async () => {
    const subscription = await paidSubscription();
    const customer = subscription.customer as string;
    expect((await control("POST", `/_double/customers/${customer}/card`, { fails: true })).status).toBe(200);

    const { body } = await control("POST", `/_double/subscriptions/${subscription.id}/advance`);
    expect(body).toMatchObject({ status: "past_due" });
    expect(received()).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    const failed = receiver.events[0]!.data.object as Stripe.Invoice;
    expect(failed).toMatchObject({
      status: "open",
      amount_due: 499,
      amount_paid: 0,
      billing_reason: "subscription_cycle",
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(receiver.events[1]!.data.object).toMatchObject({ status: "past_due", latest_invoice: failed.id });

    const portal = await stripe.billingPortal.sessions.create({ customer });
    expect(await (await fetch(portal.url)).text()).toContain("Test card: charges fail.");
    expect((await submit(portal.url, "Update payment method")).status).toBe(303);
    expect(received().slice(2)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(receiver.events[2]!.data.object).toMatchObject({
      id: failed.id,
      status: "paid",
      amount_paid: 499,
    });
    expect(receiver.events[3]!.data.object).toMatchObject({ id: subscription.id, status: "active" });
    expect(double.state.card_fails[customer]).toBe(false);
  });

  test("the end of a trial bills the price and makes the subscription active", async () => {
    const trialEnd = Math.floor(Date.now() / 1000) + 6 * day;
    const subscription = await paidSubscription({
      subscription_data: { trial_end: trialEnd, metadata: { user: "u1" } },
    });
    expect(subscription.status).toBe("trialing");
    const { body } = await control("POST", `/_double/subscriptions/${subscription.id}/advance`);
    expect(body).toMatchObject({ status: "active" });
    expect(received()).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(receiver.events[0]!.data.object).toMatchObject({ amount_paid: 499, status: "paid" });
    const renewed = receiver.events[1]!.data.object as Stripe.Subscription;
    expect(renewed.trial_end).toBeLessThan(trialEnd);
    expect(renewed.items.data[0]!.current_period_end).toBe(
      addMonths(renewed.items.data[0]!.current_period_start, 1),
    );
  });

  test("the API: cancel at period end, then cancel now", async () => {
    const subscription = await paidSubscription();
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, status: "active" });
    await pollUntil(
      received,
      (types) => types.length === 1,
      (types) => `received ${types}`,
    );
    expect(received()).toEqual(["customer.subscription.updated"]);

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ id: subscription.id, status: "canceled" });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(canceled.ended_at).toEqual(expect.any(Number));
    await pollUntil(
      received,
      (types) => types.length === 2,
      (types) => `received ${types}`,
    );
    expect(received()).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe("refunds", () => {
  test("an invoice's payment is found through the SDK and refunded once; charge.refunded is sent", async () => {
    const subscription = await paidSubscription();
    const invoices = await stripe.invoices.list({ subscription: subscription.id, status: "paid", limit: 1 });
    expect(invoices.data).toHaveLength(1);
    const invoice = invoices.data[0]!;
    expect(invoice).toMatchObject({ amount_paid: 499, status: "paid" });
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id!, status: "paid" });
    expect(payments.data).toHaveLength(1);
    const intent = payments.data[0]!.payment.payment_intent as string;
    expect(intent).toMatch(/^pi_/);

    const refund = await stripe.refunds.create({ payment_intent: intent, metadata: { user: "u1" } });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 499,
      status: "succeeded",
      payment_intent: intent,
    });
    expect(refund.metadata).toEqual({ user: "u1" });
    const charge = await stripe.charges.retrieve(refund.charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 499, payment_intent: intent });
    await pollUntil(
      received,
      (types) => types.length === 1,
      (types) => `received ${types}`,
    );
    expect(received()).toEqual(["charge.refunded"]);
    expect(receiver.events[0]!.data.object).toMatchObject({ id: charge.id, refunded: true });

    const again = await stripe.refunds.create({ payment_intent: intent }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ code: "charge_already_refunded" });
    expect(Object.keys(double.state.refunds)).toEqual([refund.id]);
  });

  test("an invoice of a trial charges nothing: no payment to refund; a renewal's payment is the newest", async () => {
    const subscription = await paidSubscription({
      subscription_data: { trial_end: Math.floor(Date.now() / 1000) + 6 * day, metadata: { user: "u1" } },
    });
    const first = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(first.map((invoice) => invoice.amount_paid)).toEqual([0]);
    expect((await stripe.invoicePayments.list({ invoice: first[0]!.id! })).data).toEqual([]);
    await control("POST", `/_double/subscriptions/${subscription.id}/advance`);
    const invoices = (await stripe.invoices.list({ subscription: subscription.id, status: "paid" })).data;
    expect(invoices.map((invoice) => invoice.amount_paid)).toEqual([499, 0]);
    expect((await stripe.invoicePayments.list({ invoice: invoices[0]!.id! })).data).toHaveLength(1);
    await expect(stripe.refunds.create({ payment_intent: "pi_nothing" })).rejects.toMatchObject({
      code: "resource_missing",
    });
  });
});

describe("running it", () => {
  test("the state lists what happened", async () => {
    const subscription = await paidSubscription();
    const { body } = await control("GET", "/_double/state");
    expect(Object.keys(body.subscriptions as object)).toEqual([subscription.id]);
    expect(Object.keys(body.invoices as object)).toHaveLength(1);
    expect((body.events as EventRecord[]).map((event) => [event.type, event.status])).toEqual([
      ["checkout.session.completed", "delivered"],
      ["customer.subscription.created", "delivered"],
      ["invoice.paid", "delivered"],
    ]);
  });

  test("as a script, it prints its URL and answers the SDK", async () => {
    const child = spawn(process.execPath, ["server/testing/stripe-double.ts"], {
      env: { ...process.env, PORT: "0", STRIPE_DOUBLE_SECRET_KEY: "sk_test_script" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const printed = await pollUntil(
        () => output,
        (text) => /Stripe test double on http:\/\/127\.0\.0\.1:\d+\n/.test(text),
        (text) => `printed: ${text}`,
      );
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(printed)![0];
      const price = await sdkFor(url, "sk_test_script").prices.retrieve("price_monthly_test");
      expect(price).toMatchObject({ unit_amount: 499, recurring: { interval: "month" } });
    } finally {
      child.kill();
    }
  });

  test("Stripe's form encoding becomes nested objects and arrays", () => {
    expect(
      parseStripeForm(
        "line_items[0][price]=p&line_items[0][quantity]=1&subscription_data[metadata][user]=u1&expand[]=a&expand[]=b&__proto__[x]=1",
      ),
    ).toEqual({
      line_items: [{ price: "p", quantity: "1" }],
      subscription_data: { metadata: { user: "u1" } },
      expand: ["a", "b"],
    });
  });
});
