/**
 * Who a stored session says is signed in: enough for the header (name, address, whether it is
 * verified, whether to offer the admin page, the plan's status), never trusted for anything else.
 */
export type StoredSession = {
  name: string;
  email: string;
  verified: boolean;
  admin: boolean;
  /** One of src/auth/plan-status.ts's statuses, "" when the cookie has none. */
  planStatus: string;
};

/**
 * The visitor the `pb_auth` cookie (the SDK's cookie export: `{ token, record }` as URI-encoded
 * JSON) names, when its token has not expired; `null` otherwise or when the cookie is unreadable.
 * Self-contained (no imports, no outer names): the page script carries it as source text.
 */
export function sessionFromCookie(cookie: string, now: number): StoredSession | null {
  const match = /(?:^|;\s*)pb_auth=([^;]*)/.exec(cookie);
  if (!match?.[1]) return null;
  try {
    const stored = JSON.parse(decodeURIComponent(match[1])) as {
      token?: string;
      record?: Record<string, unknown> | null;
    };
    const part = String(stored.token ?? "").split(".")[1] ?? "";
    const payload = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    if (typeof payload.exp !== "number" || payload.exp * 1000 <= now || !stored.record) return null;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const record = stored.record;
    return {
      name: text(record.name),
      email: text(record.email),
      verified: record.verified === true,
      admin: record.admin === true,
      planStatus: text(record.plan_status),
    };
  } catch {
    return null;
  }
}
