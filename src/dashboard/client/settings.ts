import type PocketBase from "pocketbase";
import { failure } from "#src/auth/action-error.ts";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import { isClientResponseError } from "#src/auth/sdk-error.ts";
import { loadFailed } from "./common.ts";

/** `GET /api/settings`, PocketBase's shape plus this server's own keys; every part may be absent. */
export type ServerSettings = {
  meta?: { appName?: string; appURL?: string; senderName?: string; senderAddress?: string };
  smtp?: { enabled?: boolean; host?: string; port?: number };
  backups?: { cron?: string; cronMaxKeep?: number };
  rateLimits?: { enabled?: boolean; rules?: { label: string; maxRequests: number; duration: number }[] };
  logs?: { maxDays?: number };
  trustedProxy?: { headers?: string[] };
  bodyLimit?: number;
  trustProxy?: boolean | string | string[];
  mailMode?: "smtp" | "outbox";
  corsOrigins?: string[];
  /** Seconds. */
  shutdownTimeout?: number;
};

/** The settings, or `null` when this server has no settings endpoint (404). */
export async function loadSettings(pb: PocketBase): Promise<ActionResult<ServerSettings | null>> {
  try {
    return ok(await pb.send<ServerSettings>("/api/settings", { method: "GET", requestKey: null }));
  } catch (error) {
    if (isClientResponseError(error) && error.status === 404) return ok(null);
    return failure(error, loadFailed);
  }
}
