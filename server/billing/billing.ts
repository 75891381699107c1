import { parseDateTime } from "#shared/datetime.ts";
import { formatPrice } from "#shared/format.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import {
  liveStatuses,
  paidPrice,
  saveSubscription,
  type Subscription,
  subscriptionEntitles,
  subscriptionOf,
  subscriptionsCollection,
  syncEntitlement,
} from "../core/billing.ts";
import {
  type Interval,
  subscriptionGraceMs,
  type SubscriptionStatus,
  subscriptionStatuses,
} from "#shared/billing.ts";
import {
  billingStateCounts,
  forgetNotices,
  isEventApplied,
  recordEvent,
  recordNotice,
  renewNotice,
  subscriptionOfCustomer,
  recordsEndingBetween,
} from "../core/billing-queries.ts";
import type { RecordData, Store } from "../core/store.ts";
import { formatDateTime } from "../core/values.ts";
import { recordUserChanges } from "../core/user-audit.ts";
import type { Logger } from "../tools/log.ts";
import type { BillingMail } from "../mail/billing-templates.ts";
import type { Mailer } from "../mail/mailer.ts";
import { renderBillingMail } from "../mail/render.ts";
import type { MailLocale } from "../mail/templates.ts";
import { isMissing, type Stripe, type StripeConfig, stripeClient } from "./stripe.ts";

// The billing lifecycle: choosing the paid plan (Stripe Checkout, or manual payment instructions),
// Stripe's webhooks as the only way paid state enters the database, the operator's manual payments
// and trial extensions, and the periodic sweep of trials and lapsed subscriptions. The state itself
// and the entitlement are core/billing.ts's.

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
  /** The payment instructions of manual mode, per locale (content/{locale}/payment-instructions.md). */
  instructions: Record<MailLocale, string>;
};

export type Billing = ReturnType<typeof createBilling>;

