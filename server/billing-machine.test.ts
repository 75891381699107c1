import fc from "fast-check";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type BillingState,
  type BillingView,
  billingStates,
  billingView,
  type Interval,
  paidPrice,
  renewalWindowMs,
} from "#shared/billing.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { graceOf, stremioOf, subscriptionOf, userVerified } from "./core/billing/state.ts";
import { billingStateSql } from "./core/billing/queries.ts";
import { recordHooksOf } from "./core/record-hooks.ts";
import { param, sql } from "./tools/sql.ts";
import { autogenerate, newRecordData } from "./core/records.ts";
import type { RecordData } from "./core/store.ts";
import { formatDateTime } from "./core/values.ts";
import { createTestApp, type TestApp } from "./testing/fixtures.ts";
import { startStripeDouble } from "./testing/stripe-double.ts";
import type { StripeDouble } from "./testing/stripe-double-types.ts";
import { BillingError, sweepLookBackMs } from "./core/billing/lifecycle.ts";

// The billing machine over random histories, through the real code: sign-ups, verifications,
// choices of the paid plan, Stripe's Checkout and portal (the test double, through the SDK), its
// events delivered late, twice, out of order or never, periods ending, renewals failing, the
// operator's payments, and time passing with the hourly sweep. After every step, what is stored
// must say what an outside reading of the records says, and the emails must follow the transitions.

const hour = 3600_000;
const day = 24 * hour;

/** The emails' subjects, by kind (English: every history's user writes in English). */
const mailKinds: [RegExp, string][] = [
  [/^How to pay/, "paymentInstructions"],
  [/^Payment received/, "paymentReceived"],
  [/subscription starts on/, "subscriptionScheduled"],
  [/subscription ends on/, "subscriptionCanceling"],
  [/subscription goes on/, "subscriptionResumed"],
  [/plan is now/, "planSwitched"],
  [/access has ended/, "accessEnded"],
  [/trial ends on/, "trialEndingSoon"],
  [/trial has ended/, "trialEnded"],
  [/didn't go through/, "paymentFailed"],
  [/^Last notice/, "lastNotice"],
  [/^Your withdrawal/, "withdrawalConfirmed"],
  [/subscription renews on/, "renewalNotice"],
];

/** The transition emails (the others are notices: instructions, reminders, failures, receipts). */
const transitionKinds = new Set([
  "subscriptionScheduled",
  "subscriptionCanceling",
  "subscriptionResumed",
  "planSwitched",
  "accessEnded",
  "trialEnded",
  "withdrawalConfirmed",
]);

const live: readonly BillingState[] = ["trialing", "active", "canceling", "past-due"];

type Step =
  | { kind: "verify" }
  | { kind: "checkout"; interval: Interval }
  | { kind: "deliver"; pick: number; lost: boolean; again: boolean }
  | { kind: "portal"; action: "cancel" | "renew" | "switch" | "payment-method" }
  | { kind: "cardFails"; fails: boolean }
  | { kind: "periodEnd" }
  | { kind: "time"; hours: number }
  | { kind: "markPaid"; days: number; interval: Interval }
  | { kind: "renewal"; renew: boolean }
  | { kind: "withdraw" }
  | { kind: "withdrawal" };

const interval = fc.constantFrom<Interval>("month", "year");
const time = fc.integer({ min: 1, max: 96 }).map((hours): Step => ({ kind: "time", hours }));
const stripeStep: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant<Step>({ kind: "verify" }), weight: 1 },
  { arbitrary: interval.map((i): Step => ({ kind: "checkout", interval: i })), weight: 2 },
  {
    arbitrary: fc.record({ pick: fc.nat(), lost: fc.boolean(), again: fc.boolean() }).map((d): Step => ({
      kind: "deliver",
      pick: d.pick,
      lost: d.lost && d.pick % 3 === 0,
      again: d.again,
    })),
    weight: 6,
  },
  {
    arbitrary: fc
      .constantFrom("cancel", "renew", "switch", "payment-method" as const)
      .map((action): Step => ({ kind: "portal", action })),
    weight: 2,
  },
  { arbitrary: fc.boolean().map((fails): Step => ({ kind: "cardFails", fails })), weight: 1 },
  { arbitrary: fc.boolean().map((renew): Step => ({ kind: "renewal", renew })), weight: 1 },
  { arbitrary: fc.constant<Step>({ kind: "periodEnd" }), weight: 2 },
  { arbitrary: fc.constant<Step>({ kind: "withdrawal" }), weight: 1 },
  { arbitrary: time, weight: 2 },
);
const manualStep: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant<Step>({ kind: "verify" }), weight: 1 },
  { arbitrary: interval.map((i): Step => ({ kind: "checkout", interval: i })), weight: 2 },
  {
    arbitrary: fc
      .record({ days: fc.integer({ min: 1, max: 400 }), interval })
      .map((d): Step => ({ kind: "markPaid", ...d })),
    weight: 2,
  },
  { arbitrary: fc.boolean().map((renew): Step => ({ kind: "renewal", renew })), weight: 1 },
  { arbitrary: fc.constant<Step>({ kind: "withdraw" }), weight: 1 },
  { arbitrary: fc.constant<Step>({ kind: "withdrawal" }), weight: 1 },
  { arbitrary: time, weight: 3 },
);

