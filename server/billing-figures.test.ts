import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  billingStates,
  billingView,
  type BillingState,
  manualRenewal,
  type Subscription,
} from "#shared/billing.ts";
import { graceOf, saveSubscription, subscriptionOf } from "./core/billing/state.ts";
import type { Sql } from "./tools/sql.ts";
import { formatDateTime } from "./core/values.ts";
import { signupBody } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// The overview's money figures (`GET /api/billing/stats`) over a real port, through the official
// SDK, on users and subscriptions with known dates: trial-to-paid conversion, churn, the manual
// renewals due and overdue, the sign-ups per day; the state counts against `billingView`, and
// every new query answered from an index.

const day = 24 * 60 * 60 * 1000;
/** The moment the figures are read at: the clock is held there (Date only). */
const now = new Date("2026-11-29T12:00:00.000Z");
const at = (days: number) => formatDateTime(new Date(now.getTime() + days * day));

type Stats = {
  trial: number;
  awaitingPayment: number;
  trialing: number;
  active: number;
  cancelling: number;
  pastDue: number;
  ended: number;
  byInterval: { month: number; year: number };
  monthlyRecurringRevenue: number;
  conversion: { trialsEnded: number; paying: number };
  churn: { ended: number; base: number };
  manual: { dueSoon: number; overdue: number };
  signupsByDay: { day: string; count: number }[];
};

type Fixture = {
  /** When the account signs up, in days from `now` (or an exact time). */
  created: number | string;
  /** `trial_ends` in days from `now`; null: no trial. */
  trialEnds: number | null;
  subscription?: Partial<Omit<Subscription, "id" | "user" | "current_period_end" | "past_due_since">> & {
    periodEnd: number;
    pastDueSince?: number;
  };
};

const stripe = (id: string) => ({ customer: `cus_${id}`, subscription: `sub_${id}` });

/** Each account, named after what it shows. */
const fixtures: Record<string, Fixture> = {
  onTrial: { created: -2, trialEnds: 5 },
  signedUpTheSameDay: { created: -2.1, trialEnds: 4.9 },
  signedUpToday: { created: -0.1, trialEnds: 6.9 },
  firstDayOfTheWindow: { created: "2026-10-31T00:00:00.000Z", trialEnds: -22 },
  dayBeforeTheWindow: { created: "2026-10-30T23:59:59.999Z", trialEnds: -23 },
  // Trials that ended in the last 30 days: two pay now, three do not.
  convertedStripe: {
    created: -20,
    trialEnds: -13,
    subscription: { ...stripe("conv"), status: "active", interval: "month", periodEnd: 17 },
  },
  convertedManualDueSoon: {
    created: -10,
    trialEnds: -3,
    subscription: { status: "active", interval: "year", periodEnd: 2 },
  },
  trialLapsed: { created: -15, trialEnds: -8 },
  cancelledInStripeTrial: {
    created: -12,
    trialEnds: -5,
    subscription: { ...stripe("trialcancel"), status: "canceled", interval: "month", periodEnd: -5 },
  },
  firstChargeFailed: {
    created: -9,
    trialEnds: -2,
    subscription: {
      ...stripe("firstfail"),
      status: "past_due",
      interval: "month",
      periodEnd: 28,
      pastDueSince: -2,
    },
  },
  scheduled: {
    created: -3,
    trialEnds: 4,
    subscription: { ...stripe("sched"), status: "trialing", interval: "year", periodEnd: 4 },
  },
  awaitingPayment: { created: -1, trialEnds: 6, subscription: { status: "incomplete", periodEnd: NaN } },
  // Paying, from before the window.
  canceling: {
    created: -34,
    trialEnds: -60,
    subscription: {
      ...stripe("canceling"),
      status: "active",
      interval: "month",
      cancel_at_period_end: true,
      periodEnd: 5,
    },
  },
  yearlyNoTrial: {
    created: -34,
    trialEnds: null,
    subscription: { ...stripe("yearly"), status: "active", interval: "year", periodEnd: 100 },
  },
  manualNotRenewing: {
    created: -34,
    trialEnds: -33,
    subscription: { status: "active", interval: "month", cancel_at_period_end: true, periodEnd: 1 },
  },
  renewalNotToldYet: {
    created: -34,
    trialEnds: -90,
    subscription: { ...stripe("window"), status: "active", interval: "month", periodEnd: -1 },
  },
  pastDueInGrace: {
    created: -34,
    trialEnds: -83,
    subscription: {
      ...stripe("grace"),
      status: "past_due",
      interval: "month",
      periodEnd: 27,
      pastDueSince: -3,
    },
  },
  // Ended in the last 30 days, after paying.
  churnedCancelled: {
    created: -34,
    trialEnds: -93,
    subscription: { ...stripe("churn1"), status: "canceled", interval: "month", periodEnd: -10 },
  },
  churnedAfterGrace: {
    created: -34,
    trialEnds: -193,
    subscription: {
      ...stripe("churn2"),
      status: "past_due",
      interval: "month",
      periodEnd: 10,
      pastDueSince: -20,
    },
  },
  manualOverdue: {
    created: -34,
    trialEnds: -43,
    subscription: { status: "active", interval: "month", periodEnd: -2 },
  },
  manualPastTheGrace: {
    created: -34,
    trialEnds: -70,
    subscription: { status: "active", interval: "month", periodEnd: -9 },
  },
  // Ended before the window.
  churnedLongAgo: {
    created: -34,
    trialEnds: -293,
    subscription: { ...stripe("old"), status: "canceled", interval: "month", periodEnd: -40 },
  },
};

