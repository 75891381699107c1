import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import { parseDateTime } from "#shared/datetime.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { siteConfig } from "#shared/site-config.ts";
import { ok, type ActionResult } from "../forms/action-result.ts";
import { attempt, failure } from "./action-error.ts";
import type { AuthUser, StremioRecord } from "./auth-state.tsx";
import { fetchBillingStats, startCheckout, type BillingStats } from "./billing.ts";
import { leaveLoginNotice } from "./route-middleware.ts";
import { accountExpand } from "./session.ts";
import { isClientResponseError } from "./sdk-error.ts";
import { mfaIdOf, signInWithCode } from "./two-factor.ts";
import { intervalOf } from "./plan-price.ts";
import {
  generateAffiliateCode,
  generateStremioPassword,
  generateStremioUsername,
} from "#shared/credentials.ts";

// Each action's default message (docs/product.md, Account defaults): the French catalog words four
// of them in the product's original French.
const loginFailed = msg`Login failed`;
const unknownError = msg`Unknown error`;
const resendFailed = msg`Error while resending the email`;
const invalidVerificationToken = msg`Invalid verification token`;
const checkUserFailed = msg`Error during the check`;
const updateFailed = msg`Could not save your changes`;
const credentialsFailed = msg`Could not generate your Stremio credentials`;
const exportFailed = msg`Could not prepare your data. Try again in a moment.`;
const deleteFailed = msg`Your account could not be deleted: nothing was changed. Try again in a moment.`;

const users = (pb: PocketBase) => pb.collection("users");

export type SignupValues = {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  plan: "free" | "paid";
  billing: "monthly" | "yearly";
  newsletter: boolean;
  /** The paid plan: the service asked to start within the withdrawal period (the order step's box). */
  startNow?: boolean;
  locale: Locale;
};

/** What sign-up sends (docs/product.md, Sign-up). Privileged fields are sent at their defaults; the server rejects any other value. */
export function signupBody(values: SignupValues) {
  const paid = values.plan === "paid";
  const monthly = paid && values.billing === "monthly";
  const price = !paid ? "0" : String(monthly ? siteConfig.plans.paid.monthly : siteConfig.plans.paid.yearly);
  return {
    email: values.email.trim(),
    emailVisibility: true,
    name: values.name.trim(),
    affiliate_code: generateAffiliateCode(),
    password: values.password,
    passwordConfirm: values.passwordConfirm,
    plan: values.plan,
    newsletter: values.newsletter,
    is_monthly: monthly,
    admin: false,
    is_api: false,
    price,
    stripe: "",
    verified: false,
    locale: values.locale,
  };
}

/** A password sign-in's outcome: signed in, or (two-factor sign-in on) the code step's id. */
export type PasswordSignIn = { user: AuthUser; mfaId?: undefined } | { user?: undefined; mfaId: string };

/** Signs in with email and password (docs/product.md, Login). */
export async function login(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<ActionResult<PasswordSignIn>> {
  try {
    const { record } = await users(pb).authWithPassword<AuthUser>(email.trim(), password, {
      expand: accountExpand,
    });
    return ok({ user: record });
  } catch (error) {
    const mfaId = mfaIdOf(error);
    return mfaId ? ok({ mfaId }) : failure(error, loginFailed);
  }
}

/** The code step of a login with two-factor sign-in on (`mfaId` from `login`). */
export function loginWithCode(pb: PocketBase, mfaId: string, code: string): Promise<ActionResult<AuthUser>> {
  return signInWithCode<AuthUser>(pb, "users", mfaId, code, { expand: accountExpand });
}

/**
 * What sign-up achieved. Once the record exists sign-up has succeeded (the server made the Stremio
 * credentials and sent the verification email with it), whatever signing in then did.
 */
export type SignupOutcome = {
  /** The signed-in user; null when signing in failed (the visitor logs in with their password). */
  user: AuthUser | null;
  /**
   * The paid plan's next step: the URL to pay at (Stripe Checkout; in manual mode the account
   * page, the instructions emailed), or why it could not start. Null for the trial, or when
   * signing in failed (the account page offers to pay once logged in).
   */
  checkout: ActionResult<string> | null;
};

/**
 * Sign-up (docs/product.md, Sign-up): one request creates the complete account (the server adds
 * the Stremio record and sends the verification email, all or nothing); then the visitor is signed
 * in and, on the paid plan, the payment starts (its URL leaves the site).
 */
export async function signup(pb: PocketBase, values: SignupValues): Promise<ActionResult<SignupOutcome>> {
  try {
    await users(pb).create(signupBody(values));
  } catch (error) {
    // A retry after an answer that never arrived: the address is "taken" by this very visitor's
    // account, complete since it was made in one request. Their password signing in proves it.
    if (!isEmailTaken(error)) return failure(error, unknownError);
    const owner = await login(pb, values.email, values.password);
    if (!owner.success || !owner.data.user) return failure(error, unknownError);
    return ok(await signedUp(pb, owner.data.user, values));
  }
  const signedIn = await login(pb, values.email, values.password);
  if (!signedIn.success || !signedIn.data.user) return ok({ user: null, checkout: null });
  return ok(await signedUp(pb, signedIn.data.user, values));
}

/** A new account, signed in: on the paid plan, the payment starts. */
async function signedUp(pb: PocketBase, user: AuthUser, values: SignupValues): Promise<SignupOutcome> {
  const checkout =
    values.plan === "paid"
      ? await startCheckout(pb, intervalOf(values.billing), values.startNow === true)
      : null;
  return { user, checkout };
}

function isEmailTaken(error: unknown) {
  if (!isClientResponseError(error) || error.status !== 400) return false;
  const data = (error.response as { data?: Record<string, { code?: string }> } | undefined)?.data;
  return data?.email?.code === "validation_not_unique";
}

/** Asks for a new verification email ("Erreur lors du renvoi de l’email" by default). */
export async function requestVerification(pb: PocketBase, email: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).requestVerification(email.trim());
    return undefined;
  }, resendFailed);
}

