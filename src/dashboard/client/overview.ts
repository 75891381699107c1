import type PocketBase from "pocketbase";
import { attempt } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { Backup } from "./backups.ts";
import { loadFailed, users } from "./common.ts";
import { defaultLogsQuery, logsFilter, type LogsQuery } from "./logs.ts";
import { defaultUsersQuery, usersFilter, type UsersQuery } from "./users.ts";

/** The users behind each of the overview's counts, as the users list's filters (one definition). */
export const overviewUsers = {
  signups: { joined: "week" },
  trials: { status: "trial" },
  paidMonthly: { status: "paid", period: "month" },
  paidYearly: { status: "paid", period: "year" },
  awaitingPayment: { status: "awaiting-payment" },
  pastDue: { status: "past-due" },
} as const satisfies Record<string, Partial<UsersQuery>>;

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
};

/** "How is the business doing": one count request per figure, side by side, and the backups. */
export async function loadOverview(pb: PocketBase, now = new Date()): Promise<ActionResult<Overview>> {
  return attempt(async () => {
    const countUsers = async (patch: Partial<UsersQuery>) => {
      const filter = usersFilter(pb, { ...defaultUsersQuery, ...patch }, now);
      return (await users(pb).getList(1, 1, { filter, fields: "id", requestKey: null })).totalItems;
    };
    const keys = Object.keys(overviewUsers) as (keyof typeof overviewUsers)[];
    const mailFilter = logsFilter(pb, { ...defaultLogsQuery, ...overviewFailedMails }, now);
    const [counts, failedMails, backups] = await Promise.all([
      Promise.all(keys.map((key) => countUsers(overviewUsers[key]))),
      pb.logs
        .getList(1, 1, { filter: mailFilter, fields: "id", requestKey: null })
        .then((list) => list.totalItems),
      pb.backups.getFullList({ requestKey: null }),
    ]);
    const lastBackup = backups.reduce<Backup | null>(
      (newest, backup) => (newest === null || backup.modified > newest.modified ? backup : newest),
      null,
    );
    return {
      users: Object.fromEntries(keys.map((key, i) => [key, counts[i]!])) as Overview["users"],
      failedMails,
      lastBackup,
    };
  }, loadFailed);
}
