import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";
import { rateLimit } from "./middlewares.ts";

/** `GET /api/health`, answered exactly as PocketBase does. */
export const health = new Hono<ApiEnv>().on(["GET", "HEAD"], "/health", rateLimit, (c) =>
  c.json({ message: "API is healthy.", code: 200, data: {} }),
);
