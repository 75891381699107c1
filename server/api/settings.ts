import { Hono } from "hono";
import { type LegalDetails, missingLegalDetails, type SellerSettings } from "#shared/seller.ts";
import type { RateLimitRule } from "../tools/rate-limit.ts";
import type { SmtpOptions } from "../mail/transport.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, sendJson } from "./context.ts";
import { limitBody, rateLimit, requireSuperuser } from "./middlewares.ts";

// `GET /api/settings`: the running configuration in the shape of PocketBase's settings, for the
// superuser dashboard. Read-only: this server is configured with environment variables
// (server/config.ts), and a settings write would not survive a restart.

export const readOnlyMessage = "Settings are read-only on this server; set them with environment variables.";

/** What `GET /api/settings` answers: PocketBase's settings keys, then this server's own. */
export type PublicSettings = {
  meta: { appName: string; appURL: string; senderName: string; senderAddress: string };
  /** Never the password. */
  smtp: { enabled: boolean; host: string; port: number; username: string; tls: boolean; authMethod: string };
  backups: { cron: string; cronMaxKeep: number };
  logs: { maxDays: number; minLevel: number; logIP: boolean; logAuthId: boolean };
  rateLimits: { enabled: boolean; rules: RateLimitRule[] };
  batch: { enabled: boolean; maxRequests: number; timeout: number; maxBodySize: number };
  trustedProxy: { headers: string[]; useLeftmostIP: boolean };
  /** Largest accepted request body, in bytes (BODY_LIMIT). */
  bodyLimit: number;
  /** "smtp" sends through SMTP_HOST; "outbox" writes `DATA_DIR/outbox/*.eml`. */
  mailMode: "smtp" | "outbox";
  /** Allowed CORS origins (`["*"]`: any). */
  corsOrigins: string[];
  /** How long a shutdown waits for requests in flight, in seconds (SHUTDOWN_TIMEOUT). */
  shutdownTimeout: number;
};

/** The values the app resolved from its options (defaults applied). */
export type SettingsSource = {
  appName: string;
  appUrl: string;
  mailFrom: string;
  smtp?: SmtpOptions;
  backupsCron?: string;
  backupsKeep: number;
  logsMaxDays: number;
  rateLimits: RateLimitRule[] | false;
  trustProxy: boolean;
  bodyLimit: number;
  corsOrigins: string[];
  /** Milliseconds. */
  shutdownTimeout: number;
};

/** `Name <address>` (name optionally quoted) or a bare address, as MAIL_FROM takes it. */
export function parseSender(from: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!match) return { name: "", address: from.trim() };
  const name = match[1]!.replace(/^"(.*)"$/, "$1").replaceAll('\\"', '"');
  return { name, address: match[2]!.trim() };
}

/**
 * The public settings: an explicit list of fields, so nothing secret (SMTP password, token
 * secrets, which live in the database anyway) can slip in when the options grow.
 */
export function publicSettings(source: SettingsSource): PublicSettings {
  const sender = parseSender(source.mailFrom);
  const smtp = source.smtp;
  const rules = source.rateLimits || [];
  return {
    meta: {
      appName: source.appName,
      appURL: source.appUrl,
      senderName: sender.name,
      senderAddress: sender.address,
    },
    smtp: {
      enabled: Boolean(smtp),
      host: smtp?.host ?? "",
      port: smtp?.port ?? 0,
      username: smtp?.user ?? "",
      tls: smtp?.secure ?? false,
      // nodemailer's default mechanism when a user is set; no authentication otherwise.
      authMethod: smtp?.user ? "PLAIN" : "",
    },
    backups: { cron: source.backupsCron ?? "", cronMaxKeep: source.backupsKeep },
    // Every request is logged at level 0 (info) or 8 (error), with its IP and auth id.
    logs: { maxDays: source.logsMaxDays, minLevel: 0, logIP: true, logAuthId: true },
    rateLimits: { enabled: rules.length > 0, rules: rules.map((rule) => ({ ...rule })) },
    // `POST /api/batch` is not implemented.
    batch: { enabled: false, maxRequests: 0, timeout: 0, maxBodySize: 0 },
    // TRUST_PROXY reads the last (rightmost) X-Forwarded-For hop: the one the proxy added.
    trustedProxy: { headers: source.trustProxy ? ["X-Forwarded-For"] : [], useLeftmostIP: false },
    bodyLimit: source.bodyLimit,
    mailMode: smtp ? "smtp" : "outbox",
    corsOrigins: [...source.corsOrigins],
    shutdownTimeout: source.shutdownTimeout / 1000,
  };
}

/** `GET /api/settings` (superusers) and a `PATCH` that explains why it changes nothing. */
export function settingsApi(settings: PublicSettings) {
  return new Hono<ApiEnv>()
    .get("/settings", rateLimit, requireSuperuser, (c) => sendJson(c, 200, settings))
    .patch("/settings", rateLimit, limitBody, requireSuperuser, () => {
      throw new ApiError(400, readOnlyMessage);
    });
}

/** `GET /api/settings/seller` (superusers): who sells and hosts, as the server was started with. */
export function sellerSettingsApi(legal: LegalDetails) {
  const answer: SellerSettings = { ...legal, missing: missingLegalDetails(legal) };
  return new Hono<ApiEnv>().get("/settings/seller", rateLimit, requireSuperuser, (c) =>
    sendJson(c, 200, answer),
  );
}
