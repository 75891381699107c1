import { Hono } from "hono";

/** `GET /api/health`, answered exactly as PocketBase does. */
export const health = new Hono().on(["GET", "HEAD"], "/health", (c) =>
  c.json({ message: "API is healthy.", code: 200, data: {} }),
);
