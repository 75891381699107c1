import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";
import { Hono } from "hono";
import { exampleIban, readInstructions } from "../shared/payment-instructions.ts";
import { siteConfig } from "../shared/site-config.ts";
import type { SuperuserSecondFactor } from "../shared/superuser-second-factor.ts";
import { ApiError } from "./api/api-error.ts";
import { backupsApi, fileToken } from "./api/backups.ts";
import { collectionsImport, collectionsRead } from "./api/collections.ts";
import { compressJson } from "./tools/compression.ts";
import { corsHeaders } from "./api/cors.ts";
import type { ApiEnv, AppContext } from "./api/context.ts";
import { healthApi } from "./api/health.ts";
import { logsApi, requestLogger } from "./api/logs.ts";
import { limitBody, loadAuthToken, rateLimit } from "./api/middlewares.ts";
import { passkeysApi } from "./api/passkeys.ts";
import { totpApi } from "./api/totp.ts";
import { confirmIdentityApi } from "./api/confirm-identity.ts";
import { recordAuth } from "./api/record-auth.ts";
import { recordCrud } from "./api/record-crud.ts";
import { recordEmailChange } from "./api/record-email-change.ts";
import { recordPasswordReset } from "./api/record-password-reset.ts";
import { recordVerification } from "./api/record-verification.ts";
import { publicSettings, sellerSettingsApi, settingsApi } from "./api/settings.ts";
import { applySchema, applySchemaOffThread } from "./core/apply-schema.ts";
import { Backups } from "./core/backups.ts";
import { type LegalDetails, type Seller, unconfiguredLegalDetails } from "#shared/seller.ts";
import { type Billing, createBilling, defaultBillingSweepCron } from "./core/billing/lifecycle.ts";
import type { StripeConfig } from "./tools/stripe.ts";
import { billingApi } from "./api/billing.ts";
import { cronsApi } from "./api/crons.ts";
import { accountApi } from "./api/account.ts";
import { nextCronMatch, parseCron, runOnSchedule } from "./tools/cron.ts";
import {
  defaultRateLimits,
  FailureBackoff,
  FailureLimiter,
  RateLimiter,
  type RateLimitRule,
} from "./tools/rate-limit.ts";
import { RequestLogs } from "./core/request-logs.ts";
import { Store } from "./core/store.ts";
import {
  loadTotpKey,
  MfaSessions,
  sealStoredSecrets,
  sealStoredSecretsIn,
  unreadableSecretsMessage,
} from "./core/totp.ts";
import { setEmailSeller } from "./mail/layout.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import type { SmtpOptions } from "./mail/transport.ts";
import { serveSite } from "./site/serve.ts";
import { createLogger } from "./tools/log.ts";

/**
 * The payment instructions of manual mode in a locale: content/{locale}/payment-instructions.md as
 * written (the site shows the same words on the account page). Read once at start, its bank account
 * checked: a wrong IBAN stops the server rather than reach a customer.
 */
function readInstructionsFile(locale: "en" | "fr"): { file: string; markdown: string } {
  const file = path.relative(
    process.cwd(),
    fileURLToPath(new URL(`../content/${locale}/payment-instructions.md`, import.meta.url)),
  );
  const markdown = readFileSync(file, "utf8");
  readInstructions(markdown, file);
  return { file, markdown };
}

/**
 * What a production server in manual mode says at start about its payment instructions: a file
 * still showing the example IBAN would have customers pay into no one's account.
 */
export function instructionsWarnings(): string[] {
  return (["en", "fr"] as const).flatMap((locale) => {
    const { file, markdown } = readInstructionsFile(locale);
    return readInstructions(markdown).account.iban.replace(/ /g, "") === exampleIban
      ? [`${file} shows the example IBAN: write the account customers pay into`]
      : [];
  });
}

/** pocketbase/pb_schema.json: the collections both this server and a real PocketBase load. */
export const schemaFile = fileURLToPath(new URL("../pocketbase/pb_schema.json", import.meta.url));

