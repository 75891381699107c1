import { msg } from "@lingui/core/macro";
import PocketBase, { BaseAuthStore, LocalAuthStore, type RecordModel } from "pocketbase";
import { attempt, failure, ok, toActionError, type ActionResult } from "../auth/action-result.ts";
import type { AuthUser } from "../auth/auth-state.tsx";
import type { BillingMode } from "../auth/billing.ts";
import type { Interval, Subscription } from "../../shared/billing.ts";
import { accountExpand } from "../auth/session.ts";
import { signupBody } from "../auth/account.ts";
import { generateUnusablePassword } from "../auth/credentials.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import { pocketBaseUrl } from "../auth/api-url.ts";
import { planStatuses, planStatusFilters, type PlanStatus } from "../auth/plan-status.ts";
import { isClientResponseError } from "../auth/sdk-error.ts";
import { confirmIdentity } from "../auth/confirm-identity.ts";
import { addPasskey, listPasskeys, loginWithPasskey, removePasskey } from "../auth/passkeys.ts";
import {
  confirmTwoFactor,
  loadTwoFactor,
  mfaIdOf,
  newRecoveryCodes,
  signInWithCode,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "../auth/two-factor.ts";
import { secondFactorRequiredMessage } from "../../shared/superuser-second-factor.ts";
import type { PasskeyActions } from "../widgets/auth/passkeys-card.tsx";
import type { TwoFactorActions } from "../widgets/auth/two-factor-card.tsx";
import type { IdentityActions } from "../widgets/auth/use-identity-confirmation.tsx";
import type { QuerySchema } from "./widgets/url-query.ts";

/**
 * The superuser dashboard's API calls (`/_/`). The dashboard holds no privilege of its own: every
 * call goes through the API as the signed-in superuser, whose session lives in its own store
 * (`__pb_superuser_auth__` in localStorage), apart from a visitor's `pb_auth` cookie.
 */
const superuserStoreKey = "__pb_superuser_auth__";

const signInFailed = msg`Login failed`;
const loadFailed = msg`Could not load the data.`;
const saveFailed = msg`Could not save the changes.`;
const actionFailed = msg`The action failed.`;

/**
 * The server's refusal of a superuser session opened without a second factor, on a server that
 * requires one (`SUPERUSER_SECOND_FACTOR=required`): the one place the dashboard recognises it.
 */
export function refusedForSecondFactor(status: number, body: unknown): boolean {
  return status === 403 && (body as { message?: unknown } | null)?.message === secondFactorRequiredMessage;
}

const refusedError = (error: unknown) =>
  isClientResponseError(error) && refusedForSecondFactor(error.status, error.response);

/**
 * A client whose session is the superuser's; a 401 answer forgets it, and a refusal for want of a
 * second factor calls `onSecondFactorRequired` (the session then shows what to do).
 */
export function createSuperuserClient(
  url = pocketBaseUrl(),
  onSecondFactorRequired: () => void = () => {},
): PocketBase {
  const pb = new PocketBase(url, new LocalAuthStore(superuserStoreKey));
  pb.afterSend = (response, data) => {
    if (response.status === 401) pb.authStore.clear();
    else if (refusedForSecondFactor(response.status, data)) onSecondFactorRequired();
    return data;
  };
  return pb;
}

const superusersCollection = "_superusers";
const superusers = (pb: PocketBase) => pb.collection(superusersCollection);
const users = (pb: PocketBase) => pb.collection("users");

export type Superuser = { id: string; email: string; created: string };

/** Where a stored superuser session stands with the server. */
export type SuperuserCheck =
  | { status: "signed-out" }
  | { status: "signed-in"; superuser: Superuser }
  /** Opened with a password alone, on a server that requires a second factor: it opens nothing. */
  | { status: "second-factor-required"; superuser: Superuser };

/** Whether the client holds a superuser session that the server still accepts (an auth refresh). */
export async function checkSuperuser(pb: PocketBase): Promise<ActionResult<SuperuserCheck>> {
  if (!pb.authStore.isValid || pb.authStore.record?.collectionName !== superusersCollection) {
    if (pb.authStore.token) pb.authStore.clear();
    return ok({ status: "signed-out" });
  }
  try {
    const { record } = await superusers(pb).authRefresh<Superuser>({ requestKey: null });
    return ok({ status: "signed-in", superuser: record });
  } catch (error) {
    if (isClientResponseError(error) && error.status === 0 && !error.isAbort)
      return failure(error, loadFailed);
    // Kept: it may still add the superuser's first second factor.
    if (refusedError(error)) {
      return ok({ status: "second-factor-required", superuser: pb.authStore.record as unknown as Superuser });
    }
    pb.authStore.clear();
    return ok({ status: "signed-out" });
  }
}

/** A password sign-in: signed in, or the code step's id when the superuser has two-factor sign-in on. */
export type SuperuserSignIn =
  { superuser: Superuser; mfaId?: undefined } | { superuser?: undefined; mfaId: string };

export async function signInSuperuser(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<ActionResult<SuperuserSignIn>> {
  try {
    const { record } = await superusers(pb).authWithPassword<Superuser>(email.trim(), password);
    return ok({ superuser: record });
  } catch (error) {
    const mfaId = mfaIdOf(error);
    return mfaId ? ok({ mfaId }) : failure(error, signInFailed);
  }
}

/** The code step after the password (`mfaId` from `signInSuperuser`). */
export function signInSuperuserWithCode(
  pb: PocketBase,
  mfaId: string,
  code: string,
): Promise<ActionResult<Superuser>> {
  return signInWithCode<RecordModel & Superuser>(pb, superusersCollection, mfaId, code);
}

/** Signs in with one of the superuser's passkeys, which the browser offers. */
export function signInSuperuserWithPasskey(pb: PocketBase): Promise<ActionResult<Superuser>> {
  return loginWithPasskey<RecordModel & Superuser>(async () => pb, { collection: superusersCollection });
}

// The signed-in superuser's own second factors (the site's account widgets, on `_superusers`).

/** Their passkeys; `name` names a new one (after the device). */
export function ownPasskeyActions(pb: PocketBase, name: () => string): PasskeyActions {
  return {
    list: () => listPasskeys(pb, superusersCollection),
    add: () => addPasskey(pb, name(), superusersCollection),
    remove: (id) => removePasskey(pb, id, superusersCollection),
  };
}

/** Their two-factor sign-in with an authenticator app. */
export function ownTwoFactorActions(pb: PocketBase): TwoFactorActions {
  return {
    load: () => loadTwoFactor(pb, superusersCollection),
    setup: () => startTwoFactorSetup(pb, superusersCollection),
    confirm: (setupId, code) => confirmTwoFactor(pb, superusersCollection, setupId, code),
    turnOff: (code) => turnOffTwoFactor(pb, superusersCollection, code),
    newRecoveryCodes: (code) => newRecoveryCodes(pb, superusersCollection, code),
  };
}

/** "Confirm it's you" before they change those: their password, or a code when two-factor is on. */
export function ownIdentityActions(pb: PocketBase): IdentityActions {
  return {
    confirm: (proof) => confirmIdentity(pb, superusersCollection, proof),
    twoFactorOn: async () => {
      const status = await loadTwoFactor(pb, superusersCollection);
      return status.success && status.data.enabled;
    },
  };
}

/**
 * Whether a superuser whose session was refused for want of a second factor already holds one:
 * the server then refuses their own passkeys and authenticator app routes too (they sign in with
 * it), where it otherwise lets that session add the first.
 */
export async function holdsSecondFactor(pb: PocketBase): Promise<ActionResult<boolean>> {
  try {
    await pb.send(`/api/collections/${superusersCollection}/passkeys`, { method: "GET", requestKey: null });
    return ok(false);
  } catch (error) {
    return refusedError(error) ? ok(true) : failure(error, loadFailed);
  }
}

// Users.

export type UserSort = "created" | "email" | "name";
export type YesNo = "all" | "yes" | "no";

export type UsersQuery = {
  search: string;
  status: PlanStatus | "all";
  /** The billing period chosen (monthly or yearly), whatever the plan. */
  period: "all" | "month" | "year";
  /** Signed up in the last 7 days. */
  joined: "all" | "week";
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
  verified: yesNo,
  admin: yesNo,
  sort: ["created", "email", "name"],
  descending: "flag",
  page: "page",
  perPage: [20, 50, 100],
};

export type Page<T> = { items: T[]; page: number; perPage: number; totalItems: number; totalPages: number };

const hourMs = 3_600_000;

/** A moment as PocketBase writes datetimes (`2026-11-24 23:15:00.123Z`), for a filter. */
export function pocketBaseDateTime(date: Date): string {
  return date.toISOString().replace("T", " ");
}

/**
 * The users list's filter: the search (email or name contains, any case) and the chosen filters;
 * "signed up in the last 7 days" counts back from `now`.
 */
export function usersFilter(pb: Pick<PocketBase, "filter">, query: UsersQuery, now = new Date()): string {
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
  if (query.verified !== "all") parts.push(`verified = ${query.verified === "yes"}`);
  if (query.admin !== "all") parts.push(`admin = ${query.admin === "yes"}`);
  return parts.join(" && ");
}

export async function listUsers(pb: PocketBase, query: UsersQuery): Promise<ActionResult<Page<AuthUser>>> {
  return attempt(async () => {
    const list = await users(pb).getList<AuthUser>(query.page, query.perPage, {
      filter: usersFilter(pb, query),
      // Each row's status reads the user's subscription (src/auth/plan-status.ts).
      expand: accountExpand,
      sort: `${query.descending ? "-" : ""}${query.sort},-id`,
      requestKey: null,
    });
    return list;
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
};

/** A 404 (a collection or endpoint this server has and a real PocketBase may not) as `null`. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isClientResponseError(error) && error.status === 404) return null;
    throw error;
  }
}

async function subscriptionOf(pb: PocketBase, id: string): Promise<Subscription | null> {
  const list = await unlessMissing(
    pb
      .collection("subscriptions")
      .getList<Subscription>(1, 1, { filter: pb.filter("user = {:id}", { id }), requestKey: null }),
  );
  return list?.items[0] ?? null;
}

async function billingModeOf(pb: PocketBase): Promise<BillingMode | null> {
  const config = await unlessMissing(
    pb.send<{ mode?: string }>("/api/billing/config", { method: "GET", requestKey: null }),
  );
  return config?.mode === "stripe" || config?.mode === "manual" ? config.mode : null;
}

export async function loadUser(pb: PocketBase, id: string): Promise<ActionResult<UserDetails>> {
  return attempt(async () => {
    const [user, records, subscription, billingMode] = await Promise.all([
      users(pb).getOne<AuthUser>(id, { requestKey: null }),
      pb
        .collection("stremio")
        .getList<RecordModel>(1, 1, { filter: pb.filter("user = {:id}", { id }), requestKey: null }),
      subscriptionOf(pb, id),
      billingModeOf(pb),
    ]);
    const record = records.items[0];
    const stremio = record
      ? { id: record.id, username: String(record.email ?? ""), hasPassword: Boolean(record.password) }
      : null;
    return { user: { ...user, trial_ends: user.trial_ends ?? "" }, stremio, subscription, billingMode };
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

export type UserEdit = Pick<
  AuthUser,
  "name" | "email" | "plan" | "price" | "is_monthly" | "stripe" | "admin" | "verified"
>;

export async function updateUser(
  pb: PocketBase,
  id: string,
  values: UserEdit,
): Promise<ActionResult<AuthUser>> {
  return attempt(
    () =>
      users(pb).update<AuthUser>(id, {
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        stripe: values.stripe.trim(),
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

// Notes on a user and the record of what superusers changed.

/** A note on a user; `editor` and `updated`: who last edited it and when (`editor` empty if nobody did). */
export type UserNote = {
  id: string;
  user: string;
  text: string;
  author: string;
  created: string;
  editor?: string;
  updated?: string;
};
export type UserChange = {
  id: string;
  field: string;
  old: string;
  new: string;
  author: string;
  created: string;
};
/** How many of the latest changes the user's page shows. */
export const userChangesShown = 50;
export type UserHistory = { notes: UserNote[]; changes: Page<UserChange> };

/**
 * A user's notes (newest first) and latest changes; `null` on a server without these collections
 * (a PocketBase without this server's schema).
 */
export async function loadUserHistory(pb: PocketBase, id: string): Promise<ActionResult<UserHistory | null>> {
  return attempt(async () => {
    const filter = pb.filter("user = {:id}", { id });
    const [notes, changes] = await Promise.all([
      unlessMissing(
        pb.collection("user_notes").getFullList<UserNote>({ filter, sort: "-created,-id", requestKey: null }),
      ),
      unlessMissing(
        pb.collection("user_changes").getList<UserChange>(1, userChangesShown, {
          filter,
          sort: "-created,-id",
          requestKey: null,
        }),
      ),
    ]);
    return notes && changes ? { notes, changes } : null;
  }, loadFailed);
}

/** A note on the user; the server signs it with the superuser's email. */
export async function addUserNote(
  pb: PocketBase,
  user: string,
  text: string,
): Promise<ActionResult<UserNote>> {
  return attempt(
    () => pb.collection("user_notes").create<UserNote>({ user, text: text.trim() }, { requestKey: null }),
    saveFailed,
  );
}

export async function deleteUserNote(pb: PocketBase, id: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.collection("user_notes").delete(id, { requestKey: null });
    return undefined;
  }, actionFailed);
}

// Superusers.

export async function listSuperusers(pb: PocketBase): Promise<ActionResult<Superuser[]>> {
  return attempt(
    () => superusers(pb).getFullList<Superuser>({ sort: "created", requestKey: null }),
    loadFailed,
  );
}

export async function addSuperuser(
  pb: PocketBase,
  values: { email: string; password: string },
): Promise<ActionResult<Superuser>> {
  return attempt(
    () =>
      superusers(pb).create<Superuser>({
        email: values.email.trim(),
        password: values.password,
        passwordConfirm: values.password,
      }),
    saveFailed,
  );
}

/**
 * The signed-in superuser's new password. The API lets a superuser set any password without the
 * current one, as PocketBase does; the dashboard asks for it anyway and checks it by signing in
 * with it (throttled like every sign-in) on a client of its own, so that this session stays as it
 * was opened (with a passkey or a code, which a server requiring a second factor needs). Changing
 * the password ends every session of the account, so it then signs in again with the new one:
 * resolves `null` when that needs a code from the authenticator app (sign in again).
 */
export async function changeOwnPassword(
  pb: PocketBase,
  superuser: Superuser,
  values: { oldPassword: string; password: string; passwordConfirm: string },
): Promise<ActionResult<Superuser | null>> {
  try {
    await new PocketBase(pb.baseURL, new BaseAuthStore())
      .collection(superusersCollection)
      .authWithPassword(superuser.email, values.oldPassword);
  } catch (error) {
    // With two-factor sign-in on, the right password answers with the code step instead.
    if (!mfaIdOf(error)) {
      const refused = toActionError(error, saveFailed);
      if (refused.status !== 400) return { success: false, error: refused };
      const wrong = { code: "validation_invalid_old_password", message: "Missing or invalid old password." };
      return {
        success: false,
        error: { ...refused, message: saveFailed, fieldErrors: { oldPassword: wrong } },
      };
    }
  }
  return attempt(async () => {
    await superusers(pb).update(superuser.id, {
      password: values.password,
      passwordConfirm: values.passwordConfirm,
    });
    try {
      const { record } = await superusers(pb).authWithPassword<Superuser>(superuser.email, values.password);
      return record;
    } catch (error) {
      if (mfaIdOf(error)) return null;
      throw error;
    }
  }, saveFailed);
}

/** The server refuses to remove the last superuser; the page says why in its own words. */
const lastSuperuser = "You can't delete the only existing superuser.";

export async function removeSuperuser(pb: PocketBase, id: string): Promise<ActionResult> {
  try {
    await superusers(pb).delete(id);
    return ok(undefined);
  } catch (error) {
    const message = isClientResponseError(error)
      ? (error.response as { message?: string }).message
      : undefined;
    return failure(
      error,
      message === lastSuperuser
        ? msg`The last superuser cannot be removed: add another one first.`
        : actionFailed,
    );
  }
}

// Backups.

export type Backup = { key: string; size: number; modified: string };

export async function listBackups(pb: PocketBase): Promise<ActionResult<Backup[]>> {
  return attempt(() => pb.backups.getFullList({ requestKey: null }), loadFailed);
}

export async function createBackup(pb: PocketBase, name: string): Promise<ActionResult> {
  const trimmed = name.trim();
  return attempt(async () => {
    await pb.backups.create(trimmed ? (trimmed.endsWith(".zip") ? trimmed : `${trimmed}.zip`) : "");
    return undefined;
  }, actionFailed);
}

/** A download address for one backup, with a file token valid for a few minutes. */
export async function backupDownloadUrl(pb: PocketBase, key: string): Promise<ActionResult<string>> {
  return attempt(async () => pb.backups.getDownloadURL(await pb.files.getToken(), key), actionFailed);
}

export async function restoreBackup(pb: PocketBase, key: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.backups.restore(key);
    return undefined;
  }, actionFailed);
}