/** Confirms the email with the link's token; a signed-in session is refreshed to show it verified. */
export async function confirmVerification(pb: PocketBase, token: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).confirmVerification(token);
    if (pb.authStore.isValid) await users(pb).authRefresh({ expand: accountExpand });
    return undefined;
  }, invalidVerificationToken);
}

/**
 * The session checked again, with the user record as the server has it now (after a payment
 * landed: the plan, the subscription); the header and the pages follow the store.
 */
export async function refreshAccount(pb: PocketBase): Promise<ActionResult<AuthUser>> {
  return attempt(async () => {
    const { record } = await users(pb).authRefresh<AuthUser>({ expand: accountExpand, requestKey: null });
    return record;
  }, checkUserFailed);
}

/** The admin search: at most this many matches are listed (the total is still counted). */
const userSearchLimit = 20;

export type UserSearchResult = { total: number; users: AuthUser[] };

/**
 * The admin search: users whose email or name contains `query`, ignoring case (`~` is a
 * case-insensitive "contains"), newest first, with how many matched in all.
 */
export async function searchUsers(pb: PocketBase, query: string): Promise<ActionResult<UserSearchResult>> {
  return attempt(async () => {
    const list = await users(pb).getList<AuthUser>(1, userSearchLimit, {
      filter: pb.filter("email ~ {:q} || name ~ {:q}", { q: query.trim() }),
      sort: "-created",
      // Admins may read every subscription: each row's plan state is the one its owner sees.
      expand: "subscriptions_via_user",
      requestKey: null,
    });
    return { total: list.totalItems, users: list.items };
  }, checkUserFailed);
}

/** Profile: the name. */
export async function updateName(pb: PocketBase, id: string, name: string): Promise<ActionResult<AuthUser>> {
  return attempt(async () => {
    return await users(pb).update<AuthUser>(id, { name: name.trim() });
  }, updateFailed);
}

/** The newsletter choice made at sign-up, changed from the account page. */
export async function setNewsletter(
  pb: PocketBase,
  id: string,
  newsletter: boolean,
): Promise<ActionResult<AuthUser>> {
  return attempt(async () => await users(pb).update<AuthUser>(id, { newsletter }), updateFailed);
}

/** Everything the server stores about the signed-in user, as the text of a JSON file. */
export async function exportData(pb: PocketBase): Promise<ActionResult<string>> {
  return attempt(async () => {
    const data = await pb.send<unknown>("/api/account/export", { method: "GET" });
    return `${JSON.stringify(data, null, 2)}\n`;
  }, exportFailed);
}

/**
 * Deletes the signed-in user's account after their password (the server cancels a running
 * subscription first); the session then ends here too.
 */
export async function deleteAccount(pb: PocketBase, password: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.send("/api/account/delete", { method: "POST", body: { password } });
    pb.authStore.clear();
    return undefined;
  }, deleteFailed);
}

/** Email change, PocketBase's way: a link to the new address confirms it. */
export async function requestEmailChange(pb: PocketBase, newEmail: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).requestEmailChange(newEmail.trim());
    return undefined;
  }, updateFailed);
}

/** A confirmed email change: the new address, and whether the visitor is signed in with it. */
export type EmailChanged = { email: string; signedIn: boolean };

/** The new address an email-change link carries (its token's `newEmail` claim); "" if unreadable. */
export function newEmailOf(token: string): string {
  try {
    const part = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    const claims = JSON.parse(atob(part)) as { newEmail?: unknown };
    return typeof claims.newEmail === "string" ? claims.newEmail : "";
  } catch {
    return "";
  }
}

/**
 * Email change, confirmed from the link with the current password (docs/product.md, Email
 * change). Resolves the new address, and whether the visitor could be signed in again with it.
 */