export type AppOptions = {
  /** The prerendered site (`build/client`); without it only the API is served. */
  siteDir?: string;
  /** Where the database and the outbox live. */
  dataDir: string;
  /** Public URL of the site, used in email links (default `http://localhost:8090`). */
  appUrl?: string;
  /** Product name in emails (default: the site config's). */
  appName?: string;
  /** Sender of the account emails. */
  mailFrom?: string;
  /** SMTP server; without it emails go to `dataDir/outbox/*.eml`. */
  smtp?: SmtpOptions;
  /** Rate limit rules; `false` turns them off (not the failed-password limit). Default: `defaultRateLimits`. */
  rateLimits?: RateLimitRule[] | false;
  /** Allowed CORS origins (default `*`, like PocketBase). */
  corsOrigins?: string[];
  /** Largest accepted request body in bytes (default 1 MiB); larger answers 413. */
  bodyLimit?: number;
  /** Take the client IP from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  /** Waits before each retry of a mail that failed to send (ms); the last repeats (see mail/mailer.ts). */
  mailRetryDelays?: number[];
  /** Where informational lines go (mail links, backups made); default stdout. Problems go to stderr. */
  log?: (line: string) => void;
  /** Schema to load at start (default pocketbase/pb_schema.json). */
  schemaPath?: string;
  /** Automatic backups: a 5-field cron expression in UTC (BACKUPS_CRON); unset, none. */
  backupsCron?: string;
  /** How many automatic backups to keep (BACKUPS_KEEP, default 7). */
  backupsKeep?: number;
  /** Days request logs are kept in `dataDir/auxiliary.db` (default 5, like PocketBase); 0 turns logging off. */
  logsMaxDays?: number;
  /** Request logs kept at most, the oldest dropped first (default 100,000). */
  logsMaxRows?: number;
  /** Largest backup upload in bytes (default 1 GiB, nginx's `client_max_body_size` for it). */
  backupUploadLimit?: number;
  /** Stripe (`STRIPE_*`); without it the paid plan is paid by the emailed instructions (manual mode). */
  stripe?: StripeConfig;
  /** How often trials and lapsed subscriptions are swept (`BILLING_SWEEP_CRON`, default hourly). */
  billingSweepCron?: string;
  /** How many days a failed renewal keeps access (`BILLING_GRACE_DAYS`); 7 by default. */
  billingGraceDays?: number;
  /** Who sells the subscription, printed on receipts (`SELLER_*`); nothing but the site's name by default. */
  seller?: Seller;
  /**
   * Who sells (with `seller`'s receipt details), who hosts and the mediator (`SELLER_*`, `HOST_*`,
   * `MEDIATOR_*`): every email's footer and `GET /api/settings/seller`; none by default.
   */
  legal?: LegalDetails;
  /** Shutdown grace period (ms), applied by main.ts; the app only reports it (`GET /api/settings`). */
  shutdownTimeout?: number;
  /** `required`: superuser powers need a sign-in with a passkey or an authenticator app (SUPERUSER_SECOND_FACTOR). */
  superuserSecondFactor?: SuperuserSecondFactor;
  /** The key two-factor secrets are sealed with, 64 hex digits (TOTP_ENCRYPTION_KEY); unset, `dataDir/totp.key`. */
  totpEncryptionKey?: string;
};

export type App = Hono & {
  /** Plans and payments (the sweep runs on its schedule; tests call it). */
  billing: Billing;
  /** The open database (tests read it). */
  store: Store;
  /** The mail transport and its queue (tests wait for it). */
  mailer: Mailer;
  /** The backups in `dataDir/backups` (and the automatic schedule). */
  backups: Backups;
  /** The request logs (`flush()` writes what is buffered; `close()` flushes and closes the file). */
  logs: RequestLogs;
  /** Sends or leaves queued on disk the pending mail, then checkpoints and closes the database. */
  close: () => Promise<void>;
};

const defaultBodyLimit = 1024 * 1024;

/** Browser features the site never uses, refused to every page and anything it embeds. */
const permissionsPolicy = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "usb",
  "browsing-topics",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The whole server: the PocketBase-compatible API under /api and the prerendered site. */