/**
 * Whether the records say the user may stream, read from the outside: a trial running on a verified
 * address, a paid period running (a Stripe renewal waited for a while), a canceled one until its
 * end, or a failed renewal within the grace.
 */
function mayStream(user: RecordData, sub: RecordData | undefined, now: number, graceMs: number): boolean {
  const at = (value: unknown) => (value ? parseDateTime(String(value)).getTime() : Number.NaN);
  if (user.verified === true && at(user.trial_ends) > now) return true;
  if (!sub) return false;
  const end = at(sub.current_period_end);
  const stripe = sub.subscription !== "";
  if (sub.status === "past_due" && stripe)
    return at(sub.past_due_since || sub.current_period_end) + graceMs > now;
  if (sub.status === "canceled") return end > now;
  if (sub.status === "active" || sub.status === "trialing") return end + (stripe ? renewalWindowMs : 0) > now;
  return false;
}

/** A world: the server in this process, its emails caught, and (Stripe mode) the double. */
type World = { t: TestApp; double?: StripeDouble; mails: Promise<{ to: string; subject: string }>[] };

async function world(withStripe: boolean): Promise<World> {
  const double = withStripe ? await startStripeDouble() : undefined;
  const t = await createTestApp(
    double
      ? {
          stripe: {
            secretKey: "sk_test_lumen",
            webhookSecret: "whsec_machine",
            prices: { month: "price_monthly_test", year: "price_yearly_test" },
            apiBase: double.url,
          },
        }
      : {},
  );
  const mails: World["mails"] = [];
  t.app.mailer.queue = (message) => {
    mails.push(Promise.resolve(message).then((m) => ({ to: String(m.to), subject: String(m.subject) })));
  };
  return { t, double, mails };
}

let historyCount = 0;

/**
 * A visitor's sign-up as the records API saves it (record-crud.ts): the users hooks before and
 * after the insert, in its transaction. Without the API's cost-10 password hash (about 90 ms on two
 * cores, more than a whole history): sign-up itself is proven over HTTP in signup.test.ts.
 */
function signUp(t: TestApp, fields: RecordData): string {
  const { store } = t.app;
  const collection = store.findCollection("users")!;
  const data: RecordData = { ...newRecordData(collection), ...fields, password: t.users.alice.password };
  autogenerate(collection, data);
  data.created = data.updated = formatDateTime(new Date());
  const hooks = recordHooksOf("users");
  const event = {
    store,
    collection,
    data,
    original: undefined,
    body: fields,
    superuser: false,
    actor: "",
    now: new Date(),
    sendVerification: () => {},
  };
  expect(hooks.beforeSave?.(event)).toBeUndefined();
  store.transaction(() => {
    store.insert(collection, data);
    hooks.afterSave?.(event);
  });
  return String(data.id);
}