export async function confirmEmailChange(
  pb: PocketBase,
  token: string,
  password: string,
): Promise<ActionResult<EmailChanged>> {
  try {
    await users(pb).confirmEmailChange(token, password);
  } catch (error) {
    return failure(error, invalidVerificationToken);
  }
  // The change rotates the user's token key: every session of this user has ended. The password
  // just typed and the new address sign this visitor in again, so they stay signed in here.
  pb.authStore.clear();
  const email = newEmailOf(token);
  const again = email !== "" ? await login(pb, email, password) : undefined;
  const signedIn = again?.success === true && again.data.user !== undefined;
  return ok({ email, signedIn });
}

/**
 * Password change with the old password. The change invalidates every token of the user, so the
 * visitor is signed in again with the new password and stays signed in. With two-factor sign-in
 * on that needs a code: the session ends and the login page says why (resolves null).
 */
export async function changePassword(
  pb: PocketBase,
  user: AuthUser,
  values: { oldPassword: string; password: string; passwordConfirm: string },
): Promise<ActionResult<AuthUser | null>> {
  try {
    await users(pb).update(user.id, values);
  } catch (error) {
    return failure(error, updateFailed);
  }
  const signedIn = await login(pb, user.email, values.password);
  if (!signedIn.success) return signedIn;
  if (signedIn.data.user) return ok(signedIn.data.user);
  leaveLoginNotice("password-changed");
  pb.authStore.clear();
  return ok(null);
}

export async function requestPasswordReset(pb: PocketBase, email: string): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).requestPasswordReset(email.trim());
    return undefined;
  }, unknownError);
}

export async function confirmPasswordReset(
  pb: PocketBase,
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<ActionResult> {
  return attempt(async () => {
    await users(pb).confirmPasswordReset(token, password, passwordConfirm);
    return undefined;
  }, invalidVerificationToken);
}

/**
 * New Stremio credentials (docs/product.md, Stremio credentials): generated values replace those of
 * the user's stremio record (created, with `field` "active", if they have none); the server names
 * the new username on the user as `stremio_username`. The session's record follows.
 */
export async function saveStremioCredentials(
  pb: PocketBase,
  user: AuthUser,
): Promise<ActionResult<AuthUser>> {
  const username = generateStremioUsername(user.email, siteConfig.stremioDomain);
  const password = generateStremioPassword();
  return attempt(async () => {
    const stremio = pb.collection("stremio");
    const existing = user.expand?.stremio_via_user;
    const record = existing
      ? await stremio.update<StremioRecord>(existing.id, { email: username, password })
      : await stremio.create<StremioRecord>({ user: user.id, email: username, password, field: "active" });
    const updated: AuthUser = {
      ...user,
      stremio_username: username,
      expand: { ...user.expand, stremio_via_user: record },
    };
    if (pb.authStore.record?.id === user.id) pb.authStore.save(pb.authStore.token, updated);
    return updated;
  }, credentialsFailed);
}

export type AdminStats = {
  total: number;
  /** Users by billing status, the paying subscriptions and the monthly revenue (the server counts them). */
  billing: BillingStats;
  /** Sign-ups per week (the Monday starting it, YYYY-MM-DD), oldest first, empty weeks included. */
  signupsPerWeek: { week: string; count: number }[];
};

/** The Monday (UTC) of the week a PocketBase datetime falls in. */
export function weekOf(datetime: string): string {
  const day = parseDateTime(datetime);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Every week from the first to the last of `counts`, with 0 for the weeks nobody signed up. */
export function fillWeeks(counts: ReadonlyMap<string, number>): { week: string; count: number }[] {
  const weeks = [...counts.keys()].sort();
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  if (!first || !last) return [];
  const out: { week: string; count: number }[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); day.toISOString().slice(0, 10) <= last;) {
    const week = day.toISOString().slice(0, 10);
    out.push({ week, count: counts.get(week) ?? 0 });
    day.setUTCDate(day.getUTCDate() + 7);
  }
  return out;
}

/**
 * The admin page's figures; the users listRule lets `admin` users (and only them) see everyone,
 * and `GET /api/billing/stats` answers them too.
 */
export async function loadAdminStats(pb: PocketBase): Promise<ActionResult<AdminStats>> {
  try {
    const count = async (filter: string) =>
      (await users(pb).getList(1, 1, { filter, fields: "id", requestKey: null })).totalItems;
    const [total, billing, created] = await Promise.all([
      count(""),
      fetchBillingStats(pb),
      users(pb).getFullList<{ created: string }>({ fields: "created", sort: "created", requestKey: null }),
    ]);
    const weeks = new Map<string, number>();
    for (const { created: at } of created) weeks.set(weekOf(at), (weeks.get(weekOf(at)) ?? 0) + 1);
    return ok({ total, billing, signupsPerWeek: fillWeeks(weeks) });
  } catch (error) {
    return failure(error, checkUserFailed);
  }
}