/** What became of a webhook event. */
export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** How often the payment instructions may be sent again to one user (verification's resend guard). */
export const instructionsResendMs = 2 * 60 * 1000;

/** The notice of the payment instructions sent for the user's pending request (`_billing_notices`). */
const instructionsNotice = "paymentInstructions";

/** Ended for good: Stripe never revives a subscription in these. */
const endedStatuses: readonly string[] = ["canceled", "incomplete_expired"];

export function createBilling(options: BillingOptions) {
  const { store, mailer, log, appName, appUrl } = options;
  const stripe: Stripe | undefined = options.stripe && stripeClient(options.stripe);
  const users = () => store.findCollection("users")!;

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

  /** The payment instructions of manual mode, in the user's language. */
  function instructionsMail(user: RecordData, interval: Interval): BillingMail {
    const locale = localeOf(user);
    return {
      kind: "paymentInstructions",
      amount: paidPrice(interval),
      interval,
      instructions: paymentInstructions(options.instructions[locale], {
        amount: formatPrice(paidPrice(interval), locale),
        period: paymentPeriod(interval, locale),
        reference: String(user.email),
      }),
    };
  }

  /**
   * The paid plan, chosen at sign-up or from the account page; refused while a subscription (a
   * Stripe one, or a payment the operator recorded) entitles the user. With Stripe: a Checkout
   * Session (its URL), the user's remaining trial kept when more than 48 hours of it are left.
   * Without: the choice is recorded as awaiting payment, the instructions are emailed once per
   * pending request (choosing again while it waits sends nothing: `resendInstructions` does), and
   * the URL is the account page, which shows them.
   */
  async function checkout(userId: string, interval: Interval): Promise<string> {
    const user = userById(userId);
    if (!user) throw new BillingError("Missing user.");
    const current = subscriptionOf(store, userId);
    if (subscriptionEntitles(current, new Date())) {
      throw new BillingError("You already have a subscription.");
    }
    if (!stripe) {
      store.transaction(() => {
        // A new pending request: the instructions of an earlier one were for another.
        if (current?.status !== "incomplete") {
          forgetNotices(store, userId, instructionsNotice);
        }
        saveSubscription(store, userId, {
          status: "incomplete",
          interval,
          subscription: "",
          current_period_end: "",
        });
        syncEntitlement(store, userId);
      });
      mailOnce(user, instructionsNotice, instructionsMail(user, interval));
      return accountUrl(user, "?checkout=manual");
    }
    const trialEnds = parseDateTime(String(user.trial_ends ?? "")).getTime();
    const keepTrial = Number.isFinite(trialEnds) && trialEnds - Date.now() > 48 * hour;
    const customer = String(user.stripe ?? "") || current?.customer || "";
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: options.stripe!.prices[interval], quantity: 1 }],
      client_reference_id: userId,
      ...(customer ? { customer } : { customer_email: String(user.email) }),
      locale: localeOf(user),
      success_url: accountUrl(user, "?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
      cancel_url: accountUrl(user, "?checkout=canceled"),
      metadata: { user: userId },
      subscription_data: {
        metadata: { user: userId },
        ...(keepTrial ? { trial_end: Math.floor(trialEnds / 1000) } : {}),
      },
    });
    if (!session.url) throw new Error("Stripe gave no Checkout URL");
    return session.url;
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

  const subscriptionEvents: readonly string[] = [
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
  ];

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
   * whose subscription has ended. An event for an older subscription never touches the current one.
   */
  function mayApply(current: Subscription | undefined, object: Stripe.Subscription): boolean {
    if (!current || current.subscription === "") return true;
    if (current.subscription === object.id) return current.status !== "canceled";
    return endedStatuses.includes(current.status) && !endedStatuses.includes(object.status);
  }

  // Events are applied one at a time: a subscription read from Stripe is stored before the next
  // event reads it again, so an older read never lands over a newer one.
  let applying: Promise<unknown> = Promise.resolve();

  /**
   * Applies one verified event, idempotently (a replay changes nothing and sends nothing). A
   * subscription event is a signal, as Stripe advises (it promises neither order nor that every
   * event arrives): the subscription's state is read from Stripe's API, whatever the event carries
   * and whenever it was sent. Emails go out once it is all stored.
   */
  function applyEvent(event: Stripe.Event): Promise<WebhookOutcome> {
    const run = applying.then(() => applyInOrder(event));
    applying = run.catch(() => {});
    return run;
  }

  async function applyInOrder(event: Stripe.Event): Promise<WebhookOutcome> {
    if (isEventApplied(store, event.id)) return "duplicate";
    const retrieved = subscriptionEvents.includes(event.type)
      ? await retrieveSubscription((event.data.object as Stripe.Subscription).id)
      : undefined;
    const outbox: (() => void)[] = [];
    const outcome = store.transaction((): WebhookOutcome => {
      if (!recordEvent(store, event.id, event.type, new Date(event.created * 1000))) return "duplicate";
      const at = formatDateTime(new Date(event.created * 1000));
      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          const userId = session.client_reference_id ?? userOfStripe(session.metadata, session.customer);
          const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
          if (!userId || !customer) return "ignored";
          const subscription =
            typeof session.subscription === "string"
              ? session.subscription
              : (session.subscription?.id ?? "");
          const current = subscriptionOf(store, userId);
          saveSubscription(store, userId, {
            customer,
            ...(subscription && !current?.subscription ? { subscription } : {}),
          });
          store.update(users(), userId, { stripe: customer, updated: formatDateTime(new Date()) });
          return "applied";
        }
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted": {
          const object = retrieved;
          if (!object) return "ignored";
          const userId = userOfStripe(object.metadata, object.customer);
          if (!userId) return "ignored";
          const current = subscriptionOf(store, userId);
          if (!mayApply(current, object)) return "ignored";
          const item = object.items.data[0];
          const status = (subscriptionStatuses as readonly string[]).includes(object.status)
            ? (object.status as SubscriptionStatus)
            : "incomplete";
          const periodEnd = item?.current_period_end ?? object.ended_at ?? 0;
          const next: Partial<Subscription> = {
            customer: typeof object.customer === "string" ? object.customer : object.customer.id,
            subscription: object.id,
            status,
            interval: item?.price.recurring?.interval === "year" ? "year" : "month",
            current_period_end: periodEnd ? formatDateTime(new Date(periodEnd * 1000)) : "",
            cancel_at_period_end: object.cancel_at_period_end,
            event_at: at,
          };
          saveSubscription(store, userId, next);
          store.update(users(), userId, { stripe: next.customer, updated: formatDateTime(new Date()) });
          syncEntitlement(store, userId);
          const user = userById(userId)!;
          const sameSubscription = current?.subscription === object.id;
          const cancelling =
            (status === "canceled" && !(sameSubscription && current?.status === "canceled")) ||
            (object.cancel_at_period_end && !(sameSubscription && current?.cancel_at_period_end));
          if (cancelling && next.current_period_end) {
            const endsAt = next.current_period_end;
            outbox.push(() =>
              mailOnce(user, `canceled:${object.id}:${endsAt}`, { kind: "subscriptionCanceled", endsAt }),
            );
          }
          return "applied";
        }
        case "invoice.paid":
        case "invoice.payment_failed": {
          const invoice = event.data.object;
          const details = invoice.parent?.subscription_details;
          const userId = userOfStripe(details?.metadata, invoice.customer);
          if (!userId) return "ignored";
          const user = userById(userId)!;
          if (event.type === "invoice.payment_failed") {
            outbox.push(() => mail(user, { kind: "paymentFailed" }));
            return "applied";
          }
          const line = invoice.lines.data[0];
          const interval: Interval = subscriptionOf(store, userId)?.interval ?? "month";
          const nextDate = formatDateTime(new Date((line?.period.end ?? invoice.period_end) * 1000));
          outbox.push(() =>
            mail(user, {
              kind: "subscriptionActive",
              amount: invoice.amount_paid / 100,
              interval,
              nextDate,
              trialEnds: invoice.amount_paid === 0 ? nextDate : undefined,
              manual: false,
            }),
          );
          return "applied";
        }
        default:
          return "ignored";
      }
    });
    for (const send of outbox) send();
    return outcome;
  }

  /**
   * The operator's record of a payment made outside Stripe: the subscription is active and paid
   * until `until` (then it lapses unless recorded again); the user gets a receipt.
   */
  /** The payment `by` (a superuser's email) recorded, kept in the user's record of changes. */
  function markPaid(userId: string, until: Date, interval: Interval, by: string): Subscription {
    const user = userById(userId);
    if (!user) throw new UnknownUserError("Missing user.");
    if (until.getTime() <= Date.now()) throw new BillingError("The paid-until date must be in the future.");
    // Writing over a live Stripe subscription would lose its id: Stripe keeps charging while the
    // record says "paid by hand", and the Billing Portal no longer finds it.
    const current = subscriptionOf(store, userId);
    if (current?.subscription && (liveStatuses as readonly string[]).includes(current.status)) {
      throw new BillingError("This user pays through Stripe: their subscription is managed there.");
    }
    const saved = store.transaction(() => {
      const sub = saveSubscription(store, userId, {
        status: "active",
        interval,
        subscription: "",
        current_period_end: formatDateTime(until),
        cancel_at_period_end: false,
      });
      syncEntitlement(store, userId);
      const subscription = (sub: Subscription | undefined) =>
        sub
          ? `${sub.status}, ${sub.interval}${sub.current_period_end ? `, ${sub.current_period_end}` : ""}`
          : "";
      recordUserChanges(store, userId, by, [
        { field: "subscription", old: subscription(current), new: subscription(sub) },
      ]);
      return sub;
    });
    mail(user, {
      kind: "subscriptionActive",
      amount: paidPrice(interval),
      interval,
      nextDate: saved.current_period_end,
      manual: true,
    });
    return saved;
  }

  /**
   * The hourly work: a reminder for trials ending within 48 hours, a "trial ended" email for
   * trials that ended, and the Stremio records brought in line with the entitlement for every user
   * whose trial or paid period ended lately (a live Stripe subscription's access ends
   * `subscriptionGraceMs` after its period). Every query reads an index range (`trial_ends`,
   * `current_period_end`): its cost does not grow with the number of users, only with the hour's
   * events. The look-back (7 days) covers a server that was stopped for a while.
   */
  function sweep(now = new Date()) {
    const lookBack = new Date(now.getTime() - 7 * day);
    const soon = new Date(now.getTime() + 48 * hour);
    const report = { reminded: 0, ended: 0, synced: 0 };
    const usersCollection = users();
    const endingSoon = recordsEndingBetween(store, usersCollection, "trial_ends", now, soon);
    for (const user of endingSoon) {
      if (subscriptionEntitles(subscriptionOf(store, String(user.id)), now)) continue;
      mailOnce(user, "trialEndingSoon", { kind: "trialEndingSoon", endsAt: String(user.trial_ends) });
      report.reminded++;
    }
    const ended = recordsEndingBetween(store, usersCollection, "trial_ends", lookBack, now);
    for (const user of ended) {
      const id = String(user.id);
      syncEntitlement(store, id, now);
      report.synced++;
      if (subscriptionEntitles(subscriptionOf(store, id), now)) continue;
      mailOnce(user, "trialEnded", { kind: "trialEnded", endedAt: String(user.trial_ends) });
      report.ended++;
    }
    const lapsedSince = new Date(now.getTime() - 7 * day - subscriptionGraceMs);
    const subscriptions = store.findCollection(subscriptionsCollection)!;
    const lapsed = recordsEndingBetween(store, subscriptions, "current_period_end", lapsedSince, now);
    for (const sub of lapsed) {
      syncEntitlement(store, String(sub.user), now);
      report.synced++;
    }
    log.info(
      `Billing sweep: ${report.reminded} trial reminder(s), ${report.ended} ended trial(s), ${report.synced} account(s) checked`,
    );
    return report;
  }

  /**
   * How many users are in each billing state (the admin page): on a reader thread, since it counts
   * every user. `trial` and `ended` are users without a subscription that entitles them (or awaits
   * payment), by whether their trial is over; the others follow their subscription's status. Also
   * the active subscriptions by interval and the monthly recurring revenue at the site's prices.
   */
  async function stats(now = new Date()) {
    const counts = await billingStateCounts(store, now);
    const { monthly, yearly } = counts;
    return {
      trial: counts.trial,
      awaitingPayment: counts.awaiting,
      active: counts.active,
      cancelling: counts.cancelling,
      pastDue: counts.pastDue,
      ended: counts.unsubscribed - counts.trial,
      byInterval: { month: monthly, year: yearly },
      monthlyRecurringRevenue:
        Math.round((monthly * paidPrice("month") + (yearly * paidPrice("year")) / 12) * 100) / 100,
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
  }

  return {
    mode: stripe ? ("stripe" as const) : ("manual" as const),
    cancelForDeletion,
    forget,
    checkout,
    resendInstructions,
    portal,
    verify,
    applyEvent,
    markPaid,
    sweep,
    stats,
  };
}