/** Runs one history for a new user of `w`, checking every invariant after each step. */
async function runHistory(w: World, signUpPaid: Interval | null, steps: Step[]) {
  const { t, double } = w;
  const { billing, store } = t.app;
  const users = store.findCollection("users")!;
  const stremio = store.findCollection("stremio")!;
  const email = `history${++historyCount}@example.com`;
  // Each history has its own years: the sweep never meets an earlier history's dates.
  vi.useFakeTimers({ now: Date.now() + historyCount * 4 * 365 * day, toFake: ["Date"] });
  const id = signUp(t, {
    email,
    locale: "en",
    ...(signUpPaid
      ? { plan: "paid", is_monthly: signUpPaid === "month", price: paidPrice(signUpPaid) }
      : { plan: "free", price: 0 }),
  });
  const pending: Stripe.Event[] = [];
  let seenEvents = double?.state.events.length ?? 0;
  const canceled = new Set<string>();
  const noticesSent = new Map<string, number>();
  const log: string[] = [];
  const viewNow = (): BillingView => {
    const user = store.findById(users, id)!;
    return billingView({
      trialEnds: String(user.trial_ends),
      verified: user.verified === true,
      subscription: subscriptionOf(store, id),
      now: new Date(),
      graceMs: graceOf(store),
    });
  };
  /** Time passes with the sweep running at least every 6 days, as the hourly one would. */
  const pass = async (ms: number) => {
    let left = ms;
    while (left > 0) {
      const stride = Math.min(left, 6 * day);
      vi.setSystemTime(Date.now() + stride);
      left -= stride;
      await billing.sweep();
      await check(undefined);
    }
  };
  const collect = () => {
    if (!double) return;
    for (const record of double.state.events.slice(seenEvents)) pending.push(record.event as Stripe.Event);
    seenEvents = double.state.events.length;
  };

  let before = viewNow();
  let mailsBefore = w.mails.length;
  let delivered: string | undefined;
  /** Whether this step's withdrawal went through: its acknowledgement stands for the end of access. */
  let withdrew = false;
  let step: Step | undefined;
  /** The invariants, after a step and after each sweep within one (one transition at a time). */
  const check = async (current: Step | undefined) => {
    const context = `history ${email}: ${log.join(" → ")}`;
    const now = Date.now();
    const user = store.findById(users, id)!;
    const sub = subscriptionOf(store, id);
    const after = viewNow();

    // Access: the Stremio record says what the records say.
    const streams = stremioOf(store, stremio, id)!.field === "active";
    expect(streams, context).toBe(mayStream(user, sub, now, graceOf(store)));
    expect(streams, context).toBe(after.mayStream);
    // The figures' SQL says the same state.
    const [row] = store.all(
      sql`SELECT ${billingStateSql(new Date(now), graceOf(store))} AS "state" FROM "users" "u"
        LEFT JOIN "subscriptions" "s" ON "s"."user" = "u"."id" WHERE "u"."id" = ${param(id)}`,
    );
    expect(row?.state, context).toBe(after.state);
    // Money taken is access given: after a sweep, while Stripe has a subscription this server knows
    // active, its period running, the customer streams, whatever events were lost.
    const truth =
      double && sub?.subscription && current === undefined
        ? double.state.subscriptions[sub.subscription]
        : undefined;
    // Bounded as the sweep is: it asks Stripe about periods that ended within its look-back and the
    // renewal window (a renewal Stripe makes later than that, all its events lost, is not seen).
    const asked =
      sub !== undefined &&
      sub.current_period_end !== "" &&
      parseDateTime(sub.current_period_end).getTime() > now - sweepLookBackMs - renewalWindowMs;
    if (truth && asked && ["active", "trialing"].includes(truth.status)) {
      if (truth.items.data[0]!.current_period_end * 1000 > now) expect(streams, context).toBe(true);
    }
    // The plan fields are the function's.
    expect({ plan: user.plan, is_monthly: user.is_monthly, price: user.price }, context).toEqual({
      plan: after.plan,
      is_monthly: after.is_monthly,
      price: after.price,
    });
    // `canceled` is final for its subscription id.
    if (sub?.subscription) {
      if (canceled.has(sub.subscription)) expect(sub.status, context).toBe("canceled");
      if (sub.status === "canceled") canceled.add(sub.subscription);
    }

    // The emails of this step: at most one transition email, of the transition seen.
    // (The sweep also moves the users of earlier histories: their emails are theirs.)
    const mails = (await Promise.all(w.mails.slice(mailsBefore))).filter((m) => m.to === email);
    const kinds = mails.map((m) => {
      return mailKinds.find(([subject]) => subject.test(m.subject))?.[1] ?? `unknown: ${m.subject}`;
    });
    const transitions = kinds.filter((kind) => transitionKinds.has(kind));
    expect(transitions.length, `${context}; mails ${kinds.join(", ")}`).toBeLessThanOrEqual(1);
    const money = kinds.filter((kind) => kind === "paymentReceived" || kind === "paymentFailed");
    expect(money.length, `${context}; mails ${kinds.join(", ")}`).toBeLessThanOrEqual(1);
    const expected = expectedTransitionMail(before, after);
    // A receipt says the plan it paid for: it stands for "switched" or "resumed".
    const replaced =
      money[0] === "paymentReceived" && /planSwitched|subscriptionResumed/.test(expected ?? "");
    expect(transitions, `${context}; ${before.state} → ${after.state}`).toEqual(
      current?.kind === "withdrawal" && withdrew
        ? ["withdrawalConfirmed"]
        : expected && !replaced
          ? [expected]
          : [],
    );
    if (current?.kind === "withdrawal" && withdrew)
      expect(after.mayStream && !after.why.kind.startsWith("trial"), context).toBe(false);
    for (const kind of kinds) {
      if (kind === "paymentReceived") {
        expect(delivered === "invoice.paid" || current?.kind === "markPaid", context).toBe(true);
      }
      if (kind === "paymentFailed") {
        expect([delivered, after.state], context).toEqual(["invoice.payment_failed", "past-due"]);
      }
      if (kind === "renewalNotice") {
        expect([after.interval, sub?.cancel_at_period_end], context).toEqual(["year", false]);
      }
      if (kind === "trialEndingSoon" || kind === "lastNotice" || kind === "renewalNotice") {
        const key =
          kind === "lastNotice"
            ? `${kind}:${sub?.past_due_since}`
            : kind === "renewalNotice"
              ? `${kind}:${sub?.subscription}:${sub?.current_period_end}`
              : kind;
        noticesSent.set(key, (noticesSent.get(key) ?? 0) + 1);
        expect(noticesSent.get(key), context).toBe(1);
      }
      expect(kind, context).not.toMatch(/^unknown/);
    }
    before = after;
    mailsBefore = w.mails.length;
  };
  for (step of steps) {
    log.push(JSON.stringify(step));
    delivered = undefined;
    withdrew = false;
    try {
      switch (step.kind) {
        case "verify":
          // What following the emailed link does (confirm-verification).
          store.transaction(() => {
            store.update(users, id, { verified: true });
            userVerified(store, id, new Date());
          });
          break;
        case "checkout": {
          const url = await billing.checkout(id, step.interval);
          if (double) {
            const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
            await paid.arrayBuffer();
          }
          break;
        }
        case "deliver": {
          if (pending.length === 0) break;
          const index = step.pick % pending.length;
          const event = pending[index]!;
          if (!step.again) pending.splice(index, 1);
          if (!step.lost) {
            delivered = event.type;
            await billing.applyEvent(event);
          }
          break;
        }
        case "portal": {
          const sub = subscriptionOf(store, id);
          if (!double || !sub?.subscription) break;
          const url = await billing.portal(id);
          const price =
            (double.state.subscriptions[sub.subscription]?.items.data[0]?.price.id ?? "") ===
            "price_yearly_test"
              ? "price_monthly_test"
              : "price_yearly_test";
          const form = new URLSearchParams({ subscription: sub.subscription, price });
          const done = await fetch(`${url}/${step.action}`, {
            method: "POST",
            body: form,
            redirect: "manual",
          });
          await done.arrayBuffer();
          break;
        }
        case "cardFails": {
          const customer = String(store.findById(users, id)!.stripe ?? "");
          if (!double || !customer) break;
          const done = await fetch(`${double.url}/_double/customers/${customer}/card`, {
            method: "POST",
            body: JSON.stringify({ fails: step.fails }),
          });
          await done.arrayBuffer();
          break;
        }
        case "periodEnd": {
          const sub = subscriptionOf(store, id);
          const stripeSub =
            double && sub?.subscription ? double.state.subscriptions[sub.subscription] : undefined;
          if (!stripeSub || ["canceled", "incomplete_expired"].includes(stripeSub.status)) break;
          const end = stripeSub.items.data[0]!.current_period_end * 1000;
          if (end > Date.now()) await pass(end - Date.now() + 1000);
          const done = await fetch(`${double!.url}/_double/subscriptions/${stripeSub.id}/advance`, {
            method: "POST",
          });
          await done.arrayBuffer();
          break;
        }
        case "time":
          await pass(step.hours * hour);
          break;
        case "renewal":
          await billing.setRenewal(id, step.renew);
          break;
        case "withdraw":
          billing.withdrawRequest(id);
          break;
        case "withdrawal":
          await billing.withdraw(id);
          withdrew = true;
          break;
        case "markPaid":
          billing.markPaid(id, new Date(Date.now() + step.days * day), step.interval, "root@example.com");
          break;
      }
    } catch (error) {
      if (!(error instanceof BillingError)) throw error;
    }
    collect();
    await check(step);
  }
  vi.useRealTimers();
}

