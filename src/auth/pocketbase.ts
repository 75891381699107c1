import PocketBase, { BaseAuthStore, type AuthRecord } from "pocketbase";
import type { AuthUser } from "./auth-state.tsx";
import { planStatus } from "./plan-status.ts";
import { pocketBaseUrl } from "./api-url.ts";
import { authCookieName, sessionCookieFields } from "./session-cookie-fields.ts";

/**
 * Keeps the SDK's auth state in the `pb_auth` cookie (token, `sessionCookieFields` and the plan's
 * status: what the header of a page without the app shows, see src/auth/session-cookie.ts). Not
 * HttpOnly: the site is static files and its JavaScript is the only reader; SameSite Lax; Secure
 * on https.
 */
class CookieAuthStore extends BaseAuthStore {
  constructor() {
    super();
    if (typeof document !== "undefined") this.loadFromCookie(document.cookie, authCookieName);
  }

  override save(token: string, record?: AuthRecord) {
    super.save(token, record);
    this.writeCookie();
  }

  override clear() {
    super.clear();
    this.writeCookie();
  }

  private writeCookie() {
    if (typeof document === "undefined") return;
    const stored = new BaseAuthStore();
    const record = this.record;
    stored.save(
      this.token,
      record
        ? ({
            ...Object.fromEntries(sessionCookieFields.filter((f) => f in record).map((f) => [f, record[f]])),
            // The plan as the header words it, worked out from the whole record (the trial's end
            // and the subscription stay out of the cookie); a record read back from the cookie
            // already carries it.
            plan_status:
              "trial_ends" in record ? planStatus(record as unknown as AuthUser) : record.plan_status,
          } as unknown as AuthRecord)
        : null,
    );
    document.cookie = stored.exportToCookie(
      { httpOnly: false, secure: location.protocol === "https:", sameSite: "lax", path: "/" },
      authCookieName,
    );
  }
}

/** A client whose session lives in the cookie, and which forgets it on any 401 (docs/product.md, Session). */
export function createPocketBase(url = pocketBaseUrl()): PocketBase {
  const pb = new PocketBase(url, new CookieAuthStore());
  pb.afterSend = (response, data) => {
    if (response.status === 401) pb.authStore.clear();
    return data;
  };
  return pb;
}
