import { Hono } from "hono";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, sendJson } from "./context.ts";
import { rateLimit, requireSuperuser } from "./middlewares.ts";

// PocketBase's cron jobs API (docs/api.md, "Crons"): the server's scheduled jobs, listed and run
// at once by a superuser, as PocketBase's dashboard does from its settings.

/** A scheduled job: its id, its cron expression (UTC), and what running it does. */
export type CronJob = { id: string; expression: string; run: () => Promise<unknown> };

export function cronsApi(jobs: () => readonly CronJob[]) {
  return (
    new Hono<ApiEnv>()
      // `[{id, expression}]`, sorted by id, as PocketBase answers.
      .get("/crons", rateLimit, requireSuperuser, (c) =>
        sendJson(
          c,
          200,
          [...jobs()]
            .sort((a, b) => a.id.localeCompare(b.id))
            .map(({ id, expression }) => ({ id, expression })),
        ),
      )
      // Runs the job in the background and answers 204 at once (PocketBase's behaviour); 404 for
      // an unknown job. Its failure is the job's to log.
      .post("/crons/:id", rateLimit, requireSuperuser, (c) => {
        const job = jobs().find((item) => item.id === c.req.param("id"));
        if (!job) throw new ApiError(404, "Missing or invalid cron job.");
        void job.run().catch(() => {});
        return c.body(null, 204);
      })
  );
}