export async function deleteBackup(pb: PocketBase, key: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.backups.delete(key);
    return undefined;
  }, actionFailed);
}

export async function uploadBackup(pb: PocketBase, file: File): Promise<ActionResult> {
  return attempt(async () => {
    const body = new FormData();
    body.append("file", file);
    await pb.backups.upload(body);
    return undefined;
  }, actionFailed);
}

// Logs.

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

// Overview.

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

// Settings.

/** `GET /api/settings`, PocketBase's shape plus this server's own keys; every part may be absent. */
export type ServerSettings = {
  meta?: { appName?: string; appURL?: string; senderName?: string; senderAddress?: string };
  smtp?: { enabled?: boolean; host?: string; port?: number };
  backups?: { cron?: string; cronMaxKeep?: number };
  rateLimits?: { enabled?: boolean; rules?: { label: string; maxRequests: number; duration: number }[] };
  logs?: { maxDays?: number };
  trustedProxy?: { headers?: string[] };
  bodyLimit?: number;
  trustProxy?: boolean | string | string[];
  mailMode?: "smtp" | "outbox";
  corsOrigins?: string[];
  /** Seconds. */
  shutdownTimeout?: number;
};

/** The settings, or `null` when this server has no settings endpoint (404). */
export async function loadSettings(pb: PocketBase): Promise<ActionResult<ServerSettings | null>> {
  try {
    return ok(await pb.send<ServerSettings>("/api/settings", { method: "GET", requestKey: null }));
  } catch (error) {
    if (isClientResponseError(error) && error.status === 404) return ok(null);
    return failure(error, loadFailed);
  }
}
