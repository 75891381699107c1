// The wire shapes and the controls of the Stripe API test double (stripe-double.ts), apart so that
// its pages (stripe-double-pages.ts) and its users name them without importing the double.

export type Interval = "month" | "year";
export type PriceConfig = Record<string, { unit_amount: number; interval: Interval }>;

export type Price = {
  id: string;
  object: "price";
  active: true;
  currency: "eur";
  unit_amount: number;
  recurring: { interval: Interval; interval_count: 1; usage_type: "licensed" };
  product: string;
  type: "recurring";
  created: number;
  livemode: false;
};

export type Customer = {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

export type CheckoutSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete";
  mode: "subscription";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  locale: string | null;
  currency: "eur";
  amount_total: number;
  /** Stripe Tax asked for (what this server sends with `STRIPE_TAX=on`). */
  automatic_tax: { enabled: boolean; status: "complete" | null };
  billing_address_collection: "auto" | "required" | null;
  tax_id_collection: { enabled: boolean };
  /** Not on Stripe's session object: what the create call asked, kept for tests. */
  customer_update: { address?: string; name?: string } | null;
  created: number;
  expires_at: number;
  livemode: false;
};

export type PortalSession = {
  id: string;
  object: "billing_portal.session";
  url: string;
  customer: string;
  return_url: string | null;
  locale: string | null;
  created: number;
  livemode: false;
};

export type SubscriptionStatus =
  "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

export type SubscriptionItem = {
  id: string;
  object: "subscription_item";
  subscription: string;
  price: Price;
  quantity: 1;
  current_period_start: number;
  current_period_end: number;
  created: number;
};

export type Subscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  created: number;
  currency: "eur";
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  livemode: false;
};

export type Invoice = {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  billing_reason: "subscription_create" | "subscription_cycle";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  currency: "eur";
  created: number;
  period_start: number;
  period_end: number;
  /** The invoice's number, as Stripe numbers them per customer (`PREFIX-0001`). */
  number: string;
  /** The total, tax included (prices are tax-inclusive), and its taxes (none unless Stripe Tax is on). */
  total: number;
  total_taxes: { amount: number; tax_behavior: "inclusive"; taxability_reason: string | null }[];
  hosted_invoice_url: string;
  invoice_pdf: string;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: "list";
    has_more: false;
    data: {
      id: string;
      object: "line_item";
      amount: number;
      currency: "eur";
      pricing: { type: "price_details"; price_details: { price: string; product: string } };
      period: { start: number; end: number };
    }[];
  };
  livemode: false;
};

/** A card payment of an invoice: Stripe's PaymentIntent, its charge in `latest_charge`. */
export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: "eur";
  customer: string;
  status: "succeeded";
  latest_charge: string;
  created: number;
  livemode: false;
};

export type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  /** What was given back: the whole amount once refunded (the double refunds whole charges). */
  amount_refunded: number;
  captured: true;
  paid: true;
  refunded: boolean;
  currency: "eur";
  customer: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
  livemode: false;
};

/** How an invoice was paid (Stripe's InvoicePayment): here always by a PaymentIntent. */
export type InvoicePayment = {
  id: string;
  object: "invoice_payment";
  amount_paid: number;
  amount_requested: number;
  currency: "eur";
  invoice: string;
  is_default: true;
  payment: { type: "payment_intent"; payment_intent: string };
  status: "paid";
  status_transitions: { paid_at: number; canceled_at: null };
  created: number;
  livemode: false;
};

export type Refund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: "eur";
  status: "succeeded";
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  metadata: Record<string, string>;
  created: number;
};

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: 1;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
};

export type DeliveryAttempt = { at: number; status: number | null; error: string | null };

export type EventRecord = {
  id: string;
  type: string;
  created: number;
  /** `skipped`: no webhook URL was configured when it was sent. */
  status: "pending" | "delivered" | "failed" | "skipped";
  attempts: DeliveryAttempt[];
  event: StripeEvent;
};

export type DoubleState = {
  prices: Record<string, Price>;
  customers: Record<string, Customer>;
  /** Customers whose next charges fail (`POST /_double/customers/:id/card`). */
  card_fails: Record<string, boolean>;
  checkout_sessions: Record<string, CheckoutSession>;
  portal_sessions: Record<string, PortalSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  /** The payments of paid invoices above 0, their charges, and the refunds of those charges. */
  invoice_payments: Record<string, InvoicePayment>;
  payment_intents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  events: EventRecord[];
};

export type StripeDoubleOptions = {
  /** Default 0: any free port. */
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  prices?: PriceConfig;
  /** The bearer key the API accepts. */
  secretKey?: string;
  /** Waits between delivery attempts; one more attempt than delays. */
  retryDelaysMs?: number[];
};

export type StripeDouble = {
  url: string;
  state: DoubleState;
  /** Points webhooks elsewhere (a server that started after the double). */
  setWebhook: (webhook: { url: string; secret: string }) => void;
  close: () => Promise<void>;
};
