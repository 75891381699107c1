import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";
import { attempt, failure } from "#src/auth/action-error.ts";
import { isClientResponseError } from "#src/auth/sdk-error.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { parseBillingConfig, type BillingMode } from "#src/auth/billing.ts";
import {
  defaultGraceDays,
  manualDueDays,
  type Interval,
  type ManualRenewal,
  type Subscription,
} from "#shared/billing.ts";
import { accountExpand } from "#src/auth/session.ts";
import { signupBody } from "#src/auth/account.ts";
import { generateUnusablePassword } from "#shared/credentials.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { planStatuses, planStatusFilters, type PlanStatus } from "#src/auth/plan-status.ts";
import type { QuerySchema } from "../widgets/url-query.ts";
import {
  actionFailed,
  hourMs,
  loadFailed,
  pocketBaseDateTime,
  saveFailed,
  unlessMissing,
  users,
  type Page,
} from "./common.ts";

/** The users: their list, one user's page, and what a superuser does to an account. */

export type UserSort = "created" | "email" | "name";
export type YesNo = "all" | "yes" | "no";

export type UsersQuery = {
  search: string;
  status: PlanStatus | "all";
  /** The billing period chosen (monthly or yearly), whatever the plan. */
  period: "all" | "month" | "year";
  /** Signed up in the last 7 days. */
  joined: "all" | "week";
  /** Manual mode's renewals: due in the next 3 days, or overdue within the grace (`manualRenewal`). */
  renewal: "all" | ManualRenewal;
  verified: YesNo;
  admin: YesNo;
  sort: UserSort;
  descending: boolean;
  page: number;
  perPage: number;
};

export const defaultUsersQuery: UsersQuery = {
  search: "",
  status: "all",
  period: "all",
  joined: "all",
  renewal: "all",
  verified: "all",
  admin: "all",
  sort: "created",
  descending: true,
  page: 1,
  perPage: 20,
};

const yesNo = ["all", "yes", "no"] as const;

/** What the users list's address may say (`/_/users?status=paid&page=2`). */
export const usersQuerySchema: QuerySchema<UsersQuery> = {
  search: "text",
  status: ["all", ...planStatuses],
  period: ["all", "month", "year"],
  joined: ["all", "week"],
  renewal: ["all", "due", "overdue"],
  verified: yesNo,
  admin: yesNo,
  sort: ["created", "email", "name"],
  descending: "flag",
  page: "page",
  perPage: [20, 50, 100],
};

/**
 * The users list's filter: the search (email or name contains, any case) and the chosen filters;
 * "signed up in the last 7 days" and the renewals count from `now`, overdue ones within `graceDays`.
 */
export function usersFilter(
  pb: Pick<PocketBase, "filter">,
  query: UsersQuery,
  now = new Date(),
  graceDays = defaultGraceDays,
): string {
  const parts: string[] = [];
  const search = query.search.trim();
  if (search) parts.push(pb.filter("(email ~ {:q} || name ~ {:q})", { q: search }));
  if (query.status !== "all") parts.push(`(${planStatusFilters[query.status]})`);
  if (query.period !== "all") parts.push(`is_monthly = ${query.period === "month"}`);
  if (query.joined === "week") {
    parts.push(
      pb.filter("created >= {:since}", {
        since: pocketBaseDateTime(new Date(now.getTime() - 7 * 24 * hourMs)),
      }),
    );
  }
  if (query.renewal !== "all") {
    // `manualRenewal` (shared/billing.ts) as a filter: one subscription per user.
    const due = query.renewal === "due";
    const from = due ? now.getTime() : now.getTime() - graceDays * 24 * hourMs;
    const to = due ? now.getTime() + manualDueDays * 24 * hourMs : now.getTime();
    parts.push(
      pb.filter(
        'subscriptions_via_user.subscription ?= "" && subscriptions_via_user.status ?= "active" && ' +
          "subscriptions_via_user.cancel_at_period_end ?= false && " +
          "subscriptions_via_user.current_period_end ?> {:from} && subscriptions_via_user.current_period_end ?<= {:to}",
        { from: pocketBaseDateTime(new Date(from)), to: pocketBaseDateTime(new Date(to)) },
      ),
    );
  }
  if (query.verified !== "all") parts.push(`verified = ${query.verified === "yes"}`);
  if (query.admin !== "all") parts.push(`admin = ${query.admin === "yes"}`);
  return parts.join(" && ");
}

