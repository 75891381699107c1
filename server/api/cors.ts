import type { MiddlewareHandler } from "hono";
import { cors as honoCors } from "hono/cors";

/**
 * CORS as PocketBase answers it (`*` unless origins are listed). Headers of ordinary requests are
 * set before the handler runs, so they travel with its response as it is built: changing a response
 * afterwards makes @hono/node-server rebuild it, which halved the API's throughput. Preflights go to
 * Hono's middleware.
 */
export function corsHeaders(origins: string[]): MiddlewareHandler {
  const anyOrigin = origins.includes("*");
  const preflight = honoCors({
    origin: anyOrigin ? "*" : origins,
    allowMethods: ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"],
  });
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    const origin = c.req.header("origin") ?? "";
    const allowed = anyOrigin ? "*" : origins.includes(origin) ? origin : undefined;
    if (allowed) c.header("Access-Control-Allow-Origin", allowed);
    if (!anyOrigin) c.header("Vary", "Origin", { append: true });
    await next();
  };
}
