import { parseDateTime } from "#shared/datetime.ts";
import { formatPrice } from "#shared/format.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import {
  type Interval,
  paidPrice,
  renewalWindowMs,
  runningStates,
  type SubscriptionStatus,
  subscriptionStatuses,
  trialKeptAboveMs,
  type InvoiceItem,
  type RefundState,
  type Withdrawal,
  type WithdrawalInfo,
} from "#shared/billing.ts";
import {
  forgetSettled,
  graceOf,
  removeSubscription,
  saveSubscription,
  setBillingGrace,
  settle,
  type Subscription,
  subscriptionOf,
  subscriptionsCollection,
  viewOf,
} from "./state.ts";
import { type Cause, transitionMails } from "./transitions.ts";
import { forgetOldClaims } from "./trial-claims.ts";
import { issueReceipt, type Receipt, receiptByNumber, receiptsOf } from "./receipts.ts";
import {
  createOrder,
  lastWithdrawal,
  markOrderRefunded,
  type Order,
  orderById,
  pendingManualOrder,
  runningOrder,
  startOrder,
  withdrawalMs,
  withdrawOrder,
} from "./orders.ts";
import {
  billingFigures,
  billingStateCounts,
  forgetNotices,
  isEventApplied,
  recordEvent,
  recordNotice,
  renewNotice,
  subscriptionOfCustomer,
  recordsEndingBetween,
} from "./queries.ts";
import type { RecordData, Store } from "../store.ts";
import { formatDateTime } from "../values.ts";
import { recordUserChanges } from "../user-audit.ts";
import { type Seller, unconfiguredSeller } from "#shared/seller.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { Logger } from "#server/tools/log.ts";
import type { BillingMail, OrderTerms } from "#server/mail/billing-templates.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { renderBillingMail } from "#server/mail/render.ts";
import { receiptFileName, renderReceiptPdf } from "#server/mail/receipt-pdf.ts";
import type { MailLocale } from "#server/mail/templates.ts";
import { isMissing, isRefused, type Stripe, type StripeConfig, stripeClient } from "#server/tools/stripe.ts";

// The billing machine's transitions: choosing the paid plan (Stripe Checkout, or manual payment
// instructions), Stripe's events (each read back from Stripe: the only way paid state enters the
// database), the operator's manual payments, and the periodic sweep of trials, periods and graces.
// Each transition settles the user's state (state.ts) and sends the one email it calls for
// (transitions.ts), once stored.

/** How often trials and lapsed subscriptions are swept (`BILLING_SWEEP_CRON`): hourly. */
export const defaultBillingSweepCron = "0 * * * *";

/** Refused by the rules of billing (an existing subscription, no customer yet): a 400 for the caller. */
export class BillingError extends Error {}

/** The user named does not exist: a 404 for the caller. */
export class UnknownUserError extends BillingError {}

/** A webhook whose signature does not verify (or is too old): a 400, nothing changed. */
export class SignatureError extends Error {}

export type BillingOptions = {
  store: Store;
  mailer: Mailer;
  log: Logger;
  appName: string;
  appUrl: string;
  /** Stripe, or undefined: manual mode. */
  stripe?: StripeConfig;
  /** How long a failed renewal keeps access (`BILLING_GRACE_DAYS`); 7 days by default. */
  graceMs?: number;
  /** The payment instructions of manual mode, per locale: content/{locale}/payment-instructions.md as written. */
  instructions: Record<MailLocale, string>;
  /** Who sells, printed on the receipts of payments recorded by hand; its support address fills the instructions. */
  seller?: Seller;
};

export type Billing = ReturnType<typeof createBilling>;

/** What became of a webhook event. */
export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/**
 * How far back the sweep looks for trials, paid periods and graces that ended (a server stopped
 * for a while catches up); Stripe subscriptions are asked about for `renewalWindowMs` more.
 */
export const sweepLookBackMs = 7 * day;

/** How often the payment instructions may be sent again to one user (verification's resend guard). */
export const instructionsResendMs = 2 * 60 * 1000;

/** The notice of the payment instructions sent for the user's pending request (`_billing_notices`). */
const instructionsNotice = "paymentInstructions";

/**
 * How long before a yearly subscription renews its notice goes out: two months (within the three
 * months to one month before the renewal that the law asks for), sent by the sweep that first sees
 * the period's end within it.
 */
export const renewalNoticeMs = 60 * day;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The refund of a withdrawal at `now`: everything paid, or (the service started at once) what was
 * paid less the share of the paid period's days already used: each day begun since the period began
 * counts whole. Never below 0, to the cent.
 */
export function withdrawalRefund(
  paid: number,
  startNow: boolean,
  period: { amount: number; start: number; end: number } | undefined,
  now: number,
): number {
  if (!startNow || !period) return cents(Math.max(0, paid));
  const days = Math.max(1, Math.round((period.end - period.start) / day));
  const used = Math.min(days, Math.max(0, Math.ceil((now - period.start) / day)));
  return cents(Math.max(0, paid - (period.amount * used) / days));
}

/** Ended for good: Stripe never revives a subscription in these. */
const endedStatuses: readonly string[] = ["canceled", "incomplete_expired"];

