import { Hono } from "hono";
import type { Backups } from "../core/backups.ts";
import { clientIp, isSuperuser, type ApiEnv } from "./context.ts";
import { rateLimit } from "./middlewares.ts";

/** Headers a reverse proxy usually adds: a superuser is told which one a request carried. */
const proxyHeaders = ["CF-Connecting-IP", "Fly-Client-IP", "X-Forwarded-For"];

/**
 * `GET /api/health`, answered as PocketBase does: `data` empty for everyone but a superuser, who
 * is told whether a backup may start now, the client address the server sees, and the first proxy
 * header the request carried (the trusted one first), as the dashboard uses it to warn about a
 * proxy the server does not trust.
 */
export function healthApi(backups: Backups) {
  return new Hono<ApiEnv>().on(["GET", "HEAD"], "/health", rateLimit, (c) => {
    if (!isSuperuser(c)) return c.json({ message: "API is healthy.", code: 200, data: {} });
    const trusted = c.get("ctx").trustProxy ? ["X-Forwarded-For"] : [];
    const possibleProxyHeader = [...trusted, ...proxyHeaders].find((name) => c.req.header(name)) ?? "";
    return c.json({
      message: "API is healthy.",
      code: 200,
      data: { canBackup: backups.activeKey === undefined, realIP: clientIp(c), possibleProxyHeader },
    });
  });
}
