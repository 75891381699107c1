import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Stripe from "stripe";
import { checkoutPage, invoicePage, messagePage, portalPage } from "./stripe-double-pages.ts";
import type {
  Interval,
  PriceConfig,
  Price,
  Customer,
  CheckoutSession,
  PortalSession,
  Subscription,
  Invoice,
  InvoicePayment,
  PaymentIntent,
  Charge,
  Refund,
  StripeEvent,
  DeliveryAttempt,
  EventRecord,
  DoubleState,
  StripeDoubleOptions,
  StripeDouble,
} from "./stripe-double-types.ts";

// A Stripe API test double: only the endpoints the server calls, in Stripe's wire format, reached by
// the official `stripe` SDK (`new Stripe(key, { host, port, protocol })`). State is in memory. Its
// hosted checkout and portal pages complete payments and send the webhooks Stripe sends, signed with
// the SDK. Test controls (card failures, the end of a period, replays) live under `/_double/`.
// It keeps the real clock: "advance" ends the current period now, so the server's own clock agrees
// with the double about what has ended.

export const defaultPrices: PriceConfig = {
  price_monthly_test: { unit_amount: 499, interval: "month" },
  price_yearly_test: { unit_amount: 4999, interval: "year" },
};

const apiVersion = Stripe.API_VERSION;
const twoDays = 2 * 24 * 60 * 60;

type Params = Record<string, unknown>;

class DoubleError extends Error {
  status: number;
  type: string;
  param: string | undefined;
  code: string | undefined;
  constructor(status: number, type: string, message: string, param?: string, code?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
  }
}

function invalid(message: string, param?: string, status = 400, code?: string) {
  return new DoubleError(status, "invalid_request_error", message, param, code);
}

function missing(kind: string, id: string, param = "id", status = 404) {
  return invalid(`No such ${kind}: '${id}'`, param, status, "resource_missing");
}

const unsafeKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Parses Stripe's form encoding (`line_items[0][price]=p`) into nested objects; numeric keys make arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const head = /^[^[\]]+/.exec(key)?.[0];
    if (!head) continue;
    const segments = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)];
    if (segments.some((segment) => unsafeKeys.has(segment))) continue;
    let node: Params | unknown[] = root;
    for (let i = 0; i < segments.length; i++) {
      const container: Record<string, unknown> = node as Record<string, unknown>;
      const segment = segments[i]!;
      const slot = segment === "" && Array.isArray(node) ? String(node.length) : segment;
      if (i === segments.length - 1) {
        container[slot] = value;
        break;
      }
      const existing = container[slot];
      if (existing !== null && typeof existing === "object") {
        node = existing as Params | unknown[];
      } else {
        const child: Params | unknown[] = /^\d*$/.test(segments[i + 1]!) ? [] : {};
        container[slot] = child;
        node = child;
      }
    }
  }
  return root;
}

