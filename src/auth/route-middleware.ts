import { localizePath } from "../i18n/paths.ts";
import type { RouteMiddleware } from "../lib/route-middleware.ts";
import { checkSession, currentAuthState } from "./session.ts";

/** `?redirect=` target of the login page: a path on this site only (never `//host` or a URL). */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  // Browsers drop tabs and newlines from URLs and read `\` as `/`: `/\t/host` and `/\host` are
  // `//host`, another site. Such a value is refused whole rather than repaired.
  if (!value || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = "https://this-site.invalid";
  try {
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** `auth-pocketbase`: waits until the stored session has been checked (SPEC §4). */
export const authPocketbase: RouteMiddleware = async () => {
  await checkSession();
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

/** `admin`: only users whose record says `admin`; other signed-in users go to their account. */
export const requireAdmin: RouteMiddleware = async (context) => {
  const toLogin = await requireAuth(context);
  if (toLogin) return toLogin;
  const state = currentAuthState();
  if (state.status === "authed" && !state.user.admin) return localizePath("/account", context.locale);
};