export function createApp(options: AppOptions): App {
  // Lines for the operator on the console (info lines to `options.log` when given), entries in
  // the logs API beside the requests (mail delivery problems; nothing when logs are off).
  const log = createLogger({ info: options.log, store: (entry) => logs.add(entry) });
  const store = Store.open(options.dataDir, log);
  const schema: unknown = JSON.parse(readFileSync(options.schemaPath ?? schemaFile, "utf8"));
  const collections = Array.isArray(schema) ? schema : [];
  applySchema(store, collections);
  store.warmRowCounts();
  const totpKey = loadTotpKey(options.dataDir, options.totpEncryptionKey);

  const appUrl = options.appUrl ?? "http://localhost:8090";
  const legal: LegalDetails = options.legal ?? {
    ...unconfiguredLegalDetails,
    seller: { ...unconfiguredLegalDetails.seller, ...options.seller },
  };
  setEmailSeller(legal.seller);
  const appName = options.appName ?? siteConfig.name;
  const mailFrom = options.mailFrom ?? `${appName} <no-reply@${new URL(siteConfig.url).hostname}>`;
  const logs = new RequestLogs(options.dataDir, {
    maxDays: options.logsMaxDays,
    maxRows: options.logsMaxRows,
    log,
    reader: store.reader,
  });
  const mailer = createMailer({
    from: mailFrom,
    smtp: options.smtp,
    outboxDir: path.join(options.dataDir, "outbox"),
    queueDir: path.join(options.dataDir, "mail-queue"),
    log,
    retryDelays: options.mailRetryDelays,
  });
  /** Says when some of the sealed two-factor secrets do not open (sealed with another key). */
  const reportUnreadable = ({ unreadable, checked }: { unreadable: number; checked: number }) => {
    if (unreadable > 0) log.error(unreadableSecretsMessage(unreadable, checked));
  };
  // The two-factor secrets of a database still in clear are sealed.
  reportUnreadable(sealStoredSecrets(store.db, totpKey));
  const rules = options.rateLimits === undefined ? defaultRateLimits : options.rateLimits;
  const origins = options.corsOrigins ?? ["*"];
  const ctx: AppContext = {
    store,
    mailer,
    limiter: rules && rules.length > 0 ? new RateLimiter(rules) : null,
    passwordFailures: new FailureLimiter(),
    appName,
    appUrl,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? defaultBodyLimit,
    log,
    sentMarks: new Map(),
    mfaSessions: new MfaSessions(),
    totpKey,
    superuserSecondFactorRequired: options.superuserSecondFactor === "required",
  };

  const billing = createBilling({
    store,
    mailer,
    log,
    appName,
    appUrl,
    stripe: options.stripe,
    graceMs:
      options.billingGraceDays === undefined ? undefined : options.billingGraceDays * 24 * 60 * 60 * 1000,
    instructions: { en: readInstructionsFile("en").markdown, fr: readInstructionsFile("fr").markdown },
    seller: options.seller,
  });
  const billingSweepCron = options.billingSweepCron ?? defaultBillingSweepCron;
  const runSweep = () =>
    billing.sweep().catch((error: Error) => log.error(`Billing sweep failed: ${error.message}`));
  const stopSweep = runOnSchedule(parseCron(billingSweepCron), () => void runSweep());

  const backupsSchedule = options.backupsCron ? parseCron(options.backupsCron) : undefined;
  const backups = new Backups(store, options.dataDir, {
    appName,
    log,
    // A restored database gets the start-up schema and sealing too, as if the server had restarted on it.
    prepareRestore: async (dataDir) => {
      await applySchemaOffThread(dataDir, collections);
      reportUnreadable(sealStoredSecretsIn(path.join(dataDir, "data.db"), totpKey));
    },
  });
  if (backupsSchedule) {
    backups.schedule(backupsSchedule, options.backupsKeep ?? 7);
    const next = nextCronMatch(backupsSchedule, new Date())?.toISOString() ?? "never";
    log.info(
      `Automatic backups at "${options.backupsCron}" (UTC), keeping ${options.backupsKeep ?? 7}; next ${next}`,
    );
  }

  const app = new Hono();

  // On every response; pages add their Content-Security-Policy (site/csp.ts). Set before the
  // handler, they are part of the response it builds (see api/cors.ts for why nothing changes a
  // response afterwards). PocketBase's deprecated X-XSS-Protection is left out: it can only add
  // leaks in old browsers, and the CSP does its job.
  const https = appUrl.startsWith("https:");
  app.use(async (c, next) => {
    c.header("X-Content-Type-Options", "nosniff");
    c.header("X-Frame-Options", "SAMEORIGIN");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    // A policy for documents (what they and their frames may use): API answers carry none, which
    // keeps every JSON answer 190 bytes lighter.
    if (!c.req.path.startsWith("/api/")) c.header("Permissions-Policy", permissionsPolicy);
    if (https || (options.trustProxy && c.req.header("x-forwarded-proto") === "https")) {
      c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    await next();
  });

  // The API's route table. What every request meets first is here; each route binds the rest in its
  // file's table (from api/middlewares.ts): the rate limit, the body limit and the guards it needs.
  const api = new Hono<ApiEnv>();
  api.use(requestLogger(logs, ctx));
  api.use(compressJson);
  api.use(corsHeaders(origins));
  api.use(loadAuthToken(ctx));
  api.route("/", healthApi(backups));
  api.route("/", recordAuth);
  api.route("/", recordVerification);
  api.route("/", recordPasswordReset);
  api.route("/", recordEmailChange);
  api.route("/", passkeysApi());
  // Wrong codes lock the same way whichever route checks them.
  const secondFactorBackoff = new FailureBackoff();
  api.route("/", totpApi(secondFactorBackoff));
  api.route("/", confirmIdentityApi(secondFactorBackoff));
  api.route("/", recordCrud);
  api.route("/", collectionsImport);
  api.route("/", collectionsRead);
  api.route("/", fileToken);
  api.route("/", backupsApi(backups, options.backupUploadLimit));
  api.route("/", logsApi(logs));
  api.route("/", billingApi(billing));
  api.route(
    "/",
    cronsApi(() => [
      { id: "billingSweep", expression: billingSweepCron, run: runSweep },
      ...(options.backupsCron
        ? [
            {
              id: "__pbAutoBackup__",
              expression: options.backupsCron,
              run: () =>
                backups
                  .runAutomatic(options.backupsKeep ?? 7)
                  .catch((error: Error) => log.error(`Scheduled backup failed: ${error.message}`)),
            },
          ]
        : []),
    ]),
  );
  api.route("/", accountApi(billing));
  api.route(
    "/",
    settingsApi(
      publicSettings({
        appName,
        appUrl,
        mailFrom,
        smtp: options.smtp,
        backupsCron: options.backupsCron,
        backupsKeep: options.backupsKeep ?? 7,
        logsMaxDays: logs.maxDays,
        rateLimits: rules,
        trustProxy: options.trustProxy ?? false,
        bodyLimit: options.bodyLimit ?? defaultBodyLimit,
        corsOrigins: origins,
        shutdownTimeout: options.shutdownTimeout ?? 10_000,
      }),
    ),
  );
  api.route("/", sellerSettingsApi(legal));
  api.all("*", rateLimit, limitBody, () => {
    throw new ApiError(404);
  });
  app.route("/api", api);

  if (options.siteDir) app.on(["GET", "HEAD", "POST"], "*", serveSite(options.siteDir, log));

  app.onError((error, c) => {
    const apiError = error instanceof ApiError ? error : (log.error(inspect(error)), new ApiError(500));
    // A body over the limit is read no further than `limitBody` drops: the connection cannot carry
    // another request, and says so rather than closing under a client that would send one.
    if (apiError.status === 413) c.header("Connection", "close");
    return c.json(apiError.toJSON(), apiError.status as 400);
  });

  return Object.assign(app, {
    store,
    mailer,
    logs,
    backups,
    billing,
    close: async () => {
      stopSweep();
      await backups.close();
      await mailer.close();
      logs.close();
      store.close();
    },
  });
}