// Stripe sends an empty value for "unset", so an empty string counts as absent.
function optionalString(params: Params, key: string, param = key): string | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${param}`, param);
  return value;
}

function requiredString(params: Params, key: string, param = key): string {
  const value = optionalString(params, key, param);
  if (value === undefined) throw invalid(`Missing required param: ${param}.`, param);
  return value;
}

function optionalUrl(params: Params, key: string): string | undefined {
  const value = optionalString(params, key);
  if (value !== undefined && !URL.canParse(value)) throw invalid("Not a valid URL", key);
  return value;
}

function objectParam(params: Params, key: string, param = key): Params {
  const value = params[key];
  if (value === undefined || value === "") return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalid(`Invalid object: ${param}`, param);
  }
  return value as Params;
}

function metadataParam(params: Params, key: string, param = key): Record<string, string> {
  const value = objectParam(params, key, param);
  const metadata: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== "string")
      throw invalid(`Invalid metadata value: ${param}[${name}]`, `${param}[${name}]`);
    metadata[name] = item;
  }
  return metadata;
}

function booleanParam(params: Params, key: string): boolean | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, key);
  return value === "true";
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function addInterval(seconds: number, interval: Interval): number {
  const date = new Date(seconds * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

function emptyState(prices: Record<string, Price>): DoubleState {
  return {
    prices,
    customers: {},
    card_fails: {},
    checkout_sessions: {},
    portal_sessions: {},
    subscriptions: {},
    invoices: {},
    invoice_payments: {},
    payment_intents: {},
    charges: {},
    refunds: {},
    events: [],
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": newId("req"),
    "Stripe-Version": apiVersion,
  });
  res.end(JSON.stringify(body, null, 2));
}

function sendError(res: ServerResponse, error: DoubleError) {
  const body: Record<string, string> = { type: error.type, message: error.message };
  if (error.param) body.param = error.param;
  if (error.code) body.code = error.code;
  sendJson(res, error.status, { error: body });
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

/** Starts the double on a loopback port; `state` is its live in-memory state. */
export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const host = options.host ?? "127.0.0.1";
  const secretKey = options.secretKey ?? "sk_test_lumen";
  const retryDelays = options.retryDelaysMs ?? [200, 500, 1000, 2000];
  if (options.webhookUrl && !options.webhookSecret) throw new Error("A webhook URL needs a webhook secret");
  const webhook = { url: options.webhookUrl ?? "", secret: options.webhookSecret ?? "" };
  const created = now();
  const prices: Record<string, Price> = {};
  for (const [id, config] of Object.entries(options.prices ?? defaultPrices)) {
    prices[id] = {
      id,
      object: "price",
      active: true,
      currency: "eur",
      unit_amount: config.unit_amount,
      recurring: { interval: config.interval, interval_count: 1, usage_type: "licensed" },
      product: "prod_lumen_test",
      type: "recurring",
      created,
      livemode: false,
    };
  }
  const state = emptyState(prices);
  // What a checkout session carries that Stripe does not show on the session object.
  let checkoutLines = new Map<
    string,
    { price: Price; trialEnd: number | null; metadata: Record<string, string>; tax: boolean }
  >();
  // The subscriptions whose Checkout turned Stripe Tax on: their invoices show the VAT inside.
  const taxed = new Set<string>();
  const closing = new AbortController();
  let base = "";

  // One delivery at a time, so events reach the endpoint in the order they happened.
  let queue: Promise<unknown> = Promise.resolve();

  async function deliver(record: EventRecord) {
    if (!webhook.url) {
      record.status = "skipped";
      return;
    }
    record.status = "pending";
    const payload = JSON.stringify(record.event, null, 2);
    for (let attempt = 0; ; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
      const result: DeliveryAttempt = { at: now(), status: null, error: null };
      try {
        const response = await fetch(webhook.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Stripe-Signature": signature,
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer();
        result.status = response.status;
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
      }
      record.attempts.push(result);
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        record.status = "delivered";
        return;
      }
      if (attempt >= retryDelays.length || closing.signal.aborted) {
        record.status = "failed";
        return;
      }
      await sleep(retryDelays[attempt], undefined, { signal: closing.signal }).catch(() => {});
    }
  }

  function enqueue(record: EventRecord): Promise<void> {
    const delivery = queue.then(() => deliver(record));
    queue = delivery.catch(() => {});
    return delivery;
  }

  /** Records an event with a copy of `object` as it is now and queues its delivery. */
  function emit(
    type: string,
    object: unknown,
    createdAt = now(),
  ): { record: EventRecord; delivered: Promise<void> } {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: apiVersion,
      created: createdAt,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    const record: EventRecord = {
      id: event.id,
      type,
      created: createdAt,
      status: "pending",
      attempts: [],
      event,
    };
    state.events.push(record);
    return { record, delivered: enqueue(record) };
  }

  async function emitAll(events: [string, unknown][]) {
    await Promise.all(events.map(([type, object]) => emit(type, object).delivered));
  }

  function createCustomer(email: string | null, name: string | null, metadata: Record<string, string>) {
    const customer: Customer = {
      id: newId("cus"),
      object: "customer",
      email,
      name,
      metadata,
      created: now(),
      livemode: false,
    };
    state.customers[customer.id] = customer;
    return customer;
  }

  function createInvoice(
    subscription: Subscription,
    amount: number,
    paid: boolean,
    billingReason: Invoice["billing_reason"],
    invoicePeriod: { start: number; end: number },
  ): Invoice {
    const item = subscription.items.data[0]!;
    const id = newId("in");
    const customer = state.customers[subscription.customer];
    const count = Object.values(state.invoices).filter(
      (other) => other.customer === subscription.customer,
    ).length;
    const invoice: Invoice = {
      id,
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      currency: "eur",
      created: now(),
      // Like Stripe: the invoice's own period is the one that just ended (a first invoice's is an
      // instant); the line's period is the one being paid for.
      period_start: invoicePeriod.start,
      period_end: invoicePeriod.end,
      number: `${(customer?.id ?? "CUS").slice(-8).toUpperCase()}-${String(count + 1).padStart(4, "0")}`,
      total: amount,
      // With Stripe Tax on, the VAT inside the tax-inclusive price (20 %); none otherwise.
      total_taxes: taxed.has(subscription.id)
        ? [
            {
              amount: Math.round(amount - amount / 1.2),
              tax_behavior: "inclusive",
              taxability_reason: "standard_rated",
            },
          ]
        : [],
      hosted_invoice_url: `${base}/invoice/${id}`,
      invoice_pdf: `${base}/invoice/${id}/pdf`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: newId("il"),
            object: "line_item",
            amount,
            currency: "eur",
            pricing: {
              type: "price_details",
              price_details: { price: item.price.id, product: item.price.product },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
      livemode: false,
    };
    state.invoices[id] = invoice;
    subscription.latest_invoice = id;
    if (paid) recordPayment(invoice);
    return invoice;
  }

  /** A paid invoice above 0 was paid by card: its PaymentIntent, charge and InvoicePayment. */
  function recordPayment(invoice: Invoice) {
    if (invoice.amount_paid <= 0) return;
    const t = now();
    const intent: PaymentIntent = {
      id: newId("pi"),
      object: "payment_intent",
      amount: invoice.amount_paid,
      amount_received: invoice.amount_paid,
      currency: "eur",
      customer: invoice.customer,
      status: "succeeded",
      latest_charge: newId("ch"),
      created: t,
      livemode: false,
    };
    const charge: Charge = {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      currency: "eur",
      customer: invoice.customer,
      payment_intent: intent.id,
      status: "succeeded",
      created: t,
      livemode: false,
    };
    const payment: InvoicePayment = {
      id: newId("inpay"),
      object: "invoice_payment",
      amount_paid: intent.amount,
      amount_requested: intent.amount,
      currency: "eur",
      invoice: invoice.id,
      is_default: true,
      payment: { type: "payment_intent", payment_intent: intent.id },
      status: "paid",
      status_transitions: { paid_at: t, canceled_at: null },
      created: t,
      livemode: false,
    };
    state.payment_intents[intent.id] = intent;
    state.charges[charge.id] = charge;
    state.invoice_payments[payment.id] = payment;
  }

  /** Stripe's list envelope, newest first as Stripe lists, at most `limit` (10 by default). */
  function list<T>(items: T[], params: Params, url: string) {
    const limit = Number(optionalString(params, "limit") ?? "10");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid("Invalid limit", "limit");
    const newest = items.toReversed();
    return { object: "list", data: newest.slice(0, limit), has_more: newest.length > limit, url };
  }

  function listInvoices(params: Params) {
    const subscription = optionalString(params, "subscription");
    const customer = optionalString(params, "customer");
    const status = optionalString(params, "status");
    const invoices = Object.values(state.invoices).filter(
      (invoice) =>
        (!subscription || invoice.parent.subscription_details.subscription === subscription) &&
        (!customer || invoice.customer === customer) &&
        (!status || invoice.status === status),
    );
    return list(invoices, params, "/v1/invoices");
  }

  function listInvoicePayments(params: Params) {
    const invoice = optionalString(params, "invoice");
    const status = optionalString(params, "status");
    const payments = Object.values(state.invoice_payments).filter(
      (payment) => (!invoice || payment.invoice === invoice) && (!status || payment.status === status),
    );
    return list(payments, params, "/v1/invoice_payments");
  }

  /**
   * A refund of a whole charge, named by its PaymentIntent or the charge itself; refused as Stripe
   * refuses it when the charge is already refunded. Sends `charge.refunded`.
   */
  function createRefund(params: Params): Refund {
    const intentId = optionalString(params, "payment_intent");
    const chargeId = optionalString(params, "charge");
    if (intentId && chargeId) {
      throw invalid("You may only specify one of these parameters: charge, payment_intent.", "charge");
    }
    let charge: Charge | undefined;
    if (intentId) {
      const intent =
        state.payment_intents[intentId] ?? fail(missing("payment_intent", intentId, "payment_intent", 400));
      charge = state.charges[intent.latest_charge];
    } else if (chargeId) {
      charge = state.charges[chargeId] ?? fail(missing("charge", chargeId, "charge", 400));
    } else {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    }
    if (!charge) throw invalid("This PaymentIntent has no charge to refund.", "payment_intent");
    if (charge.refunded) {
      throw invalid(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        400,
        "charge_already_refunded",
      );
    }
    const amountParam = optionalString(params, "amount");
    const left = charge.amount - charge.amount_refunded;
    const amount = amountParam === undefined ? left : Number(amountParam);
    if (!Number.isInteger(amount) || amount <= 0) throw invalid("Invalid positive integer", "amount");
    if (amount > left) {
      throw invalid(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        "amount",
      );
    }
    const reason = optionalString(params, "reason") ?? null;
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid(`Invalid reason: ${reason}`, "reason");
    }
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: "eur",
      status: "succeeded",
      reason: reason as Refund["reason"],
      metadata: metadataParam(params, "metadata"),
      created: now(),
    };
    state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    // Like Stripe, the answer does not wait for webhooks.
    emit("charge.refunded", charge);
    return refund;
  }

  function findSubscription(id: string): Subscription {
    const subscription = state.subscriptions[id];
    if (!subscription) throw missing("subscription", id);
    return subscription;
  }

  function ended(subscription: Subscription) {
    return subscription.status === "canceled" || subscription.status === "incomplete_expired";
  }

  function refuseEnded(subscription: Subscription) {
    if (ended(subscription)) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
  }

  function setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): boolean {
    if (subscription.cancel_at_period_end === cancel) return false;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
    subscription.canceled_at = cancel ? now() : null;
    return true;
  }

  // --- Stripe's API -------------------------------------------------------------------------

  function createCheckoutSession(params: Params): CheckoutSession {
    if (requiredString(params, "mode") !== "subscription")
      throw invalid("Only mode=subscription is supported", "mode");
    const lineItems = params.line_items;
    const line = Array.isArray(lineItems) ? (lineItems[0] as Params | undefined) : undefined;
    if (!line || typeof line !== "object") throw invalid("Missing required param: line_items.", "line_items");
    const priceId = requiredString(line, "price", "line_items[0][price]");
    const price = state.prices[priceId];
    if (!price) throw missing("price", priceId, "line_items[0][price]", 400);
    const quantity = optionalString(line, "quantity", "line_items[0][quantity]");
    if (quantity !== undefined && quantity !== "1")
      throw invalid("Only quantity 1 is supported", "line_items[0][quantity]");
    const successUrl = optionalUrl(params, "success_url");
    if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
    const customer = optionalString(params, "customer");
    const customerEmail = optionalString(params, "customer_email");
    if (customer && customerEmail) {
      throw invalid(
        "You may only specify one of these parameters: customer, customer_email.",
        "customer_email",
      );
    }
    if (customer && !state.customers[customer]) throw missing("customer", customer, "customer", 400);
    const locale = optionalString(params, "locale");
    if (locale !== undefined && !/^(auto|[a-z]{2}(-[A-Z]{2})?)$/.test(locale)) {
      throw invalid(`Invalid locale: ${locale}`, "locale");
    }
    const subscriptionData = objectParam(params, "subscription_data");
    const automaticTax = booleanParam(objectParam(params, "automatic_tax"), "enabled") ?? false;
    const addressCollection = optionalString(params, "billing_address_collection") ?? null;
    if (addressCollection !== null && addressCollection !== "auto" && addressCollection !== "required") {
      throw invalid(`Invalid billing_address_collection: ${addressCollection}`, "billing_address_collection");
    }
    const customerUpdate = objectParam(params, "customer_update");
    if (Object.keys(customerUpdate).length > 0 && !customer) {
      throw invalid("customer_update can only be used with customer.", "customer_update");
    }
    const trialEndParam = optionalString(subscriptionData, "trial_end", "subscription_data[trial_end]");
    let trialEnd: number | null = null;
    if (trialEndParam !== undefined) {
      trialEnd = Number(trialEndParam);
      if (!Number.isInteger(trialEnd)) throw invalid("Invalid integer", "subscription_data[trial_end]");
      // Stripe's own rule for Checkout trials.
      if (trialEnd < now() + twoDays) {
        throw invalid(
          "The `trial_end` date has to be at least 2 days in the future.",
          "subscription_data[trial_end]",
        );
      }
    }
    const t = now();
    const id = newId("cs_test");
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      url: `${base}/checkout/${id}`,
      status: "open",
      mode: "subscription",
      payment_status: "unpaid",
      client_reference_id: optionalString(params, "client_reference_id") ?? null,
      customer: customer ?? null,
      customer_email: customerEmail ?? null,
      subscription: null,
      metadata: metadataParam(params, "metadata"),
      success_url: successUrl,
      cancel_url: optionalUrl(params, "cancel_url") ?? null,
      locale: locale ?? null,
      currency: "eur",
      amount_total: trialEnd === null ? price.unit_amount : 0,
      automatic_tax: { enabled: automaticTax, status: automaticTax ? "complete" : null },
      billing_address_collection: addressCollection as CheckoutSession["billing_address_collection"],
      tax_id_collection: {
        enabled: booleanParam(objectParam(params, "tax_id_collection"), "enabled") ?? false,
      },
      customer_update:
        Object.keys(customerUpdate).length > 0 ? (customerUpdate as { address?: string }) : null,
      created: t,
      expires_at: t + 24 * 60 * 60,
      livemode: false,
    };
    state.checkout_sessions[id] = session;
    checkoutLines.set(id, {
      price,
      trialEnd,
      metadata: metadataParam(subscriptionData, "metadata", "subscription_data[metadata]"),
      tax: automaticTax,
    });
    return session;
  }

  function createPortalSession(params: Params): PortalSession {
    const customer = requiredString(params, "customer");
    if (!state.customers[customer]) throw missing("customer", customer, "customer", 400);
    const id = newId("bps");
    const session: PortalSession = {
      id,
      object: "billing_portal.session",
      url: `${base}/portal/${id}`,
      customer,
      return_url: optionalUrl(params, "return_url") ?? null,
      locale: optionalString(params, "locale") ?? null,
      created: now(),
      livemode: false,
    };
    state.portal_sessions[id] = session;
    return session;
  }

  function updateSubscription(id: string, params: Params): Subscription {
    const subscription = findSubscription(id);
    refuseEnded(subscription);
    const cancel = booleanParam(params, "cancel_at_period_end");
    if (cancel !== undefined && setCancelAtPeriodEnd(subscription, cancel)) {
      // Like Stripe, the answer does not wait for webhooks.
      emit("customer.subscription.updated", subscription);
    }
    return subscription;
  }

  function cancelSubscription(id: string): Subscription {
    const subscription = findSubscription(id);
    refuseEnded(subscription);
    const t = now();
    subscription.status = "canceled";
    subscription.canceled_at ??= t;
    subscription.ended_at = t;
    emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  const apiRoutes: [string, RegExp, (id: string, params: Params) => unknown][] = [
    ["POST", /^checkout\/sessions$/, (_, params) => createCheckoutSession(params)],
    [
      "GET",
      /^checkout\/sessions\/([^/]+)$/,
      (id) => state.checkout_sessions[id] ?? fail(missing("checkout.session", id)),
    ],
    ["POST", /^billing_portal\/sessions$/, (_, params) => createPortalSession(params)],
    ["GET", /^prices\/([^/]+)$/, (id) => state.prices[id] ?? fail(missing("price", id))],
    [
      "POST",
      /^customers$/,
      (_, params) =>
        createCustomer(
          optionalString(params, "email") ?? null,
          optionalString(params, "name") ?? null,
          metadataParam(params, "metadata"),
        ),
    ],
    ["GET", /^customers\/([^/]+)$/, (id) => state.customers[id] ?? fail(missing("customer", id))],
    ["GET", /^subscriptions\/([^/]+)$/, (id) => findSubscription(id)],
    ["POST", /^subscriptions\/([^/]+)$/, (id, params) => updateSubscription(id, params)],
    ["DELETE", /^subscriptions\/([^/]+)$/, (id) => cancelSubscription(id)],
    ["GET", /^invoices$/, (_, params) => listInvoices(params)],
    ["GET", /^invoices\/([^/]+)$/, (id) => state.invoices[id] ?? fail(missing("invoice", id))],
    ["GET", /^invoice_payments$/, (_, params) => listInvoicePayments(params)],
    [
      "GET",
      /^payment_intents\/([^/]+)$/,
      (id) => state.payment_intents[id] ?? fail(missing("payment_intent", id)),
    ],
    ["GET", /^charges\/([^/]+)$/, (id) => state.charges[id] ?? fail(missing("charge", id))],
    ["POST", /^refunds$/, (_, params) => createRefund(params)],
    ["GET", /^refunds\/([^/]+)$/, (id) => state.refunds[id] ?? fail(missing("refund", id))],
  ];

  function api(method: string, route: string, params: Params): unknown {
    for (const [routeMethod, pattern, run] of apiRoutes) {
      const match = pattern.exec(route);
      if (match && routeMethod === method) return run(decodeURIComponent(match[1] ?? ""), params);
    }
    throw invalid(`Unrecognized request URL (${method}: /v1/${route}).`, undefined, 404);
  }

  // --- Hosted pages -------------------------------------------------------------------------

  async function pay(sessionId: string, res: ServerResponse) {
    const session = state.checkout_sessions[sessionId];
    const line = checkoutLines.get(sessionId);
    if (!session || !line)
      return sendHtml(res, 404, messagePage("Checkout not found", "No such checkout session."));
    if (session.status !== "open") {
      return sendHtml(res, 409, messagePage("Checkout complete", "This checkout session was already paid."));
    }
    const t = now();
    const customer =
      (session.customer && state.customers[session.customer]) ||
      createCustomer(session.customer_email, null, {});
    const trialing = line.trialEnd !== null && line.trialEnd > t;
    const periodEnd = trialing ? line.trialEnd! : addInterval(t, line.price.recurring.interval);
    const id = newId("sub");
    const subscription: Subscription = {
      id,
      object: "subscription",
      customer: customer.id,
      status: trialing ? "trialing" : "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: trialing ? t : null,
      trial_end: trialing ? line.trialEnd : null,
      start_date: t,
      created: t,
      currency: "eur",
      metadata: { ...line.metadata },
      latest_invoice: null,
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            subscription: id,
            price: line.price,
            quantity: 1,
            current_period_start: t,
            current_period_end: periodEnd,
            created: t,
          },
        ],
      },
      livemode: false,
    };
    state.subscriptions[id] = subscription;
    if (line.tax) taxed.add(id);
    const invoice = createInvoice(
      subscription,
      trialing ? 0 : line.price.unit_amount,
      true,
      "subscription_create",
      {
        start: t,
        end: t,
      },
    );
    Object.assign(session, {
      status: "complete",
      url: null,
      customer: customer.id,
      subscription: id,
      payment_status: trialing ? "no_payment_required" : "paid",
    } satisfies Partial<CheckoutSession>);
    await emitAll([
      ["checkout.session.completed", session],
      ["customer.subscription.created", subscription],
      ["invoice.paid", invoice],
    ]);
    redirect(res, session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
  }

  function customerSubscriptions(customer: string) {
    return Object.values(state.subscriptions).filter((subscription) => subscription.customer === customer);
  }

  async function portalAction(portalId: string, action: string, form: Params, res: ServerResponse) {
    const portal = state.portal_sessions[portalId];
    if (!portal) return sendHtml(res, 404, messagePage("Portal not found", "No such portal session."));
    const events: [string, unknown][] = [];
    if (action === "payment-method") {
      state.card_fails[portal.customer] = false;
      for (const subscription of customerSubscriptions(portal.customer)) {
        if (subscription.status !== "past_due") continue;
        for (const invoice of Object.values(state.invoices)) {
          if (
            invoice.status !== "open" ||
            invoice.parent.subscription_details.subscription !== subscription.id
          )
            continue;
          Object.assign(invoice, {
            status: "paid",
            amount_paid: invoice.amount_due,
            amount_remaining: 0,
            attempt_count: invoice.attempt_count + 1,
          } satisfies Partial<Invoice>);
          recordPayment(invoice);
          events.push(["invoice.paid", invoice]);
        }
        subscription.status = "active";
        events.push(["customer.subscription.updated", subscription]);
      }
    } else {
      const subscription =
        state.subscriptions[typeof form.subscription === "string" ? form.subscription : ""];
      if (!subscription || subscription.customer !== portal.customer || ended(subscription)) {
        return sendHtml(res, 400, messagePage("Not possible", "This subscription cannot be changed here."));
      }
      if (action === "cancel" || action === "renew") {
        if (setCancelAtPeriodEnd(subscription, action === "cancel")) {
          events.push(["customer.subscription.updated", subscription]);
        }
      } else if (action === "switch") {
        const price = state.prices[typeof form.price === "string" ? form.price : ""];
        const item = subscription.items.data[0]!;
        if (!price) return sendHtml(res, 400, messagePage("Not possible", "No such price."));
        if (price.id !== item.price.id) {
          item.price = price;
          // A new interval starts a new billing period now, as in Stripe (the double skips proration).
          if (subscription.status !== "trialing") {
            const t = now();
            item.current_period_start = t;
            item.current_period_end = addInterval(t, price.recurring.interval);
            if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end;
          }
          events.push(["customer.subscription.updated", subscription]);
        }
      } else {
        return sendHtml(res, 404, messagePage("Not found", "No such action."));
      }
    }
    await emitAll(events);
    redirect(res, portal.url);
  }

  // --- Test controls ------------------------------------------------------------------------

  async function advance(subscription: Subscription): Promise<Subscription> {
    refuseEnded(subscription);
    const t = now();
    const item = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      item.current_period_end = t;
      subscription.cancel_at = t;
      subscription.status = "canceled";
      subscription.ended_at = t;
      await emitAll([["customer.subscription.deleted", subscription]]);
      return subscription;
    }
    const fails = state.card_fails[subscription.customer] === true;
    const previousStart = item.current_period_start;
    if (subscription.status === "trialing") subscription.trial_end = t;
    item.current_period_start = t;
    item.current_period_end = addInterval(t, item.price.recurring.interval);
    const invoice = createInvoice(subscription, item.price.unit_amount, !fails, "subscription_cycle", {
      start: previousStart,
      end: t,
    });
    subscription.status = fails ? "past_due" : "active";
    await emitAll([
      [fails ? "invoice.payment_failed" : "invoice.paid", invoice],
      ["customer.subscription.updated", subscription],
    ]);
    return subscription;
  }

  async function controls(method: string, parts: string[], body: string): Promise<unknown> {
    let input: Params = {};
    if (body.trim()) {
      try {
        input = JSON.parse(body) as Params;
      } catch {
        throw invalid("The body is not JSON");
      }
    }
    const [resource, id, action] = parts;
    if (method === "GET" && resource === "state" && !id) return state;
    if (method !== "POST")
      throw invalid(`Unrecognized request URL (${method}: /_double/${parts.join("/")}).`, undefined, 404);
    if (resource === "reset" && !id) {
      Object.assign(state, emptyState(state.prices));
      checkoutLines = new Map();
      return {};
    }
    if (resource === "customers" && id && action === "card") {
      if (!state.customers[id]) throw missing("customer", id);
      if (typeof input.fails !== "boolean") throw invalid("fails must be true or false", "fails");
      state.card_fails[id] = input.fails;
      return { customer: id, fails: input.fails };
    }
    if (resource === "subscriptions" && id && action === "advance") return advance(findSubscription(id));
    if (resource === "deliver" && id && !action) {
      const record = state.events.find((event) => event.id === id);
      if (!record) throw missing("event", id);
      await enqueue(record);
      return record;
    }
    if (resource === "events" && !id) {
      if (typeof input.type !== "string") throw invalid("type is required", "type");
      if (input.object === null || typeof input.object !== "object")
        throw invalid("object is required", "object");
      if (input.created !== undefined && !Number.isInteger(input.created))
        throw invalid("created is unix seconds", "created");
      const { record, delivered } = emit(
        input.type,
        input.object,
        (input.created as number | undefined) ?? now(),
      );
      await delivered;
      return record;
    }
    throw invalid(`Unrecognized request URL (POST: /_double/${parts.join("/")}).`, undefined, 404);
  }

  // --- Routing ------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", base);
    const [root, ...parts] = url.pathname.split("/").filter(Boolean);
    const body = await readBody(req);
    if (root === "v1") {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new DoubleError(401, "authentication_error", "Invalid API Key provided.");
      }
      const params = method === "POST" ? parseStripeForm(body) : parseStripeForm(url.search.slice(1));
      return sendJson(res, 200, api(method, parts.join("/"), params));
    }
    if (root === "_double") return sendJson(res, 200, await controls(method, parts, body));
    const [id, action] = parts;
    if (root === "checkout" && id && method === "GET" && !action) {
      const session = state.checkout_sessions[id];
      const line = checkoutLines.get(id);
      if (!session || !line)
        return sendHtml(res, 404, messagePage("Checkout not found", "No such checkout session."));
      const email = session.customer_email ?? state.customers[session.customer ?? ""]?.email ?? null;
      return sendHtml(res, 200, checkoutPage(session, line.price, line.trialEnd, email));
    }
    if (root === "checkout" && id && method === "POST" && action === "pay") return pay(id, res);
    if (root === "portal" && id && method === "GET" && !action) {
      const portal = state.portal_sessions[id];
      if (!portal) return sendHtml(res, 404, messagePage("Portal not found", "No such portal session."));
      return sendHtml(
        res,
        200,
        portalPage({
          portal,
          customer: state.customers[portal.customer]!,
          subscriptions: customerSubscriptions(portal.customer),
          cardFails: state.card_fails[portal.customer] === true,
          prices: Object.values(state.prices),
        }),
      );
    }
    if (root === "portal" && id && method === "POST" && action)
      return portalAction(id, action, parseStripeForm(body), res);
    if (root === "invoice" && id && method === "GET" && !action) {
      const invoice = state.invoices[id];
      if (!invoice) return sendHtml(res, 404, messagePage("Invoice not found", "No such invoice."));
      return sendHtml(res, 200, invoicePage(invoice));
    }
    if (root === "invoice" && id && method === "GET" && action === "pdf") {
      const invoice = state.invoices[id];
      if (!invoice) return sendHtml(res, 404, messagePage("Invoice not found", "No such invoice."));
      res.writeHead(200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${invoice.number}.pdf"`,
      });
      return res.end(invoicePdf(invoice));
    }
    sendHtml(res, 404, messagePage("Not found", "The Stripe test double has no such page."));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof DoubleError) return sendError(res, error);
      sendError(
        res,
        new DoubleError(500, "api_error", error instanceof Error ? error.message : String(error)),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  base = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    state,
    setWebhook(next) {
      webhook.url = next.url;
      webhook.secret = next.secret;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A one-page PDF of an invoice: its number and total, enough for a link to open in a browser. */
function invoicePdf(invoice: Invoice): Buffer {
  const text = `Invoice ${invoice.number}: EUR ${(invoice.total / 100).toFixed(2)} (${invoice.status})`;
  const content = `BT /F1 14 Tf 72 760 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

function fail(error: Error): never {
  throw error;
}

/**
 * Reads the double's options from `PORT` (default 12111; 0: any), `STRIPE_DOUBLE_WEBHOOK_URL`,
 * `STRIPE_DOUBLE_WEBHOOK_SECRET`, `STRIPE_DOUBLE_PRICES` (JSON) and `STRIPE_DOUBLE_SECRET_KEY`.
 */
export function stripeDoubleOptionsFromEnv(env: NodeJS.ProcessEnv): StripeDoubleOptions {
  return {
    port: env.PORT === undefined ? 12111 : Number(env.PORT),
    webhookUrl: env.STRIPE_DOUBLE_WEBHOOK_URL || undefined,
    webhookSecret: env.STRIPE_DOUBLE_WEBHOOK_SECRET || undefined,
    prices: env.STRIPE_DOUBLE_PRICES ? (JSON.parse(env.STRIPE_DOUBLE_PRICES) as PriceConfig) : undefined,
    secretKey: env.STRIPE_DOUBLE_SECRET_KEY || undefined,
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const double = await startStripeDouble(stripeDoubleOptionsFromEnv(process.env));
  console.log(`Stripe test double on ${double.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void double.close().then(() => process.exit(0)));
  }
}
