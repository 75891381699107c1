import path from "node:path";
import type { AppOptions } from "./app.ts";
import { parseRateLimitRules } from "./core/rate-limit.ts";

/** Everything `node server/main.ts` reads from the environment (the README lists each variable). */
export type ServerConfig = AppOptions & { port: number; host: string };

function flag(value: string | undefined): boolean {
  return /^(1|true|yes|on)$/i.test(value ?? "");
}

/** Reads the server configuration from environment variables; throws with a clear message on bad values. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const bodyLimit = env.BODY_LIMIT ? Number(env.BODY_LIMIT) : undefined;
  if (bodyLimit !== undefined && (!Number.isInteger(bodyLimit) || bodyLimit < 1)) {
    throw new Error(`Invalid BODY_LIMIT: ${env.BODY_LIMIT} (bytes)`);
  }
  const rateLimit = (env.RATE_LIMIT ?? "on").toLowerCase();
  if (!["on", "off"].includes(rateLimit))
    throw new Error(`Invalid RATE_LIMIT: ${env.RATE_LIMIT} (on or off)`);
  const rateLimits =
    rateLimit === "off"
      ? false
      : env.RATE_LIMIT_RULES
        ? parseRateLimitRules(env.RATE_LIMIT_RULES)
        : undefined;
  const smtpHost = env.SMTP_HOST;
  const smtpPort = Number(env.SMTP_PORT ?? (flag(env.SMTP_SECURE) ? 465 : 587));
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "pb_data"),
    siteDir: path.resolve(env.SITE_DIR ?? "build/client"),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    appName: env.APP_NAME || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: smtpPort,
          secure: flag(env.SMTP_SECURE),
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
        }
      : undefined,
    rateLimits,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(",")
          .map((o) => o.trim())
          .filter(Boolean)
      : undefined,
    bodyLimit,
    trustProxy: flag(env.TRUST_PROXY),
  };
}
