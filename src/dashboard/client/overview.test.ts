import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closedPort } from "#server/testing/smtp.ts";
import { signedUpUser } from "#server/testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "#server/testing/start-server.ts";
import { loadOverview, type Overview } from "./overview.ts";
import { markPaid } from "./users.ts";

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
      awaitingPayment: 0,
      pastDue: 0,
    });
    expect(empty.lastBackup).toBeNull();

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
      awaitingPayment: 1,
      pastDue: 1,
    });
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
});