let server: TestServer;
let root: PocketBase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now.getTime() - 40 * day);
  ({ server, root } = await startServerAsRoot());
  const guest = new PocketBase(server.url);
  guest.autoCancellation(false);
  const byCreation = Object.entries(fixtures).sort(
    ([, a], [, b]) => createdAt(a.created) - createdAt(b.created),
  );
  for (const [name, fixture] of byCreation) {
    vi.setSystemTime(createdAt(fixture.created));
    ids[name] = (await guest.collection("users").create(signupBody(`${name}@example.com`))).id;
  }
  vi.setSystemTime(now);
  const { store } = server.app;
  const users = store.findCollection("users")!;
  for (const [name, { trialEnds, subscription }] of Object.entries(fixtures)) {
    store.update(users, ids[name]!, { trial_ends: trialEnds === null ? "" : at(trialEnds) });
    if (!subscription) continue;
    const { periodEnd, pastDueSince, ...fields } = subscription;
    saveSubscription(store, ids[name]!, {
      customer: "",
      subscription: "",
      ...fields,
      current_period_end: Number.isNaN(periodEnd) ? "" : at(periodEnd),
      past_due_since: pastDueSince === undefined ? "" : at(pastDueSince),
    });
  }
  await root.collection("_superusers").authWithPassword("root@example.com", "a root password 1");
});

afterAll(async () => {
  await server?.close();
  vi.useRealTimers();
});

function createdAt(created: number | string): number {
  return typeof created === "string" ? Date.parse(created) : now.getTime() + created * day;
}

const stats = () => root.send<Stats>("/api/billing/stats", { requestKey: null });

