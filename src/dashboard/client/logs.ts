import type PocketBase from "pocketbase";
import { attempt } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { QuerySchema } from "../widgets/url-query.ts";
import { hourMs, loadFailed, pocketBaseDateTime, type Page } from "./common.ts";

/** The logs: requests and the server's mail delivery entries, with who made each request. */

export type LogEntry = {
  id: string;
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
  /** The account a request was made as, when it still exists: a user (with their page) or a superuser. */
  by?: { email: string; userId?: string };
};

export type LogsQuery = {
  /** Requests, the server's mail delivery entries, or both. */
  type: "all" | "request" | "mail";
  /** Every entry, or only warnings and errors (a failed mail, a refused one). */
  level: "all" | "problems";
  /** Any time, or the last 24 hours. */
  since: "all" | "day";
  status: "all" | "2xx" | "3xx" | "4xx" | "5xx";
  method: string;
  url: string;
  authId: string;
  page: number;
};

export const defaultLogsQuery: LogsQuery = {
  type: "all",
  level: "all",
  since: "all",
  status: "all",
  method: "all",
  url: "",
  authId: "",
  page: 1,
};

/** What the logs' address may say (`/_/logs?status=4xx&url=%2Fapi%2Fbackups`). */
export const logsQuerySchema: QuerySchema<LogsQuery> = {
  type: ["all", "request", "mail"],
  level: ["all", "problems"],
  since: ["all", "day"],
  status: ["all", "2xx", "3xx", "4xx", "5xx"],
  method: ["all", "GET", "POST", "PATCH", "PUT", "DELETE"],
  url: "text",
  authId: "text",
  page: "page",
};
const logsPerPage = 50;

/** PocketBase's (slog's) level of a warning; errors are above it. */
const warnLevel = 4;

/** The logs' filter; "the last 24 hours" counts back from `now`. */
export function logsFilter(pb: Pick<PocketBase, "filter">, query: LogsQuery, now = new Date()): string {
  const parts: string[] = [];
  if (query.type !== "all") parts.push(pb.filter("data.type = {:t}", { t: query.type }));
  if (query.level === "problems") parts.push(`level >= ${warnLevel}`);
  if (query.since === "day") {
    parts.push(
      pb.filter("created >= {:since}", { since: pocketBaseDateTime(new Date(now.getTime() - 24 * hourMs)) }),
    );
  }
  if (query.status !== "all") {
    const from = Number(query.status[0]) * 100;
    parts.push(`data.status >= ${from} && data.status < ${from + 100}`);
  }
  if (query.method !== "all") parts.push(pb.filter("data.method = {:m}", { m: query.method }));
  if (query.url.trim()) parts.push(pb.filter("data.url ~ {:u}", { u: query.url.trim() }));
  if (query.authId.trim()) parts.push(pb.filter("data.authId = {:a}", { a: query.authId.trim() }));
  return parts.join(" && ");
}

export type LogsResult = Page<LogEntry> & { perHour: { date: string; total: number }[] };

export async function listLogs(pb: PocketBase, query: LogsQuery): Promise<ActionResult<LogsResult>> {
  return attempt(async () => {
    const filter = logsFilter(pb, query);
    const [list, perHour] = await Promise.all([
      pb.logs.getList(query.page, logsPerPage, { filter, sort: "-created", requestKey: null }),
      pb.logs.getStats({ filter, requestKey: null }),
    ]);
    const items = list.items as unknown as LogEntry[];
    const emails = await authEmails(pb, items);
    for (const item of items) {
      const account = emails.get(`${String(item.data.auth)}/${String(item.data.authId)}`);
      if (account) item.by = account;
    }
    return { ...list, items, perHour };
  }, loadFailed);
}

/**
 * The emails of the accounts the entries' requests were made as, keyed `collection/id`: one request
 * per collection (users, superusers, side by side) for the page's entries. An account deleted since
 * is not found.
 */
async function authEmails(pb: PocketBase, items: LogEntry[]): Promise<Map<string, LogEntry["by"] & {}>> {
  const found = new Map<string, LogEntry["by"] & {}>();
  const lookups = ["users", "_superusers"].map(async (collection) => {
    const ids = [
      ...new Set(
        items
          .filter((item) => item.data.auth === collection && typeof item.data.authId === "string")
          .map((item) => String(item.data.authId))
          .filter((id) => id !== ""),
      ),
    ];
    if (ids.length === 0) return;
    const filter = pb.filter(
      ids.map((_, i) => `id = {:id${i}}`).join(" || "),
      Object.fromEntries(ids.map((id, i) => [`id${i}`, id])),
    );
    const accounts = await pb
      .collection(collection)
      .getFullList<{ id: string; email: string }>({ filter, requestKey: null });
    for (const account of accounts) {
      found.set(`${collection}/${account.id}`, {
        email: account.email,
        userId: collection === "users" ? account.id : undefined,
      });
    }
  });
  await Promise.all(lookups);
  return found;
}
