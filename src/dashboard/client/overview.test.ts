import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closedPort } from "#server/testing/smtp.ts";
import { signedUpUser } from "#server/testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "#server/testing/start-server.ts";
import { loadOverview, share, type Overview } from "./overview.ts";
import { defaultUsersQuery, listUsers, markPaid } from "./users.ts";

// The dashboard's overview against the real server, through the official SDK: each figure counts
// the users (or log entries) its filter finds, as of the moment given.

let server: TestServer;
let root: PocketBase;

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function overview(now?: Date): Promise<Overview> {
  const result = await loadOverview(root, now);
  if (!result.success) throw new Error(`loadOverview failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

beforeAll(async () => {
  // Mail goes to a closed SMTP port: every mail's first try fails and its retry waits 10 minutes.
  vi.spyOn(console, "error").mockImplementation(() => {});
  ({ server, root } = await startServerAsRoot({
    smtp: { host: "127.0.0.1", port: await closedPort(), secure: false },
    mailRetryDelays: [600_000],
  }));
});
afterAll(async () => {
  await server.close();
  vi.restoreAllMocks();
});

describe("loadOverview", () => {
  it("counts users by plan state and billing period, failed mails, and finds the last backup", async () => {
    const empty = await overview();
    expect(empty.users).toEqual({
      signups: 0,
      trials: 0,
      paidMonthly: 0,
      paidYearly: 0,
      scheduled: 0,
      canceling: 0,
      awaitingPayment: 0,
      pastDue: 0,
    });
    expect(empty.lastBackup).toBeNull();
    expect(empty.money).toMatchObject({
      monthlyRecurringRevenue: 0,
      conversion: { trialsEnded: 0, paying: 0 },
      churn: { ended: 0, base: 0 },
      manual: { dueSoon: 0, overdue: 0 },
    });
    expect(empty.money?.signupsByDay).toHaveLength(30);
    expect(empty.money?.signupsByDay.every(({ count }) => count === 0)).toBe(true);

    await signedUpUser(server.url, "trial@example.com");
    const monthly = await signedUpUser(server.url, "monthly@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const yearly = await signedUpUser(server.url, "yearly@example.com", {
      plan: "paid",
      is_monthly: false,
      price: 49.99,
    });
    await signedUpUser(server.url, "awaiting@example.com", { plan: "paid", is_monthly: true, price: 4.99 });
    const lapsed = await signedUpUser(server.url, "lapsed@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    for (const [user, interval] of [
      [monthly, "month"],
      [yearly, "year"],
      [lapsed, "month"],
    ] as const) {
      const paid = await markPaid(root, user.id, dayFromNow(30), interval);
      expect(paid.success, user.email).toBe(true);
    }
    // The payment of the lapsed user then failed (what a Stripe webhook records).
    const [subscription] = await root
      .collection("subscriptions")
      .getFullList({ filter: `user = "${lapsed.id}"` });
    await root.collection("subscriptions").update(subscription!.id, { status: "past_due" });
    await root.backups.create("older.zip");
    await root.backups.create("newest.zip");

    const now = await overview();
    expect(now.users).toEqual({
      signups: 5,
      trials: 1,
      paidMonthly: 1,
      paidYearly: 1,
      scheduled: 0,
      canceling: 0,
      awaitingPayment: 1,
      pastDue: 1,
    });
    // The active ones, at the site's prices: 4.99 a month and 49.99 a year.
    expect(now.money?.monthlyRecurringRevenue).toBe(9.16);
    expect(now.money?.signupsByDay.reduce((sum, { count }) => sum + count, 0)).toBe(5);
    expect(now.lastBackup?.key).toBe("newest.zip");

    // Every mail so far failed its first try: the figure counts each of those entries.
    const mailEntries = async () =>
      (await root.logs.getList(1, 1, { filter: 'data.type = "mail"', requestKey: null })).totalItems;
    await vi.waitFor(async () => expect(await mailEntries()).toBeGreaterThan(0), { timeout: 10_000 });
    const logged = await mailEntries();
    expect((await overview()).failedMails).toBe(logged);

    // Eight days on: nobody signed up in the last week, no mail failed in the last day.
    const later = await overview(new Date(Date.now() + 8 * 86_400_000));
    expect(later.users.signups).toBe(0);
    expect(later.failedMails).toBe(0);
  });

  it("counts the manual renewals due and overdue as the users list's filters find them", async () => {
    const due = await signedUpUser(server.url, "due@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const overdue = await signedUpUser(server.url, "overdue@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    for (const user of [due, overdue])
      expect((await markPaid(root, user.id, dayFromNow(2), "month")).success).toBe(true);
    // The payment recorded for the second one ran out two days ago.
    const [lapsed] = await root.collection("subscriptions").getFullList({ filter: `user = "${overdue.id}"` });
    await root.collection("subscriptions").update(lapsed!.id, {
      current_period_end: new Date(Date.now() - 2 * 86_400_000).toISOString().replace("T", " "),
    });

    expect((await overview()).money?.manual).toEqual({ dueSoon: 1, overdue: 1 });
    for (const [renewal, user] of [
      ["due", due],
      ["overdue", overdue],
    ] as const) {
      const page = await listUsers(root, { ...defaultUsersQuery, renewal });
      if (!page.success) throw new Error(`listUsers failed: ${JSON.stringify(page.error)}`);
      expect(page.data.items.map(({ email }) => email)).toEqual([user.email]);
      expect(page.data.graceDays).toBe(7);
    }
  });
});

describe("share", () => {
  it("divides, and gives nothing to divide as null rather than 0 % or NaN", () => {
    expect(share(51, 120)).toBe(0.425);
    expect(share(0, 12)).toBe(0);
    expect(share(0, 0)).toBeNull();
  });
});