/** A page of the users list, with the server's dunning grace the rows' renewal badges count with. */
export type UsersPage = Page<AuthUser> & { graceDays?: number };

export async function listUsers(pb: PocketBase, query: UsersQuery): Promise<ActionResult<UsersPage>> {
  return attempt(async () => {
    const config = billingConfigOf(pb);
    // The overdue filter counts back by the grace: it waits for it.
    const graceDays = query.renewal === "overdue" ? (await config).graceDays : undefined;
    const [list, billing] = await Promise.all([
      users(pb).getList<AuthUser>(query.page, query.perPage, {
        filter: usersFilter(pb, query, new Date(), graceDays),
        // Each row's status reads the user's subscription (src/auth/plan-status.ts).
        expand: accountExpand,
        sort: `${query.descending ? "-" : ""}${query.sort},-id`,
        requestKey: null,
      }),
      config,
    ]);
    return { ...list, graceDays: billing.graceDays };
  }, loadFailed);
}

/** A user's Stremio record as the dashboard shows it: never the password itself. */
export type StremioSummary = { id: string; username: string; hasPassword: boolean };

export type UserDetails = {
  user: AuthUser;
  stremio: StremioSummary | null;
  subscription: Subscription | null;
  /** `null` when the server does not say (a PocketBase without this server's billing endpoints). */
  billingMode: BillingMode | null;
  /** The server's dunning grace in days (`GET /api/billing/config`; 7 when it does not say). */
  graceDays: number;
  /** Whether the server's Stripe key is a test or a live one; null in manual mode or when it does not say. */
  stripeMode: StripeMode | null;
  /** The user's last withdrawal and its refund; null without one, or when the server does not say. */
  withdrawal?: LastWithdrawal | null;
};

/** A customer's withdrawal within 14 days (`GET /api/billing/withdrawal?user=`'s `last`). */
export type LastWithdrawal = {
  withdrawnAt: string;
  /** The refund, in euros. */
  refund: number;
  /** Made to the card or by hand (`refunded`), to make by hand (`owed`), or nothing was charged. */
  refundState: "refunded" | "owed" | "none";
  refundedAt: string;
  interval: Interval;
  startedAt: string;
};

async function withdrawalOf(pb: PocketBase, id: string): Promise<LastWithdrawal | null> {
  const info = await unlessMissing(
    pb.send<{ last?: LastWithdrawal | null }>(`/api/billing/withdrawal?user=${encodeURIComponent(id)}`, {
      method: "GET",
      requestKey: null,
    }),
  );
  return info?.last ?? null;
}

export type StripeMode = "test" | "live";

async function subscriptionOf(pb: PocketBase, id: string): Promise<Subscription | null> {
  const list = await unlessMissing(
    pb
      .collection("subscriptions")
      .getList<Subscription>(1, 1, { filter: pb.filter("user = {:id}", { id }), requestKey: null }),
  );
  return list?.items[0] ?? null;
}

async function billingConfigOf(
  pb: PocketBase,
): Promise<Pick<UserDetails, "billingMode" | "graceDays" | "stripeMode">> {
  const config = await unlessMissing(
    pb.send<{ mode?: unknown; graceDays?: unknown; stripeMode?: unknown }>("/api/billing/config", {
      method: "GET",
      requestKey: null,
    }),
  );
  const billingMode = config?.mode === "stripe" || config?.mode === "manual" ? config.mode : null;
  const stripeMode =
    config?.stripeMode === "test" || config?.stripeMode === "live" ? config.stripeMode : null;
  return { billingMode, graceDays: parseBillingConfig(config ?? {}).graceDays, stripeMode };
}

