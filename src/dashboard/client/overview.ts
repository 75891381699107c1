import type PocketBase from "pocketbase";
import { attempt } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { SellerSettings } from "#shared/seller.ts";
import type { Backup } from "./backups.ts";
import { loadFailed, unlessMissing, users } from "./common.ts";
import { defaultLogsQuery, logsFilter, type LogsQuery } from "./logs.ts";
import { defaultUsersQuery, usersFilter, type UsersQuery } from "./users.ts";

/** The users behind each of the overview's counts, as the users list's filters (one definition). */
export const overviewUsers = {
  signups: { joined: "week" },
  trials: { status: "trial" },
  paidMonthly: { status: "paid", period: "month" },
  paidYearly: { status: "paid", period: "year" },
  scheduled: { status: "scheduled" },
  canceling: { status: "canceling" },
  awaitingPayment: { status: "awaiting-payment" },
  pastDue: { status: "past-due" },
} as const satisfies Record<string, Partial<UsersQuery>>;

/**
 * The users behind the money figures the server counts (`GET /api/billing/stats`), where the users
 * list has a filter for them: the revenue is the active subscriptions'. Conversion and churn look
 * back 30 days, which no filter does: they open nothing.
 */
export const overviewMoneyUsers = {
  revenue: { status: "paid" },
  dueSoon: { renewal: "due" },
  overdue: { renewal: "overdue" },
} as const satisfies Record<string, Partial<UsersQuery>>;

/** The money figures of `GET /api/billing/stats` (docs/billing.md says how each is counted). */
export type Money = {
  /** At the site's prices, the active subscriptions', yearly ones as a twelfth a month. */
  monthlyRecurringRevenue: number;
  /** The trials that ended in the last 30 days, and how many of those users pay now. */
  conversion: { trialsEnded: number; paying: number };
  /** Paid subscriptions ended in the last 30 days; `base`: those plus the ones paying now. */
  churn: { ended: number; base: number };
  /** Manual mode: renewals due in the next 3 days, and paid-until dates passed within the grace. */
  manual: { dueSoon: number; overdue: number };
  /** Sign-ups per UTC day (`YYYY-MM-DD`) over the last 30 days, oldest first, every day present. */
  signupsByDay: { day: string; count: number }[];
};

/** `part` over `whole`, or null when there is nothing to divide (no trial ended, nobody paid). */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The log entries behind the failed mails' count: mail warnings and errors of the last 24 hours. */
export const overviewFailedMails = {
  type: "mail",
  level: "problems",
  since: "day",
} as const satisfies Partial<LogsQuery>;

export type Overview = {
  /** How many users each of `overviewUsers`' filters finds. */
  users: Record<keyof typeof overviewUsers, number>;
  /** Mail delivery entries that are warnings or errors (a failed try, a refusal), last 24 hours. */
  failedMails: number;
  /** The newest backup, if there is one. */
  lastBackup: Backup | null;
  /** The money figures; null when the server has none (a PocketBase without this server's billing). */
  money: Money | null;
  /**
   * Who sells, hosts and mediates, as the server was started with, and what is missing; null or
   * absent when the server does not say (a real PocketBase).
   */
  seller?: SellerSettings | null;
};

/**
 * "How is the business doing": one count request per figure, side by side, the money figures and
 * the backups.
 */
export async function loadOverview(pb: PocketBase, now = new Date()): Promise<ActionResult<Overview>> {
  return attempt(async () => {
    const countUsers = async (patch: Partial<UsersQuery>) => {
      const filter = usersFilter(pb, { ...defaultUsersQuery, ...patch }, now);
      return (await users(pb).getList(1, 1, { filter, fields: "id", requestKey: null })).totalItems;
    };
    const keys = Object.keys(overviewUsers) as (keyof typeof overviewUsers)[];
    const mailFilter = logsFilter(pb, { ...defaultLogsQuery, ...overviewFailedMails }, now);
    const [counts, failedMails, backups, stats, seller] = await Promise.all([
      Promise.all(keys.map((key) => countUsers(overviewUsers[key]))),
      pb.logs
        .getList(1, 1, { filter: mailFilter, fields: "id", requestKey: null })
        .then((list) => list.totalItems),
      pb.backups.getFullList({ requestKey: null }),
      unlessMissing(pb.send<Money>("/api/billing/stats", { requestKey: null })),
      unlessMissing(pb.send<SellerSettings>("/api/settings/seller", { requestKey: null })),
    ]);
    const lastBackup = backups.reduce<Backup | null>(
      (newest, backup) => (newest === null || backup.modified > newest.modified ? backup : newest),
      null,
    );
    return {
      users: Object.fromEntries(keys.map((key, i) => [key, counts[i]!])) as Overview["users"],
      failedMails,
      lastBackup,
      money: stats && {
        monthlyRecurringRevenue: stats.monthlyRecurringRevenue,
        conversion: stats.conversion,
        churn: stats.churn,
        manual: stats.manual,
        signupsByDay: stats.signupsByDay,
      },
      seller,
    };
  }, loadFailed);
}
