import { safeRedirect } from "#shared/same-origin.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import type { RouteMiddleware } from "#shared/routing/types.ts";
import { checkSession, currentAuthState } from "./session.ts";

/** The pages whose form only a signed-out visitor can use. */
const signedOutPages = new Set(["login", "signup"]);

/**
 * `auth-pocketbase`: waits until the stored session has been checked. On the login and sign-up
 * pages a visitor who is already signed in (by a link, or with Back after signing in) would see an
 * empty form that can do nothing for them: they go to their account, or to where `?redirect=`
 * was taking them.
 */
export const authPocketbase: RouteMiddleware = async ({ url, locale, page }) => {
  await checkSession();
  if (signedOutPages.has(page.id) && currentAuthState().status === "authed") {
    return safeRedirect(url.searchParams.get("redirect"), localizePath("/account", locale));
  }
};

/** `auth`: a signed-out visitor goes to the login page, which brings them back afterwards. */
export const requireAuth: RouteMiddleware = async ({ url, locale }) => {
  const checked = await checkSession();
  // The account service is unreachable: the page itself explains (the session is kept).
  if (checked.status === "error") return;
  if (currentAuthState().status !== "authed") {
    return `${localizePath("/login", locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
  }
};

/**
 * Leaves a page a notice (kept for this tab only, so the address stays as it is and a reload does
 * not repeat it).
 */
function leaveNotice(key: string, notice: string) {
  try {
    sessionStorage.setItem(key, notice);
  } catch {
    // Storage refused (private mode): the visitor still lands on the page, without the why.
  }
}

/** The notice left under `key`, if it is one of `known` (it stays until `clearNotice`). */
function readNotice<Notice extends string>(key: string, known: readonly Notice[]): Notice | null {
  try {
    const notice = sessionStorage.getItem(key);
    return known.find((name) => name === notice) ?? null;
  } catch {
    return null;
  }
}

function clearNotice(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was left in it either.
  }
}

const accountNoticeKey = "lumen:account-notice";

/**
 * Why the account page was shown instead of the page asked for (`admin-only`), or after a sign-up
 * whose payment could not start (`checkout-failed`); it says so once.
 */
export type AccountNotice = "admin-only" | "checkout-failed";

const accountNotices = ["admin-only", "checkout-failed"] as const satisfies AccountNotice[];

/** Leaves a notice for the account page. */
export function leaveAccountNotice(notice: AccountNotice) {
  leaveNotice(accountNoticeKey, notice);
}

/**
 * The notice left for the account page, if any, read without clearing it: the page reads it while
 * rendering (so it never pushes the page down once drawn), and a render can be run again or thrown
 * away before it shows. `clearAccountNotice` clears it once the page has shown it.
 */
export function accountNotice(): AccountNotice | null {
  return readNotice(accountNoticeKey, accountNotices);
}

/** Clears the account page's notice, once shown: a reload does not repeat it. */
export function clearAccountNotice() {
  clearNotice(accountNoticeKey);
}

const loginNoticeKey = "lumen:login-notice";

/**
 * Why the login page was shown, said once: the visitor has just logged out (`logged-out`), or
 * changed their password with two-factor sign-in on, which ends the session (`password-changed`).
 */
export type LoginNotice = "logged-out" | "password-changed";

/** Leaves a notice for the login page. */
export function leaveLoginNotice(notice: LoginNotice) {
  leaveNotice(loginNoticeKey, notice);
}

/** The notice left for the login page, if any; reading it clears it. */
export function takeLoginNotice(): LoginNotice | null {
  const notice = readNotice(loginNoticeKey, ["logged-out", "password-changed"] as const);
  clearNotice(loginNoticeKey);
  return notice;
}

/** The "logged out" note as it is stored: what a page without the app leaves when it logs out. */
export const loggedOutNotice = { noticeKey: loginNoticeKey, notice: "logged-out" satisfies LoginNotice };

/**
 * `admin`: only users whose record says `admin`; other signed-in users go to their account, which
 * tells them why. When the account service is unreachable the stored record cannot be trusted
 * either way, so the page shows its unavailable state instead of turning anyone away.
 */
export const requireAdmin: RouteMiddleware = async (context) => {
  const checked = await checkSession();
  if (checked.status === "error") return;
  const toLogin = await requireAuth(context);
  if (toLogin) return toLogin;
  const state = currentAuthState();
  if (state.status === "authed" && !state.user.admin) {
    leaveAccountNotice("admin-only");
    return localizePath("/account", context.locale);
  }
};