export async function loadUser(pb: PocketBase, id: string): Promise<ActionResult<UserDetails>> {
  return attempt(async () => {
    const [user, records, subscription, billing, withdrawal] = await Promise.all([
      users(pb).getOne<AuthUser>(id, { requestKey: null }),
      pb
        .collection("stremio")
        .getList<RecordModel>(1, 1, { filter: pb.filter("user = {:id}", { id }), requestKey: null }),
      subscriptionOf(pb, id),
      billingConfigOf(pb),
      withdrawalOf(pb, id),
    ]);
    const record = records.items[0];
    const stremio = record
      ? { id: record.id, username: String(record.email ?? ""), hasPassword: Boolean(record.password) }
      : null;
    return {
      user: { ...user, trial_ends: user.trial_ends ?? "" },
      stremio,
      subscription,
      ...billing,
      withdrawal,
    };
  }, loadFailed);
}

/**
 * The last moment of a day (`YYYY-MM-DD`, from a date input) as a PocketBase datetime, in UTC: a
 * trial or a payment "until the 15th" lasts the whole of the 15th, the day the pages show.
 */
export function endOfDay(day: string): string {
  return `${day} 23:59:59.999Z`;
}

/** The day (`YYYY-MM-DD`) of a PocketBase datetime, as a date input takes it; empty when there is none. */
export function dayOf(datetime: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(datetime)?.[0] ?? "";
}

/** The day (`YYYY-MM-DD`, UTC, as `endOfDay` reads it) of `now`. */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The day a payment recorded now pays until: one month or one year (the same day, or the month's
 * last) from the current paid-until when it is still ahead, from today otherwise.
 */
export function nextPeriodEnd(paidUntil: string, interval: Interval, now: Date): string {
  const until = paidUntil ? parseDateTime(paidUntil) : undefined;
  const from = until && until.getTime() > now.getTime() ? until : now;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + (interval === "month" ? 1 : 12);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return today(new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay))));
}

/** Moves the user's trial end to the end of `day`; the server brings their access in line at once. */
export async function extendTrial(pb: PocketBase, id: string, day: string): Promise<ActionResult<AuthUser>> {
  return attempt(() => users(pb).update<AuthUser>(id, { trial_ends: endOfDay(day) }), saveFailed);
}

/**
 * Records a payment made outside Stripe: the subscription is active until the end of `day` and
 * the user gets a receipt. Returns the subscription and the user as they now stand (the server
 * brings the plan and the price in line).
 */
export async function markPaid(
  pb: PocketBase,
  id: string,
  day: string,
  interval: Interval,
): Promise<ActionResult<{ user: AuthUser; subscription: Subscription }>> {
  return attempt(async () => {
    const subscription = await pb.send<Subscription>("/api/billing/mark-paid", {
      method: "POST",
      body: { user: id, until: endOfDay(day), interval },
      requestKey: null,
    });
    const user = await users(pb).getOne<AuthUser>(id, { requestKey: null });
    return { user, subscription };
  }, saveFailed);
}

/** The refusals of the operator's billing actions (server/api/billing.ts), in the operator's language. */
export const billingRefusals: Record<string, MessageDescriptor> = {
  "There is no subscription to cancel.": msg`There is no subscription to cancel.`,
  "This subscription already ends at its period's end.": msg`This subscription already ends at its period’s end.`,
  "This subscription has ended: it can no longer be changed.": msg`This subscription has ended: it can no longer be changed.`,
  "There is no card payment to refund.": msg`There is no card payment to refund.`,
  "This payment is already refunded.": msg`This payment is already refunded.`,
  "Payments recorded by hand are refunded outside the site: return the money the way it came.": msg`Payments recorded by hand are refunded outside the site: return the money the way it came.`,
  "There is no refund to make.": msg`There is no refund to make.`,
};

async function billingAction<T>(action: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return ok(await action());
  } catch (error) {
    const known =
      isClientResponseError(error) && error.status === 400
        ? billingRefusals[String((error.response as { message?: unknown }).message)]
        : undefined;
    return failure(error, known ?? actionFailed, known !== undefined);
  }
}

/** When the operator's cancellation ends the subscription: at once, or at its period's end. */
export type CancelWhen = "now" | "period_end";

/**
 * Cancels the user's subscription (Stripe's, or the payments recorded by hand) now or at its
 * period's end; the user gets the email of the change. Returns the subscription and the user as
 * they now stand.
 */