/** The one transition email a change of the view calls for, if any. */
function expectedTransitionMail(before: BillingView, after: BillingView): string | undefined {
  const from = before.state;
  const to = after.state;
  if (from !== to) {
    if (to === "trialing" && !live.includes(from)) return "subscriptionScheduled";
    if (to === "canceling") return "subscriptionCanceling";
    if (from === "canceling" && (to === "active" || to === "trialing")) return "subscriptionResumed";
    if (live.includes(from) && (to === "ended" || to === "never-subscribed")) return "accessEnded";
  } else if (live.includes(to) && before.interval !== after.interval) {
    return "planSwitched";
  }
  const trialRan = before.why.kind === "trial" || before.why.kind === "unverified";
  if (trialRan && (after.why.kind === "trial-ended" || after.why.kind === "awaiting-payment")) {
    return "trialEnded";
  }
  return undefined;
}

/** The states of every user as `billingView` says, counted: what the SQL figures must say too. */
function modelCounts(t: TestApp, now: Date): Record<BillingState, number> {
  const { store } = t.app;
  const counts = Object.fromEntries(billingStates.map((s) => [s, 0])) as Record<BillingState, number>;
  for (const user of store.find(store.findCollection("users")!, {})) {
    const view = billingView({
      trialEnds: String(user.trial_ends ?? ""),
      verified: true,
      subscription: subscriptionOf(store, String(user.id)),
      now,
      graceMs: graceOf(store),
    });
    counts[view.state]++;
  }
  return counts;
}