export function createBilling(options: BillingOptions) {
  const { store, mailer, log, appName, appUrl } = options;
  const stripe: Stripe | undefined = options.stripe && stripeClient(options.stripe);
  const users = () => store.findCollection("users")!;
  if (options.graceMs !== undefined) setBillingGrace(store, options.graceMs);

  const localeOf = (user: RecordData): MailLocale => (user.locale === "fr" ? "fr" : "en");
  const accountUrl = (user: RecordData, query = "") =>
    `${appUrl}${localizePath("/account", localeOf(user))}${query}`;

  function mail(user: RecordData, content: BillingMail) {
    const rendered = renderBillingMail({
      ...content,
      locale: localeOf(user),
      appName,
      appUrl,
      name: typeof user.name === "string" ? user.name : "",
    });
    mailer.queue(rendered.then((content) => ({ to: String(user.email), ...content })));
  }

  /** Sends a one-off email once per user and kind (a sweep runs every hour; a replay runs again). */
  function mailOnce(user: RecordData, kind: string, content: BillingMail) {
    if (recordNotice(store, String(user.id), kind)) mail(user, content);
  }

  function userById(id: string): RecordData | undefined {
    return store.findById(users(), id);
  }

  /**
   * A transition of the user's billing: settles their state (in the caller's transaction, if any)
   * and returns the sending of the emails it calls for (transitions.ts), to run once stored.
   */
  function transition(userId: string, cause: Cause, now = new Date()): () => void {
    const settled = settle(store, userId, now);
    if (!settled) return () => {};
    const contents = transitionMails(
      settled.before,
      settled.after,
      cause,
      formatDateTime(now),
      termsOfRunningOrder(userId),
    );
    return () => {
      const user = userById(userId);
      if (user) for (const content of contents) mail(user, content);
    };
  }

  /** What the order that made the user's subscription said of the withdrawal period, if known. */
  function termsOfRunningOrder(userId: string): OrderTerms | undefined {
    const sub = subscriptionOf(store, userId);
    const order = sub && runningOrder(store, userId, sub.subscription);
    return order ? { startNow: order.startNow, at: order.startNowAt } : undefined;
  }

  /** The payment instructions of manual mode, in the user's language. */
  function instructionsMail(user: RecordData, interval: Interval, order?: Order): BillingMail {
    const locale = localeOf(user);
    const reference = String(user.email);
    const { paragraphs, account } = paymentInstructions(options.instructions[locale], {
      amount: formatPrice(paidPrice(interval), locale),
      period: paymentPeriod(interval, locale),
      reference,
      support: options.seller?.supportEmail ?? "",
    });
    return {
      kind: "paymentInstructions",
      amount: paidPrice(interval),
      interval,
      ...(order ? { order: { startNow: order.startNow, at: order.startNowAt } } : {}),
      paragraphs,
      account,
      reference,
    };
  }

  /**
   * The paid plan, chosen at sign-up or from the account page; refused while a subscription (a
   * Stripe one, or a payment the operator recorded) entitles the user. With Stripe: a Checkout
   * Session (its URL), the user's remaining trial kept when more than 48 hours of it are left.
   * Without: the choice is recorded as awaiting payment, the instructions are emailed once per
   * pending request (choosing again while it waits sends nothing: `resendInstructions` does), and
   * the URL is the account page, which shows them. Each choice is recorded as an order, with
   * `startNow`: the customer asked for the service to start within the withdrawal period (and knows
   * that withdrawing then costs the days used); Stripe's session and subscription carry it too.
   */
  async function checkout(userId: string, interval: Interval, startNow = false): Promise<string> {
    const user = userById(userId);
    if (!user) throw new BillingError("Missing user.");
    const current = subscriptionOf(store, userId);
    if (runningStates.includes(viewOf(store, user, new Date()).state)) {
      throw new BillingError("You already have a subscription.");
    }
    // Its grace over, a failed renewal is still retried by Stripe: a second subscription would be
    // charged beside it. The card is updated in the portal instead.
    if (current?.subscription && !endedStatuses.includes(current.status) && current.status !== "incomplete") {
      throw new BillingError("Your subscription's last payment is still due: update your payment method.");
    }
    const newOrder = () =>
      createOrder(store, {
        user: userId,
        interval,
        amount: paidPrice(interval),
        orderedAt: formatDateTime(new Date()),
        startNow,
      });
    if (!stripe) {
      let order: Order | undefined;
      const send = store.transaction(() => {
        order = newOrder();
        // A new pending request, or another interval: the instructions sent were for another amount.
        if (current?.status !== "incomplete" || current.interval !== interval) {
          forgetNotices(store, userId, instructionsNotice);
        }
        saveSubscription(store, userId, {
          status: "incomplete",
          interval,
          subscription: "",
          current_period_end: "",
          cancel_at_period_end: false,
          past_due_since: "",
        });
        return transition(userId, { kind: "change" });
      });
      send();
      mailOnce(user, instructionsNotice, instructionsMail(user, interval, order));
      return accountUrl(user, "?checkout=manual");
    }
    const trialEnds = parseDateTime(String(user.trial_ends ?? "")).getTime();
    const keepTrial = Number.isFinite(trialEnds) && trialEnds - Date.now() > trialKeptAboveMs;
    const customer = String(user.stripe ?? "") || current?.customer || "";
    const order = newOrder();
    const metadata = {
      user: userId,
      order: order.id,
      start_now: String(order.startNow),
      start_now_at: order.startNowAt,
    };
    // Stripe Tax (`STRIPE_TAX`): the tax from the customer's address, asked for, with their VAT
    // number if they have one; the prices are tax-inclusive, so the total stays the site's price.
    const tax = options.stripe!.tax
      ? {
          automatic_tax: { enabled: true },
          billing_address_collection: "required" as const,
          tax_id_collection: { enabled: true },
          ...(customer ? { customer_update: { address: "auto" as const, name: "auto" as const } } : {}),
        }
      : {};
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: options.stripe!.prices[interval], quantity: 1 }],
      client_reference_id: userId,
      ...(customer ? { customer } : { customer_email: String(user.email) }),
      locale: localeOf(user),
      success_url: accountUrl(user, "?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
      cancel_url: accountUrl(user, "?checkout=canceled"),
      metadata,
      ...tax,
      subscription_data: {
        metadata,
        ...(keepTrial ? { trial_end: Math.floor(trialEnds / 1000) } : {}),
      },
    });
    if (!session.url) throw new Error("Stripe gave no Checkout URL");
    return session.url;
  }

  /**
   * Manual mode: the user withdraws their request for the paid plan before paying. Nothing was
   * paid, so nothing is owed: the request goes, and with it the paid plan it gave within the trial.
   */
  function withdrawRequest(userId: string): void {
    const current = subscriptionOf(store, userId);
    if (!current || current.status !== "incomplete" || current.subscription !== "") {
      throw new BillingError("There is no request for the paid plan to withdraw.");
    }
    const send = store.transaction(() => {
      removeSubscription(store, userId);
      forgetNotices(store, userId, instructionsNotice);
      return transition(userId, { kind: "change" });
    });
    send();
  }

  /**
   * Whether the user's running subscription renews at its period's end: `false` cancels at the
   * period's end (Stripe: through its API; manual mode: the operator is told not to expect a
   * payment), `true` undoes that before the end. The email of the transition goes out.
   */
  async function setRenewal(userId: string, renew: boolean): Promise<void> {
    const user = userById(userId);
    const current = subscriptionOf(store, userId);
    const state = user && viewOf(store, user, new Date()).state;
    if (!user || !current || !state || !runningStates.includes(state)) {
      throw new BillingError("There is no subscription to change.");
    }
    if (current.subscription === "") {
      const send = store.transaction(() => {
        saveSubscription(store, userId, { cancel_at_period_end: !renew });
        return transition(userId, { kind: "change" });
      });
      send();
      return;
    }
    if (!stripe) throw new BillingError("There is no subscription to change.");
    await inOrder(async () => {
      let updated: Stripe.Subscription | undefined;
      let refused = false;
      try {
        updated = await stripe.subscriptions.update(current.subscription, { cancel_at_period_end: !renew });
      } catch (error) {
        if (!isRefused(error)) throw error;
        // Stripe knows better (it ended meanwhile, its event not here yet): store what it says.
        refused = true;
        updated = await retrieveSubscription(current.subscription);
      }
      const send = store.transaction(() => {
        if (updated) storeStripeSubscription(updated, formatDateTime(new Date()));
        return transition(userId, { kind: "change" });
      });
      send();
      if (refused) throw new BillingError("This subscription has ended: it can no longer be changed.");
    });
  }

  /**
   * Manual mode: the payment instructions of the user's pending request, emailed again; once per
   * `instructionsResendMs` at most (a request within it sends nothing, as request-verification).
   */
  function resendInstructions(userId: string): void {
    const user = userById(userId);
    const current = subscriptionOf(store, userId);
    if (stripe || !user || current?.status !== "incomplete") {
      throw new BillingError("There are no payment instructions to send.");
    }
    const now = new Date();
    const before = new Date(now.getTime() - instructionsResendMs);
    if (renewNotice(store, userId, instructionsNotice, now, before)) {
      mail(user, instructionsMail(user, current.interval));
    }
  }

  /** A Billing Portal session of the user's Stripe customer (card, invoices, cancel, interval). */
  async function portal(userId: string): Promise<string> {
    const user = userById(userId);
    const customer = user && (String(user.stripe ?? "") || subscriptionOf(store, userId)?.customer);
    if (!stripe || !user || !customer) throw new BillingError("There is no billing account to manage yet.");
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: accountUrl(user),
      locale: localeOf(user),
    });
    return session.url;
  }

  /** Verifies a webhook's signature on its raw body; throws SignatureError. */
  function verify(rawBody: string, signature: string): Stripe.Event {
    if (!stripe) throw new SignatureError("Stripe is not configured.");
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, options.stripe!.webhookSecret);
    } catch (error) {
      throw new SignatureError((error as Error).message);
    }
  }

  /** The user a Stripe object belongs to: its metadata, else the customer's subscription record. */
  function userOfStripe(
    metadata: Record<string, string> | null | undefined,
    customer: unknown,
  ): string | undefined {
    const fromMetadata = metadata?.user;
    if (fromMetadata && userById(fromMetadata)) return fromMetadata;
    const customerId = typeof customer === "string" ? customer : (customer as { id?: string } | null)?.id;
    if (!customerId) return undefined;
    const collection = store.findCollection(subscriptionsCollection)!;
    const record = subscriptionOfCustomer(store, collection, customerId);
    return record ? String(record.user) : undefined;
  }

  /** The subscription as Stripe has it now; undefined when Stripe has no such subscription. */
  async function retrieveSubscription(id: string): Promise<Stripe.Subscription | undefined> {
    try {
      return await stripe!.subscriptions.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /**
   * Whether Stripe's `object` may be written over the user's record: the record's own subscription
   * unless it was canceled (final for that id), or a live one replacing a record that has none or
   * whose subscription has ended. An object of an older subscription never touches the current one.
   */
  function mayApply(current: Subscription | undefined, object: Stripe.Subscription): boolean {
    if (!current || current.subscription === "") return true;
    if (current.subscription === object.id) return current.status !== "canceled";
    return endedStatuses.includes(current.status) && !endedStatuses.includes(object.status);
  }

  /**
   * Writes a subscription as Stripe has it over its user's record, when it may be (`mayApply`), in
   * the caller's transaction. Returns the user, or undefined when nothing was written.
   */
  function storeStripeSubscription(object: Stripe.Subscription, at: string): string | undefined {
    const userId = userOfStripe(object.metadata, object.customer);
    if (!userId) return undefined;
    const current = subscriptionOf(store, userId);
    if (!mayApply(current, object)) return undefined;
    const item = object.items.data[0];
    const status = (subscriptionStatuses as readonly string[]).includes(object.status)
      ? (object.status as SubscriptionStatus)
      : "incomplete";
    const periodEnd = item?.current_period_end ?? object.ended_at ?? 0;
    // A failed renewal is due since the period it failed to pay for began: Stripe's own date, the
    // same whichever event tells it, and in whatever order.
    const pastDueSince =
      status === "past_due" && item ? formatDateTime(new Date(item.current_period_start * 1000)) : "";
    const customer = typeof object.customer === "string" ? object.customer : object.customer.id;
    saveSubscription(store, userId, {
      customer,
      subscription: object.id,
      status,
      interval: item?.price.recurring?.interval === "year" ? "year" : "month",
      current_period_end: periodEnd ? formatDateTime(new Date(periodEnd * 1000)) : "",
      cancel_at_period_end: object.cancel_at_period_end,
      past_due_since: pastDueSince,
      event_at: at,
    });
    store.update(users(), userId, { stripe: customer, updated: formatDateTime(new Date()) });
    // The order this subscription came from began to run when Stripe started it.
    const order = object.metadata?.order ? orderById(store, object.metadata.order) : undefined;
    if (order?.user === userId && ["trialing", "active", "past_due"].includes(status)) {
      startOrder(store, order.id, formatDateTime(new Date(object.start_date * 1000)), object.id);
    }
    return userId;
  }

  // Events are applied one at a time: a subscription read from Stripe is stored before the next
  // event reads it again, so an older read never lands over a newer one.
  let applying: Promise<unknown> = Promise.resolve();

  /** Runs `work` after every event and sweep before it (see `applying`). */
  function inOrder<T>(work: () => Promise<T>): Promise<T> {
    const run = applying.then(work);
    applying = run.catch(() => {});
    return run;
  }

  /**
   * Applies one verified event, idempotently (a replay changes nothing and sends nothing). An event
   * is a signal, as Stripe advises (it promises neither order nor that every event arrives): the
   * subscription it is about is read from Stripe's API, whatever the event carries and whenever it
   * was sent. The email of the transition goes out once it is all stored.
   */
  function applyEvent(event: Stripe.Event): Promise<WebhookOutcome> {
    return inOrder(() => applyInOrder(event));
  }

  /** The Stripe subscription an event is about, if any. */
  function subscriptionIdOf(event: Stripe.Event): string | undefined {
    const object = event.data.object as {
      id?: string;
      object?: string;
      parent?: unknown;
      subscription?: unknown;
    };
    if (event.type.startsWith("customer.subscription.")) return object.id;
    if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
      const invoice = event.data.object as Stripe.Invoice;
      const id = invoice.parent?.subscription_details?.subscription;
      return typeof id === "string" ? id : id?.id;
    }
    if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      return typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
    }
    return undefined;
  }

  async function applyInOrder(event: Stripe.Event): Promise<WebhookOutcome> {
    if (isEventApplied(store, event.id)) return "duplicate";
    const subscriptionId = subscriptionIdOf(event);
    const retrieved = subscriptionId ? await retrieveSubscription(subscriptionId) : undefined;
    let send = () => {};
    const outcome = store.transaction((): WebhookOutcome => {
      if (!recordEvent(store, event.id, event.type, new Date(event.created * 1000))) return "duplicate";
      const at = formatDateTime(new Date(event.created * 1000));
      let userId: string | undefined;
      let cause: Cause = { kind: "change" };
      if (event.type === "checkout.session.completed") {
        const session = event.data.object;
        userId = session.client_reference_id ?? userOfStripe(session.metadata, session.customer);
        const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
        if (!userId || !userById(userId) || !customer) return "ignored";
        store.update(users(), userId, { stripe: customer, updated: formatDateTime(new Date()) });
      } else if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
        const invoice = event.data.object;
        userId = userOfStripe(invoice.parent?.subscription_details?.metadata, invoice.customer);
        if (event.type === "invoice.paid") {
          const line = invoice.lines.data[0];
          const nextDate = formatDateTime(new Date((line?.period.end ?? invoice.period_end) * 1000));
          cause = {
            kind: "invoicePaid",
            amount: invoice.amount_paid / 100,
            nextDate,
            first: invoice.billing_reason === "subscription_create",
          };
        } else {
          cause = { kind: "invoiceFailed" };
        }
      } else if (!event.type.startsWith("customer.subscription.")) {
        return "ignored";
      }
      const stored = retrieved && storeStripeSubscription(retrieved, at);
      userId = stored ?? userId;
      if (!userId || !userById(userId)) return "ignored";
      if (!stored && event.type.startsWith("customer.subscription.")) return "ignored";
      send = transition(userId, cause);
      return "applied";
    });
    send();
    return outcome;
  }

  /**
   * The operator's record of a payment made outside Stripe, `by` (a superuser's email): the
   * subscription is active and paid until `until` (then it lapses unless recorded again), kept in
   * the user's record of changes; the user gets a receipt.
   */
  function markPaid(userId: string, until: Date, interval: Interval, by: string): Subscription {
    const user = userById(userId);
    if (!user) throw new UnknownUserError("Missing user.");
    if (until.getTime() <= Date.now()) throw new BillingError("The paid-until date must be in the future.");
    // Writing over a live Stripe subscription would lose its id: Stripe keeps charging while the
    // record says "paid by hand", and the Billing Portal no longer finds it.
    const current = subscriptionOf(store, userId);
    if (current?.subscription && !endedStatuses.includes(current.status)) {
      throw new BillingError("This user pays through Stripe: their subscription is managed there.");
    }
    const wasRunning = runningStates.includes(viewOf(store, user, new Date()).state);
    let send = () => {};
    const saved = store.transaction(() => {
      // A paid period that begins (not a renewal) starts the request it answers, or an order of its own.
      if (!wasRunning) {
        const started = formatDateTime(new Date());
        const order =
          pendingManualOrder(store, userId) ??
          createOrder(store, {
            user: userId,
            interval,
            amount: paidPrice(interval),
            orderedAt: started,
            startNow: false,
          });
        startOrder(store, order.id, started);
      }
      const sub = saveSubscription(store, userId, {
        status: "active",
        interval,
        subscription: "",
        current_period_end: formatDateTime(until),
        cancel_at_period_end: false,
        past_due_since: "",
      });
      // The period paid for starts where the one still running ends, or now.
      const runningUntil = current?.status === "active" ? current.current_period_end : "";
      const issued = formatDateTime(new Date());
      const receipt = issueReceipt(store, {
        user: userId,
        email: String(user.email),
        name: typeof user.name === "string" ? user.name : "",
        interval,
        amount: paidPrice(interval),
        currency: siteConfig.plans.currency,
        periodStart: runningUntil > issued && runningUntil < sub.current_period_end ? runningUntil : issued,
        periodEnd: sub.current_period_end,
        issued,
        seller: options.seller ?? unconfiguredSeller,
      });
      send = transition(userId, {
        kind: "markedPaid",
        until: sub.current_period_end,
        receipt: receipt.number,
      });
      recordUserChanges(store, userId, by, [
        { field: "subscription", old: describeSubscription(current), new: describeSubscription(sub) },
      ]);
      return sub;
    });
    send();
    return saved;
  }

  /**
   * Reads a Stripe subscription whose period or grace ends without a renewal, a payment or an end
   * told here, and stores it as Stripe has it (what its lost event would have said). Stripe
   * unreachable: it is tried again at the next sweep.
   */
  async function refreshFromStripe(sub: RecordData): Promise<void> {
    if (!stripe || sub.subscription === "" || endedStatuses.includes(String(sub.status))) return;
    try {
      const object = await retrieveSubscription(String(sub.subscription));
      if (object) store.transaction(() => storeStripeSubscription(object, formatDateTime(new Date())));
    } catch (error) {
      log.error(
        `Billing sweep: Stripe did not answer for ${String(sub.subscription)}: ${(error as Error).message}`,
      );
    }
  }

  /**
   * The hourly work: a reminder for trials ending within 48 hours, the last notice for graces
   * ending within 48 hours, and a transition for every user whose trial, paid period or grace
   * ended lately (a Stripe subscription is first read back from Stripe). Every query reads an index
   * range (`trial_ends`, `current_period_end`, `past_due_since`): its cost does not grow with the
   * number of users, only with the hour's events. The look-back (7 days) covers a server that was
   * stopped for a while.
   */
  function sweep(now = new Date()) {
    return inOrder(() => sweepInOrder(now));
  }

  async function sweepInOrder(now: Date) {
    const lookBack = new Date(now.getTime() - sweepLookBackMs);
    const soon = new Date(now.getTime() + 48 * hour);
    const graceMs = graceOf(store);
    const report = { reminded: 0, lastNotices: 0, renewalNotices: 0, settled: 0 };
    const usersCollection = users();
    const subscriptions = store.findCollection(subscriptionsCollection)!;
    const settleAll = (ids: Iterable<string>) => {
      for (const id of ids) {
        transition(id, { kind: "change" }, now)();
        report.settled++;
      }
    };
    // Stripe first: a renewal it made but did not tell of must not end anyone's access below.
    const ended = recordsEndingBetween(
      store,
      subscriptions,
      "current_period_end",
      new Date(lookBack.getTime() - renewalWindowMs),
      now,
    );
    for (const sub of ended) await refreshFromStripe(sub);
    for (const user of recordsEndingBetween(store, usersCollection, "trial_ends", now, soon)) {
      const state = viewOf(store, user, now).state;
      if (state !== "trial" && state !== "awaiting-payment") continue;
      mailOnce(user, "trialEndingSoon", { kind: "trialEndingSoon", endsAt: String(user.trial_ends) });
      report.reminded++;
    }
    settleAll(
      recordsEndingBetween(store, usersCollection, "trial_ends", lookBack, now).map((u) => String(u.id)),
    );
    settleAll(new Set(ended.map((sub) => String(sub.user))));
    const graceEnding = recordsEndingBetween(
      store,
      subscriptions,
      "past_due_since",
      new Date(lookBack.getTime() - graceMs),
      new Date(soon.getTime() - graceMs),
    );
    for (const sub of graceEnding) await refreshFromStripe(sub);
    for (const sub of graceEnding) {
      const user = userById(String(sub.user));
      if (!user) continue;
      const view = viewOf(store, user, now);
      if (view.state === "past-due") {
        mailOnce(user, `lastNotice:${String(sub.subscription)}:${String(sub.past_due_since)}`, {
          kind: "lastNotice",
          accessUntil: view.until,
        });
        report.lastNotices++;
      }
    }
    settleAll(new Set(graceEnding.map((sub) => String(sub.user))));
    // Yearly renewals two months ahead: an index range over the periods' ends, as the others.
    const noticeAt = now.getTime() + renewalNoticeMs;
    const renewing = recordsEndingBetween(
      store,
      subscriptions,
      "current_period_end",
      new Date(noticeAt - sweepLookBackMs),
      new Date(noticeAt),
    );
    for (const sub of renewing) {
      if (sub.interval !== "year") continue;
      const user = userById(String(sub.user));
      if (!user || viewOf(store, user, now).state !== "active") continue;
      const key = `renewalNotice:${String(sub.subscription)}:${String(sub.current_period_end)}`;
      if (recordNotice(store, String(user.id), key)) {
        mail(user, {
          kind: "renewalNotice",
          renewsAt: String(sub.current_period_end),
          amount: paidPrice("year"),
          manual: sub.subscription === "",
        });
        report.renewalNotices++;
      }
    }
    forgetOldClaims(store, now);
    log.info(
      `Billing sweep: ${report.reminded} trial reminder(s), ${report.lastNotices} last notice(s), ${report.renewalNotices} renewal notice(s), ${report.settled} account(s) settled`,
    );
    return report;
  }

  /**
   * How many users are in each billing state (the admin page and the dashboard), counted by SQL
   * that states `billingView`'s rule (queries.ts; the property test holds them equal), on a reader
   * thread. The active subscriptions (paid, renewing) by interval, and the monthly recurring
   * revenue they make at the site's prices: a trialing subscription pays nothing yet, a canceling
   * one will not renew, a past-due one has not paid. The money figures of the last 30 days
   * (`billingFigures`, docs/billing.md): trial-to-paid conversion, churn, the manual renewals due
   * and overdue, and the sign-ups per UTC day.
   */
  async function stats(now = new Date()) {
    const [counts, figures] = await Promise.all([
      billingStateCounts(store, now, graceOf(store)),
      billingFigures(store, now, graceOf(store)),
    ]);
    const { monthly, yearly } = counts;
    return {
      trial: counts.trial,
      awaitingPayment: counts["awaiting-payment"],
      trialing: counts.trialing,
      active: counts.active,
      cancelling: counts.canceling,
      pastDue: counts["past-due"],
      ended: counts.ended + counts["never-subscribed"],
      byInterval: { month: monthly, year: yearly },
      monthlyRecurringRevenue:
        Math.round((monthly * paidPrice("month") + (yearly * paidPrice("year")) / 12) * 100) / 100,
      conversion: { trialsEnded: figures.trialsEnded, paying: figures.converted },
      churn: { ended: figures.churned, base: figures.churned + counts.paying },
      manual: { dueSoon: figures.dueSoon, overdue: figures.overdue },
      signupsByDay: figures.signupsByDay,
    };
  }

  /** The receipts of the payments recorded by hand for a user, the newest first. */
  function receipts(userId: string): Receipt[] {
    return receiptsOf(store, userId);
  }

  /**
   * Receipt `number` as a PDF in `locale` (by default its owner's language), for its owner
   * (`userId`) or a superuser (`userId` null); undefined when there is no such receipt for them.
   */
  async function receiptPdf(number: number, userId: string | null, locale?: MailLocale) {
    const receipt = receiptByNumber(store, number);
    if (!receipt || (userId !== null && receipt.user !== userId)) return undefined;
    const owner = userById(receipt.user);
    return {
      fileName: receiptFileName(appName, receipt.number),
      pdf: await renderReceiptPdf(receipt, locale ?? (owner ? localeOf(owner) : "en"), appName),
    };
  }

  /**
   * Before an account is deleted: a Stripe subscription still running is canceled at once, so
   * nothing more is charged. Resolves whether one was; rejects when Stripe refuses (the account is
   * then kept). Manual payments have nothing to cancel.
   */
  async function cancelForDeletion(userId: string): Promise<boolean> {
    const current = subscriptionOf(store, userId);
    if (!stripe || !current || current.subscription === "") return false;
    if (current.status === "canceled" || current.status === "incomplete_expired") return false;
    await stripe.subscriptions.cancel(current.subscription);
    return true;
  }

  /** After an account is deleted: the record of which one-off emails it was sent goes too. */
  function forget(userId: string) {
    forgetNotices(store, userId);
    forgetSettled(store, userId);
  }

  /**
   * A subscription as the operators' record of changes writes it: "status, interval[, period
   * end][, ends at the period's end]" (the dashboard says it in words: src/dashboard/change-words.ts).
   */
  function describeSubscription(sub: Subscription | undefined): string {
    if (!sub) return "";
    const end = sub.current_period_end ? `, ${sub.current_period_end}` : "";
    return `${sub.status}, ${sub.interval}${end}${sub.cancel_at_period_end && sub.status !== "canceled" ? ", ends at the period's end" : ""}`;
  }

  /**
   * The operator cancels the user's running subscription, `by` (a superuser's email): `period_end`
   * stops its renewal (Stripe: `cancel_at_period_end`; manual mode: as the customer's own
   * `setRenewal(false)`), `now` ends it and its access at once (Stripe: canceled; manual mode: the
   * paid period ends now). What Stripe then says is read back and settled as its event would be, so
   * the transition's email goes out once and that event finds nothing left to tell. Kept in the
   * user's record of changes.
   */
  async function cancelByOperator(
    userId: string,
    when: "now" | "period_end",
    by: string,
  ): Promise<Subscription> {
    const user = userById(userId);
    if (!user) throw new UnknownUserError("Missing user.");
    const current = subscriptionOf(store, userId);
    const state = viewOf(store, user, new Date()).state;
    if (!current || !runningStates.includes(state))
      throw new BillingError("There is no subscription to cancel.");
    if (when === "period_end" && state === "canceling") {
      throw new BillingError("This subscription already ends at its period's end.");
    }
    const settleAndRecord = (change: () => void) => {
      let send = () => {};
      const saved = store.transaction(() => {
        change();
        send = transition(userId, { kind: "change" });
        const sub = subscriptionOf(store, userId);
        recordUserChanges(store, userId, by, [
          { field: "subscription", old: describeSubscription(current), new: describeSubscription(sub) },
        ]);
        return sub!;
      });
      send();
      return saved;
    };
    if (current.subscription === "") {
      return settleAndRecord(() =>
        saveSubscription(
          store,
          userId,
          when === "now"
            ? {
                status: "canceled",
                current_period_end: formatDateTime(new Date()),
                cancel_at_period_end: false,
              }
            : { cancel_at_period_end: true },
        ),
      );
    }
    if (!stripe) throw new BillingError("This subscription is Stripe's, and Stripe is not configured here.");
    const id = current.subscription;
    return inOrder(async () => {
      let refused = false;
      try {
        if (when === "now") await stripe.subscriptions.cancel(id);
        else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      } catch (error) {
        if (!isRefused(error)) throw error;
        // Stripe knows better (it ended meanwhile, its event not here yet): store what it says.
        refused = true;
      }
      const object = await retrieveSubscription(id);
      const saved = settleAndRecord(() => {
        if (object) storeEnded(userId, object);
      });
      if (refused) throw new BillingError("This subscription has ended: it can no longer be changed.");
      return saved;
    });
  }

  /**
   * Stores a Stripe subscription read back after it was canceled here (in the caller's
   * transaction). Canceled at once, a subscription keeps its period's end at Stripe: access ends
   * when it did, and no later than `at` (the time the caller settles at: Stripe's clock, in whole
   * seconds, may run ahead of this one, and the access must be over when the caller says so).
   */
  function storeEnded(userId: string, object: Stripe.Subscription, at = new Date()) {
    storeStripeSubscription(object, formatDateTime(at));
    const item = object.items.data[0];
    if (
      object.status === "canceled" &&
      object.ended_at &&
      item &&
      object.ended_at < item.current_period_end
    ) {
      saveSubscription(store, userId, {
        current_period_end: formatDateTime(new Date(Math.min(object.ended_at * 1000, at.getTime()))),
      });
    }
  }

  /** The last paid invoice above 0 of a Stripe subscription, and the payment that paid it. */
  async function lastCardPayment(subscription: string) {
    const invoices = await stripe!.invoices.list({ subscription, status: "paid", limit: 100 });
    const invoice = invoices.data.find((item) => item.amount_paid > 0);
    const payments = invoice?.id
      ? await stripe!.invoicePayments.list({ invoice: invoice.id, status: "paid" })
      : undefined;
    const paid = payments?.data[0]?.payment;
    const target = paid?.payment_intent ?? paid?.charge;
    return {
      invoices: invoices.data,
      invoice,
      target:
        invoice?.id && paid && target
          ? {
              key: paid.payment_intent ? ("payment_intent" as const) : ("charge" as const),
              id: typeof target === "string" ? target : target.id,
            }
          : undefined,
    };
  }

  /**
   * The user's running subscription, the order that made it and what withdrawing from it would
   * give back at `now` (Stripe: its paid invoices, read from Stripe; manual mode: the receipts since
   * it began). Undefined without a running subscription made by an order.
   */
  async function withdrawalState(userId: string, now: Date) {
    const user = userById(userId);
    const sub = user && subscriptionOf(store, userId);
    if (!user || !sub || !runningStates.includes(viewOf(store, user, now).state)) return undefined;
    const order = runningOrder(store, userId, sub.subscription);
    if (!order || order.withdrawnAt !== "") return undefined;
    let paid = 0;
    let period: { amount: number; start: number; end: number } | undefined;
    if (sub.subscription !== "") {
      if (!stripe) return undefined;
      const { invoices, invoice } = await lastCardPayment(sub.subscription);
      paid = invoices.reduce((sum, item) => sum + item.amount_paid, 0) / 100;
      const line = invoice?.lines.data[0];
      if (invoice && line) {
        period = {
          amount: invoice.amount_paid / 100,
          start: line.period.start * 1000,
          end: line.period.end * 1000,
        };
      }
    } else {
      const since = receiptsOf(store, userId).filter((receipt) => receipt.issued >= order.startedAt);
      paid = since.reduce((sum, receipt) => sum + receipt.amount, 0);
      const last = since[0];
      if (last) {
        period = {
          amount: last.amount,
          start: parseDateTime(last.periodStart).getTime(),
          end: parseDateTime(last.periodEnd).getTime(),
        };
      }
    }
    const until = parseDateTime(order.startedAt).getTime() + withdrawalMs;
    return {
      user,
      sub,
      order,
      paid: cents(paid),
      refund: withdrawalRefund(paid, order.startNow, period, now.getTime()),
      until: formatDateTime(new Date(until)),
      open: now.getTime() < until,
    };
  }

  /** What withdrawing would be now for the user (open or not, until when, the refund). */
  async function withdrawalTerms(userId: string, now = new Date()): Promise<WithdrawalInfo> {
    const state = await withdrawalState(userId, now);
    if (!state) {
      return { open: false, until: "", startNow: false, refund: 0, paid: 0, currency: "eur", startedAt: "" };
    }
    return {
      open: state.open,
      until: state.until,
      startNow: state.order.startNow,
      refund: state.open ? state.refund : 0,
      paid: state.paid,
      currency: siteConfig.plans.currency.toLowerCase(),
      startedAt: state.order.startedAt,
    };
  }

  /**
   * The customer withdraws within 14 days of the start of their subscription: the refund (Stripe:
   * made to the card at once, in full or pro rata; manual mode: owed, for the operator to make by
   * hand; nothing when nothing was charged), then the subscription ends now, access with it. One
   * email acknowledges it (its date and time, the contract, the refund); the record of changes
   * keeps it.
   */
  function withdraw(userId: string): Promise<Withdrawal> {
    return inOrder(async () => {
      const now = new Date();
      const state = await withdrawalState(userId, now);
      if (!state) throw new BillingError("There is no subscription to withdraw from.");
      if (!state.open) throw new BillingError("The withdrawal period has ended.");
      const { user, sub, order, refund } = state;
      const withdrawnAt = formatDateTime(now);
      let refundState: RefundState = refund > 0 ? "owed" : "none";
      let refundedAt = "";
      let object: Stripe.Subscription | undefined;
      if (sub.subscription !== "") {
        if (refund > 0) {
          const { invoice, target } = await lastCardPayment(sub.subscription);
          if (!invoice?.id || !target) throw new BillingError("There is no card payment to refund.");
          // One refund per withdrawal, whatever happens next: a retry after a failure further on
          // gets the same refund back from Stripe (or a refusal), never a second one.
          const made = await stripe!.refunds.create(
            {
              [target.key]: target.id,
              amount: Math.min(Math.round(refund * 100), invoice.amount_paid),
              reason: "requested_by_customer",
              metadata: { user: userId, invoice: invoice.id, order: order.id, withdrawal: "true" },
            },
            { idempotencyKey: `withdrawal-${order.id}` },
          );
          refundState = "refunded";
          refundedAt = formatDateTime(new Date(made.created * 1000));
        }
        try {
          await stripe!.subscriptions.cancel(sub.subscription);
        } catch (error) {
          if (!isRefused(error)) throw error;
        }
        object = await retrieveSubscription(sub.subscription);
      }
      let send = () => {};
      store.transaction(() => {
        // Settled once Stripe has answered: the access ends now, as the acknowledgement says.
        const settledAt = new Date();
        if (object) storeEnded(userId, object, settledAt);
        else if (sub.subscription === "") {
          saveSubscription(store, userId, {
            status: "canceled",
            current_period_end: withdrawnAt,
            cancel_at_period_end: false,
          });
        }
        withdrawOrder(store, order.id, { withdrawnAt, refund, refundState, refundedAt });
        recordUserChanges(store, userId, String(user.email), [
          {
            field: "withdrawal",
            old: describeSubscription(sub),
            new: `${refund.toFixed(2)} ${siteConfig.plans.currency.toUpperCase()}, ${refundState}`,
          },
        ]);
        send = transition(
          userId,
          {
            kind: "withdrawal",
            withdrawnAt,
            interval: order.interval,
            amount: order.amount,
            startedAt: order.startedAt,
            refund,
            refundState,
          },
          settledAt,
        );
      });
      send();
      return { withdrawnAt, refund, refundState };
    });
  }

  /**
   * The operator records that the refund a withdrawal owed (manual mode) was made, `by` (a
   * superuser's email): kept in the record of changes, and the customer gets "refund issued".
   */
  function refundMade(userId: string, by: string) {
    const user = userById(userId);
    if (!user) throw new UnknownUserError("Missing user.");
    const order = lastWithdrawal(store, userId);
    if (!order || order.refundState !== "owed") throw new BillingError("There is no refund to make.");
    const refundedAt = formatDateTime(new Date());
    store.transaction(() => {
      markOrderRefunded(store, order.id, refundedAt);
      recordUserChanges(store, userId, by, [
        {
          field: "refund_made",
          old: "",
          new: `${order.refund.toFixed(2)} ${siteConfig.plans.currency.toUpperCase()}, ${order.withdrawnAt}`,
        },
      ]);
    });
    mailOnce(user, `refundMade:${order.id}`, {
      kind: "refundIssued",
      amount: order.refund,
      refundedAt,
      manual: true,
    });
    return { amount: order.refund, currency: siteConfig.plans.currency.toLowerCase(), refundedAt };
  }

  /** The user's last withdrawal (the operator's page): when, the refund, where it stands. */
  function lastWithdrawalOf(userId: string) {
    const order = lastWithdrawal(store, userId);
    return order
      ? {
          withdrawnAt: order.withdrawnAt,
          refund: order.refund,
          refundState: order.refundState,
          refundedAt: order.refundedAt,
          interval: order.interval,
          startedAt: order.startedAt,
        }
      : null;
  }

  /** The invoices of the user's Stripe customer, the newest first; none in manual mode or without one. */
  async function invoices(userId: string): Promise<InvoiceItem[]> {
    const user = userById(userId);
    const customer = user && (String(user.stripe ?? "") || subscriptionOf(store, userId)?.customer);
    if (!stripe || !customer) return [];
    const list = await stripe.invoices.list({ customer, limit: 100 });
    return list.data.map((invoice) => ({
      id: invoice.id ?? "",
      number: invoice.number ?? "",
      created: formatDateTime(new Date(invoice.created * 1000)),
      total: invoice.total / 100,
      tax: (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0) / 100,
      currency: invoice.currency,
      status: invoice.status ?? "",
      hostedUrl: invoice.hosted_invoice_url ?? "",
      pdfUrl: invoice.invoice_pdf ?? "",
    }));
  }

  /**
   * The operator refunds the last payment of the user's Stripe subscription, `by` (a superuser's
   * email): its last paid invoice above 0, through the payment that paid it. Access is left as it
   * is (the operator cancels apart). The refund is kept in the user's record of changes, and the
   * user gets one "refund issued" email. Stripe refuses a payment already refunded (a 400 here);
   * manual payments are returned outside the site.
   */
  async function refundLastPayment(
    userId: string,
    by: string,
  ): Promise<{ amount: number; currency: string; refundedAt: string; invoice: string }> {
    const user = userById(userId);
    if (!user) throw new UnknownUserError("Missing user.");
    const current = subscriptionOf(store, userId);
    if (!stripe || (current && current.subscription === "")) {
      throw new BillingError(
        "Payments recorded by hand are refunded outside the site: return the money the way it came.",
      );
    }
    if (!current) throw new BillingError("There is no card payment to refund.");
    return inOrder(async () => {
      const { invoice, target } = await lastCardPayment(current.subscription);
      if (!invoice?.id || !target) throw new BillingError("There is no card payment to refund.");
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({
          [target.key]: target.id,
          metadata: { user: userId, invoice: invoice.id },
        });
      } catch (error) {
        if (!isRefused(error)) throw error;
        if ((error as { code?: string }).code === "charge_already_refunded") {
          throw new BillingError("This payment is already refunded.");
        }
        throw new BillingError((error as Error).message);
      }
      const amount = refund.amount / 100;
      const refundedAt = formatDateTime(new Date(refund.created * 1000));
      store.transaction(() =>
        recordUserChanges(store, userId, by, [
          {
            field: "refund",
            old: "",
            new: `${amount.toFixed(2)} ${refund.currency.toUpperCase()}, ${invoice.id}`,
          },
        ]),
      );
      mailOnce(user, `refund:${invoice.id}`, { kind: "refundIssued", amount, refundedAt });
      return { amount, currency: refund.currency, refundedAt, invoice: invoice.id };
    });
  }

  return {
    mode: stripe ? ("stripe" as const) : ("manual" as const),
    /** Whether the Stripe key is a test key or a live one; null in manual mode. */
    stripeMode: options.stripe
      ? /^(sk|rk)_test_/.test(options.stripe.secretKey)
        ? ("test" as const)
        : ("live" as const)
      : null,
    /** The dunning grace, in whole days (the account page dates the end of a failed renewal's access). */
    graceDays: Math.round(graceOf(store) / day),
    /** Where customers write (`SUPPORT_EMAIL`; "" when unset): the instructions on the account page name it. */
    supportEmail: options.seller?.supportEmail ?? "",
    cancelForDeletion,
    forget,
    checkout,
    resendInstructions,
    withdrawRequest,
    setRenewal,
    portal,
    verify,
    applyEvent,
    markPaid,
    sweep,
    stats,
    cancelByOperator,
    refundLastPayment,
    withdrawalTerms,
    withdraw,
    refundMade,
    lastWithdrawal: lastWithdrawalOf,
    invoices,
    receipts,
    receiptPdf,
  };
}