describe("GET /api/billing/stats: the money figures", () => {
  it("counts the states as billingView tells each user", async () => {
    const { store } = server.app;
    const counts = Object.fromEntries(billingStates.map((s) => [s, 0])) as Record<BillingState, number>;
    for (const user of store.find(store.findCollection("users")!, {})) {
      const view = billingView({
        trialEnds: String(user.trial_ends),
        verified: false,
        subscription: subscriptionOf(store, String(user.id)),
        now,
        graceMs: graceOf(store),
      });
      counts[view.state]++;
    }
    const figures = await stats();
    expect(figures).toMatchObject({
      trial: counts.trial,
      awaitingPayment: counts["awaiting-payment"],
      trialing: counts.trialing,
      active: counts.active,
      cancelling: counts.canceling,
      pastDue: counts["past-due"],
      ended: counts.ended + counts["never-subscribed"],
    });
    // And by name: the fixtures say who is where.
    expect(figures).toMatchObject({
      // onTrial, signedUpTheSameDay, signedUpToday
      trial: 3,
      awaitingPayment: 1,
      trialing: 1,
      // convertedStripe, convertedManualDueSoon, yearlyNoTrial, renewalNotToldYet
      active: 4,
      // canceling, manualNotRenewing
      cancelling: 2,
      // firstChargeFailed, pastDueInGrace
      pastDue: 2,
      byInterval: { month: 2, year: 2 },
    });
  });

  it("gives the monthly recurring revenue of the active subscriptions", async () => {
    // Two monthly at 4.99, two yearly at 49.99 / 12.
    expect((await stats()).monthlyRecurringRevenue).toBe(
      Math.round((2 * 4.99 + (2 * 49.99) / 12) * 100) / 100,
    );
  });

  it("gives the trial-to-paid conversion of the trials that ended in the last 30 days", async () => {
    // Ended: convertedStripe, convertedManualDueSoon, trialLapsed, cancelledInStripeTrial,
    // firstChargeFailed, firstDayOfTheWindow, dayBeforeTheWindow (22 and 23 days ago).
    expect((await stats()).conversion).toEqual({ trialsEnded: 7, paying: 2 });
  });

  it("gives the churn: paid subscriptions ended in the last 30 days over those and the paying ones", async () => {
    // Ended: churnedCancelled, churnedAfterGrace, manualOverdue, manualPastTheGrace. Paying:
    // convertedStripe, convertedManualDueSoon, canceling, yearlyNoTrial, manualNotRenewing,
    // renewalNotToldYet. Neither: a trial cancelled before its first charge, a first charge that
    // failed, a renewal in its grace, an end before the window.
    expect((await stats()).churn).toEqual({ ended: 4, base: 10 });
  });

  it("gives the manual renewals due in the next 3 days and those overdue within the grace", async () => {
    // convertedManualDueSoon (paid until in 2 days) and manualOverdue (2 days ago); not the one
    // asked not to renew, nor the one past the 7 days' grace.
    expect((await stats()).manual).toEqual({ dueSoon: 1, overdue: 1 });
    // The users list's badge (`manualRenewal`) says the same of each user.
    const { store } = server.app;
    const badges = Object.fromEntries(
      Object.entries(ids)
        .map(([name, id]) => [name, manualRenewal(subscriptionOf(store, id), now, graceOf(store))])
        .filter(([, badge]) => badge !== null),
    );
    expect(badges).toEqual({ convertedManualDueSoon: "due", manualOverdue: "overdue" });
  });

  it("gives the sign-ups per UTC day over the last 30 days, every day present", async () => {
    const { signupsByDay } = await stats();
    expect(signupsByDay).toHaveLength(30);
    expect(signupsByDay[0]).toEqual({ day: "2026-10-31", count: 1 });
    expect(signupsByDay.at(-1)).toEqual({ day: "2026-11-29", count: 1 });
    const nonZero = Object.fromEntries(
      signupsByDay.filter(({ count }) => count > 0).map(({ day, count }) => [day, count]),
    );
    expect(nonZero).toEqual({
      "2026-10-31": 1,
      "2026-11-09": 1,
      "2026-11-14": 1,
      "2026-11-17": 1,
      "2026-11-19": 1,
      "2026-11-20": 1,
      "2026-11-26": 1,
      "2026-11-27": 2,
      "2026-11-28": 1,
      "2026-11-29": 1,
    });
  });

  it("answers the new figures from indexes, never by scanning a table", async () => {
    const { store } = server.app;
    const ran: Sql[] = [];
    const read = store.reader.all.bind(store.reader);
    store.reader.all = (file, query) => {
      ran.push(query);
      return read(file, query);
    };
    try {
      await stats();
    } finally {
      store.reader.all = read;
    }
    // The state counts walk every user by design; every other statement is an index range.
    const figures = ran.filter((query) => !/GROUP BY 1$/.test(query.sql.trim()) || /substr/.test(query.sql));
    expect(figures).toHaveLength(4);
    for (const query of figures) {
      const plan = await store.reader.explain(store.file, query);
      expect(
        plan.filter((line) => /^SCAN /.test(line)),
        `${query.sql}\n${plan.join("\n")}`,
      ).toEqual([]);
      expect(
        plan.some((line) => /USING (COVERING )?INDEX/.test(line)),
        plan.join("\n"),
      ).toBe(true);
    }
  });
});