export async function cancelSubscription(
  pb: PocketBase,
  id: string,
  when: CancelWhen,
): Promise<ActionResult<{ user: AuthUser; subscription: Subscription }>> {
  return billingAction(async () => {
    const subscription = await pb.send<Subscription>("/api/billing/cancel", {
      method: "POST",
      body: { user: id, when },
      requestKey: null,
    });
    const user = await users(pb).getOne<AuthUser>(id, { requestKey: null });
    return { user, subscription };
  });
}

/** A refund made: the amount given back, its currency (Stripe's, lower case), when, and the invoice. */
export type Refund = { amount: number; currency: string; refundedAt: string; invoice: string };

/** Refunds the last card payment of the user's Stripe subscription; the user gets an email. */
export async function refundLastPayment(pb: PocketBase, id: string): Promise<ActionResult<Refund>> {
  return billingAction(() =>
    pb.send<Refund>("/api/billing/refund", { method: "POST", body: { user: id }, requestKey: null }),
  );
}

/** A withdrawal's refund recorded as made by hand: the amount, its currency and when. */
export type RefundMade = { amount: number; currency: string; refundedAt: string };

/** Records that the refund a withdrawal owed was made by hand; the user gets an email. */
export async function markRefundMade(pb: PocketBase, id: string): Promise<ActionResult<RefundMade>> {
  return billingAction(() =>
    pb.send<RefundMade>("/api/billing/refund-made", { method: "POST", body: { user: id }, requestKey: null }),
  );
}

/**
 * What a superuser edits of a user's record. Not the plan (`plan`, `is_monthly`, `price`): the
 * server derives it from the trial and the subscription on every save, whatever is sent; the
 * operator changes it by recording a payment (`markPaid`) or moving the trial's end (`extendTrial`).
 */
export type UserEdit = Pick<AuthUser, "name" | "email" | "stripe" | "admin" | "verified">;

/** Saves the fields of `UserEdit`, and only those. */
export async function updateUser(
  pb: PocketBase,
  id: string,
  values: UserEdit,
): Promise<ActionResult<AuthUser>> {
  return attempt(
    () =>
      users(pb).update<AuthUser>(id, {
        name: values.name.trim(),
        email: values.email.trim(),
        stripe: values.stripe.trim(),
        admin: values.admin,
        verified: values.verified,
      }),
    saveFailed,
  );
}

export type NewUser = {
  name: string;
  email: string;
  /** The language of their emails. */
  locale: Locale;
  /** The operator vouches for the address; otherwise the emailed link confirms it. */
  verified: boolean;
};

/**
 * An account made by a superuser, as a sign-up on the free trial makes it (an affiliate code), with
 * a password nobody is told; then the password-reset email, whose link lets its owner choose their
 * own password and, opened, confirms their address. `mailed` is false when the account exists but
 * the email could not be sent.
 */
export async function createUser(
  pb: PocketBase,
  values: NewUser,
): Promise<ActionResult<{ user: AuthUser; mailed: boolean }>> {
  const secret = generateUnusablePassword();
  const body = signupBody({
    name: values.name,
    email: values.email,
    password: secret,
    passwordConfirm: secret,
    // The paid plan starts with a payment, which the user's page records (Mark as paid until).
    plan: "free",
    billing: "yearly",
    newsletter: false,
    locale: values.locale,
  });
  let user: AuthUser;
  try {
    user = await users(pb).create<AuthUser>({ ...body, verified: values.verified });
  } catch (error) {
    return failure(error, saveFailed);
  }
  const mailed = await resendPasswordReset(pb, user.email);
  return ok({ user, mailed: mailed.success });
}

export async function resendVerification(pb: PocketBase, email: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).requestVerification(email);
    return undefined;
  }, actionFailed);
}

export async function resendPasswordReset(pb: PocketBase, email: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).requestPasswordReset(email);
    return undefined;
  }, actionFailed);
}

/**
 * Deletes a user. The `stremio` relation cascades on delete (docs/api.md, Collections); a record
 * still there afterwards (a server without the cascade) is deleted explicitly.
 */
export async function deleteUser(pb: PocketBase, id: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).delete(id);
    const left = await pb
      .collection("stremio")
      .getFullList<RecordModel>({ filter: pb.filter("user = {:id}", { id }), requestKey: null });
    for (const record of left) await pb.collection("stremio").delete(record.id);
    return undefined;
  }, actionFailed);
}
