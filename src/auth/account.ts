import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import type { Locale } from "../i18n/locales.ts";
import { siteConfig } from "../site-config.ts";
import { failure, ok, type ActionResult } from "./action-result.ts";
import { isClientResponseError } from "./sdk-error.ts";
import type { AuthUser } from "./auth-state.tsx";
import { generateAffiliateCode, generateStremioPassword, generateStremioUsername } from "./credentials.ts";

// SPEC §8 defaults. The French wording of the four French ones is the spec's own text.
const loginFailed = msg`Login failed`;
const unknownError = msg`Unknown error`;
const resendFailed = msg`Error while resending the email`;
const invalidVerificationToken = msg`Invalid verification token`;
const checkUserFailed = msg`Error during the check`;
const updateFailed = msg`Could not save your changes`;
const credentialsFailed = msg`Could not generate your Stremio credentials`;

const users = (pb: PocketBase) => pb.collection("users");

export type SignupValues = {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  plan: "free" | "paid";
  billing: "monthly" | "yearly";
  newsletter: boolean;
  locale: Locale;
};

/** What sign-up sends (SPEC §3). Privileged fields are sent at their defaults; the server rejects any other value. */
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

/** SPEC §7 Login. */
export async function login(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<ActionResult<AuthUser>> {
  try {
    const { record } = await users(pb).authWithPassword<AuthUser>(email.trim(), password);
    return ok(record);
  } catch (error) {
    return failure(error, loginFailed);
  }
}

/**
 * SPEC §4 sign-up: create the user; then sign in, create the stremio record and request the
 * verification email. Failures of those last steps are logged and never stop sign-up.
 */
export async function signup(pb: PocketBase, values: SignupValues): Promise<ActionResult<AuthUser>> {
  try {
    await users(pb).create(signupBody(values));
  } catch (error) {
    return failure(error, unknownError);
  }
  const signedIn = await login(pb, values.email, values.password);
  if (!signedIn.success) return signedIn;
  const credentials = await saveStremioCredentials(pb, signedIn.data);
  if (!credentials.success) console.warn("Sign-up: the Stremio credentials could not be created");
  const verification = await requestVerification(pb, values.email);
  if (!verification.success) console.warn("Sign-up: the verification email could not be requested");
  return ok((pb.authStore.record as AuthUser | null) ?? signedIn.data);
}

/** SPEC §7 Request verification ("Erreur lors du renvoi de l'email" by default). */
export async function requestVerification(pb: PocketBase, email: string): Promise<ActionResult> {
  try {
    await users(pb).requestVerification(email.trim());
    return ok(undefined);
  } catch (error) {
    return failure(error, resendFailed);
  }
}

/** SPEC §7 Confirm verification; the caller re-syncs the auth state afterwards. */
export async function confirmVerification(pb: PocketBase, token: string): Promise<ActionResult> {
  try {
    await users(pb).confirmVerification(token);
    if (pb.authStore.isValid) await users(pb).authRefresh();
    return ok(undefined);
  } catch (error) {
    return failure(error, invalidVerificationToken);
  }
}

/**
 * SPEC §5 check-user: finds a user by email. "Not found" means the user does not exist. Only an
 * admin (or the user themself) can see other accounts, so this serves the admin page.
 */
export async function findUserByEmail(pb: PocketBase, email: string): Promise<ActionResult<AuthUser | null>> {
  try {
    const user = await users(pb).getFirstListItem<AuthUser>(
      pb.filter("email = {:email}", { email: email.trim() }),
      {
        requestKey: null,
      },
    );
    return ok(user);
  } catch (error) {
    if (isClientResponseError(error) && error.status === 404) return ok(null);
    return failure(error, checkUserFailed);
  }
}

/** Profile: the name. */
export async function updateName(pb: PocketBase, id: string, name: string): Promise<ActionResult<AuthUser>> {
  try {
    return ok(await users(pb).update<AuthUser>(id, { name: name.trim() }));
  } catch (error) {
    return failure(error, updateFailed);
  }
}

/** Email change, PocketBase's way: a link to the new address confirms it. */
export async function requestEmailChange(pb: PocketBase, newEmail: string): Promise<ActionResult> {
  try {
    await users(pb).requestEmailChange(newEmail.trim());
    return ok(undefined);
  } catch (error) {
    return failure(error, updateFailed);
  }
}

export async function confirmEmailChange(
  pb: PocketBase,
  token: string,
  password: string,
): Promise<ActionResult> {
  try {
    await users(pb).confirmEmailChange(token, password);
    // The change rotates the user's token key: every session of this user has ended.
    pb.authStore.clear();
    return ok(undefined);
  } catch (error) {
    return failure(error, invalidVerificationToken);
  }
}

/**
 * Password change with the old password. The change invalidates every token of the user, so the
 * visitor is signed in again with the new password and stays signed in.
 */
export async function changePassword(
  pb: PocketBase,
  user: AuthUser,
  values: { oldPassword: string; password: string; passwordConfirm: string },
): Promise<ActionResult<AuthUser>> {
  try {
    await users(pb).update(user.id, values);
  } catch (error) {
    return failure(error, updateFailed);
  }
  return login(pb, user.email, values.password);
}

export async function requestPasswordReset(pb: PocketBase, email: string): Promise<ActionResult> {
  try {
    await users(pb).requestPasswordReset(email.trim());
    return ok(undefined);
  } catch (error) {
    return failure(error, unknownError);
  }
}

export async function confirmPasswordReset(
  pb: PocketBase,
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<ActionResult> {
  try {
    await users(pb).confirmPasswordReset(token, password, passwordConfirm);
    return ok(undefined);
  } catch (error) {
    return failure(error, invalidVerificationToken);
  }
}

/**
 * SPEC §4 Stremio credentials: new generated values go to the user's stremio record (updated, or
 * created with field "active") and onto the user as stremio_username / stremio_password.
 */
export async function saveStremioCredentials(
  pb: PocketBase,
  user: AuthUser,
): Promise<ActionResult<AuthUser>> {
  const username = generateStremioUsername(user.email, siteConfig.stremioDomain);
  const password = generateStremioPassword();
  try {
    const stremio = pb.collection("stremio");
    const existing = await stremio
      .getFirstListItem(pb.filter("user = {:user}", { user: user.id }), { requestKey: null })
      .catch((error: unknown) => {
        if (isClientResponseError(error) && error.status === 404) return null;
        throw error;
      });
    if (existing) await stremio.update(existing.id, { email: username, password });
    else await stremio.create({ user: user.id, email: username, password, field: "active" });
    const updated = await users(pb).update<AuthUser>(user.id, {
      stremio_username: username,
      stremio_password: password,
    });
    return ok(updated);
  } catch (error) {
    return failure(error, credentialsFailed);
  }
}

export type AdminStats = {
  total: number;
  byPlan: { free: number; paid: number };
  /** Sign-ups per week (the Monday starting it, YYYY-MM-DD), oldest first. */
  signupsPerWeek: { week: string; count: number }[];
};

/** The Monday (UTC) of the week a PocketBase datetime falls in. */
export function weekOf(datetime: string): string {
  const day = new Date(datetime.replace(" ", "T"));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The admin dashboard's figures; the users listRule lets `admin` users (and only them) see everyone. */
export async function loadAdminStats(pb: PocketBase): Promise<ActionResult<AdminStats>> {
  try {
    const count = async (filter: string) =>
      (await users(pb).getList(1, 1, { filter, fields: "id", requestKey: null })).totalItems;
    const [total, free, paid, created] = await Promise.all([
      count(""),
      count('plan = "free"'),
      count('plan = "paid"'),
      users(pb).getFullList<{ created: string }>({ fields: "created", sort: "created", requestKey: null }),
    ]);
    const weeks = new Map<string, number>();
    for (const { created: at } of created) weeks.set(weekOf(at), (weeks.get(weekOf(at)) ?? 0) + 1);
    return ok({
      total,
      byPlan: { free, paid },
      signupsPerWeek: [...weeks].map(([week, n]) => ({ week, count: n })),
    });
  } catch (error) {
    return failure(error, checkUserFailed);
  }
}
