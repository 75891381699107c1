import path from "node:path";
import type { AppOptions } from "./app.ts";
import { CronError, parseCron } from "./tools/cron.ts";
import { parseRateLimitRules } from "./tools/rate-limit.ts";
import { defaultLogsMaxRows } from "./core/request-logs.ts";
import { defaultGraceDays } from "#shared/billing.ts";
import { defaultBillingSweepCron } from "./core/billing/lifecycle.ts";
import { totpKeyPattern } from "./core/totp.ts";
import { type StripeConfig, stripeTaxOf } from "./tools/stripe.ts";
import { type LegalDetails, legalDetailsFromEnv } from "#shared/seller.ts";
import { type SuperuserSecondFactor, superuserSecondFactorModes } from "../shared/superuser-second-factor.ts";

/** Everything `node server/main.ts` reads from the environment (docs/configuration.md lists each variable). */
export type ServerConfig = AppOptions & {
  port: number;
  host: string;
  /** How long a shutdown waits for requests in flight before closing their connections (ms). */
  shutdownTimeout: number;
  /** Who sells, hosts and mediates (`SELLER_*`, `SUPPORT_EMAIL`, `HOST_*`, `MEDIATOR_*`). */
  legal: LegalDetails;
};

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
  const shutdownSeconds = Number(env.SHUTDOWN_TIMEOUT ?? 10);
  if (!Number.isFinite(shutdownSeconds) || shutdownSeconds < 0) {
    throw new Error(`Invalid SHUTDOWN_TIMEOUT: ${env.SHUTDOWN_TIMEOUT} (seconds)`);
  }
  const logsMaxDays = Number(env.LOGS_MAX_DAYS || 5);
  if (!Number.isInteger(logsMaxDays) || logsMaxDays < 0) {
    throw new Error(`Invalid LOGS_MAX_DAYS: ${env.LOGS_MAX_DAYS} (days, 0 turns request logs off)`);
  }
  const logsMaxRows = Number(env.LOGS_MAX_ROWS || defaultLogsMaxRows);
  if (!Number.isInteger(logsMaxRows) || logsMaxRows < 1) {
    throw new Error(`Invalid LOGS_MAX_ROWS: ${env.LOGS_MAX_ROWS} (request logs kept at most, 1 or more)`);
  }
  const backupsCron = env.BACKUPS_CRON?.trim() || undefined;
  if (backupsCron) {
    try {
      parseCron(backupsCron);
    } catch (error) {
      if (!(error instanceof CronError)) throw error;
      throw new Error(`Invalid BACKUPS_CRON: ${backupsCron} (${error.message})`);
    }
  }
  const backupsKeep = Number(env.BACKUPS_KEEP || 7);
  if (!Number.isInteger(backupsKeep) || backupsKeep < 1) {
    throw new Error(
      `Invalid BACKUPS_KEEP: ${env.BACKUPS_KEEP} (how many automatic backups to keep, 1 or more)`,
    );
  }
  const billingSweepCron = env.BILLING_SWEEP_CRON?.trim() || defaultBillingSweepCron;
  try {
    parseCron(billingSweepCron);
  } catch (error) {
    if (!(error instanceof CronError)) throw error;
    throw new Error(`Invalid BILLING_SWEEP_CRON: ${billingSweepCron} (${error.message})`);
  }
  const billingGraceDays = Number(env.BILLING_GRACE_DAYS || defaultGraceDays);
  if (!Number.isInteger(billingGraceDays) || billingGraceDays < 0 || billingGraceDays > 60) {
    throw new Error(
      `Invalid BILLING_GRACE_DAYS: ${env.BILLING_GRACE_DAYS} (how many days a failed renewal keeps access, 0 to 60)`,
    );
  }
  const superuserSecondFactor = (env.SUPERUSER_SECOND_FACTOR || "optional").toLowerCase();
  if (!(superuserSecondFactorModes as readonly string[]).includes(superuserSecondFactor)) {
    throw new Error(`Invalid SUPERUSER_SECOND_FACTOR: ${env.SUPERUSER_SECOND_FACTOR} (optional or required)`);
  }
  const totpEncryptionKey = env.TOTP_ENCRYPTION_KEY?.trim() || undefined;
  if (totpEncryptionKey && !totpKeyPattern.test(totpEncryptionKey)) {
    throw new Error("Invalid TOTP_ENCRYPTION_KEY (32 bytes as 64 hex digits: openssl rand -hex 32)");
  }
  const stripe = stripeConfig(env);
  const legal = legalDetailsFromEnv(env);
  const smtpHost = env.SMTP_HOST;
  const smtpPort = Number(env.SMTP_PORT ?? (flag(env.SMTP_SECURE) ? 465 : 587));
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    shutdownTimeout: shutdownSeconds * 1000,
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
          // Only a test against a self-signed certificate turns this off.
          tlsRejectUnauthorized: !/^(0|false|no|off)$/i.test(env.SMTP_TLS_REJECT_UNAUTHORIZED ?? ""),
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
    backupsCron,
    backupsKeep,
    logsMaxDays,
    logsMaxRows,
    stripe,
    billingSweepCron,
    billingGraceDays,
    seller: legal.seller,
    legal,
    superuserSecondFactor: superuserSecondFactor as SuperuserSecondFactor,
    totpEncryptionKey,
  };
}

/**
 * Stripe, when `STRIPE_SECRET_KEY` is set: then the webhook secret and both price ids are needed
 * too (a paid plan that cannot be charged, or whose payments never arrive, refuses to start);
 * `STRIPE_API_BASE` points the SDK at a Stripe-compatible API (a test double). Unset: manual mode.
 */
function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new Error("Invalid STRIPE_SECRET_KEY (a key starting with sk_test_ or sk_live_)");
  }
  const missing = ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"].filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length > 0) {
    throw new Error(`STRIPE_SECRET_KEY is set without ${missing.join(", ")} (see docs/billing.md)`);
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET!.trim();
  if (!webhookSecret.startsWith("whsec_")) {
    throw new Error("Invalid STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, starting with whsec_)");
  }
  const apiBase = env.STRIPE_API_BASE?.trim() || undefined;
  if (apiBase && !/^https?:\/\/[^/]+\/?$/.test(apiBase)) {
    throw new Error(`Invalid STRIPE_API_BASE: ${apiBase} (an origin such as http://127.0.0.1:12111)`);
  }
  return {
    secretKey,
    webhookSecret,
    prices: { month: env.STRIPE_PRICE_MONTHLY!.trim(), year: env.STRIPE_PRICE_YEARLY!.trim() },
    apiBase,
    tax: stripeTaxOf(env),
  };
}
