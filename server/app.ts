import { Hono } from "hono";
import { ApiError } from "./api/api-error.ts";
import { health } from "./api/health.ts";
import { serveSite } from "./site.ts";

export type AppOptions = {
  /** The prerendered site (`build/client`); without it only the API is served. */
  siteDir?: string;
  /** Where the database and the outbox live. */
  dataDir: string;
};

/** The whole server: the PocketBase-compatible API under /api and the prerendered site. */
export function createApp(options: AppOptions) {
  const app = new Hono();

  // PocketBase sends these on every response.
  app.use(async (c, next) => {
    await next();
    c.header("X-XSS-Protection", "1; mode=block");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("X-Frame-Options", "SAMEORIGIN");
  });

  const api = new Hono();
  api.route("/", health);
  api.all("*", () => {
    throw new ApiError(404);
  });
  app.route("/api", api);

  if (options.siteDir) app.on(["GET", "HEAD"], "*", serveSite(options.siteDir));

  app.onError((error, c) => {
    const apiError = error instanceof ApiError ? error : (console.error(error), new ApiError(500));
    return c.json(apiError.toJSON(), apiError.status as 400);
  });

  return app;
}