async function expectFiguresFollowTheModel(t: TestApp) {
  const now = new Date();
  const model = modelCounts(t, now);
  const stats = await t.app.billing.stats(now);
  expect({
    trial: stats.trial,
    awaitingPayment: stats.awaitingPayment,
    trialing: stats.trialing,
    active: stats.active,
    cancelling: stats.cancelling,
    pastDue: stats.pastDue,
    ended: stats.ended,
  }).toEqual({
    trial: model.trial,
    awaitingPayment: model["awaiting-payment"],
    trialing: model.trialing,
    active: model.active,
    cancelling: model.canceling,
    pastDue: model["past-due"],
    ended: model.ended + model["never-subscribed"],
  });
}

afterEach(() => vi.useRealTimers());

describe("the billing machine over random histories", () => {
  let stripeWorld: World;
  let manualWorld: World;
  beforeAll(async () => {
    [stripeWorld, manualWorld] = await Promise.all([world(true), world(false)]);
  });
  afterAll(async () => {
    await Promise.all([stripeWorld.t.close(), manualWorld.t.close(), stripeWorld.double!.close()]);
  });

  it("with Stripe: access, plan fields, final cancellations and one email per transition hold after every step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(interval, { nil: null }),
        fc.array(stripeStep, { minLength: 4, maxLength: 24 }),
        async (paid, steps) => {
          await runHistory(stripeWorld, paid, steps);
          await expectFiguresFollowTheModel(stripeWorld.t);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it("without Stripe: the same over the operator's payments", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(interval, { nil: null }),
        fc.array(manualStep, { minLength: 3, maxLength: 16 }),
        async (paid, steps) => {
          await runHistory(manualWorld, paid, steps);
          await expectFiguresFollowTheModel(manualWorld.t);
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});
