import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { randomString } from "../core/random.ts";
import type { Logger, LogLevel } from "../tools/log.ts";

export type SmtpOptions = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  /** Refuse a server certificate that does not verify (default true; `false` for tests only). */
  tlsRejectUnauthorized?: boolean;
};

export type MailerOptions = {
  /** Sender, e.g. `Lumen <no-reply@lumen.example>`. */
  from: string;
  /** SMTP server; without it every message goes to `outboxDir`. */
  smtp?: SmtpOptions;
  outboxDir: string;
  /** Where queued SMTP messages wait on disk until sent (`DATA_DIR/mail-queue`). */
  queueDir: string;
  /**
   * Lines for the operator (a mail written to the outbox, with its link; delivery problems on
   * stderr) and entries in the app's logs: a failed attempt that will be retried, a mail refused
   * for good, a mail sent after a failure, a mail left queued at shutdown. Those entries have
   * `data.type` `"mail"` and carry the recipient and the subject, never the body, the link or its
   * token.
   */
  log: Logger;
  /**
   * Waits before each retry of a queued message that failed (ms); the last one repeats until the
   * message is sent. Default 1 s, 5 s, 30 s, 2 min, then every 10 min.
   */
  retryDelays?: number[];
};

export type Message = { to: string; subject: string; text: string; html: string; link: string };

/** A queued message as saved in the queue folder: its headers are fixed once, so a retry is the same mail. */
type QueuedMail = { message: Message; messageId: string; date: string; queuedAt: string };

export type Mailer = {
  /** "outbox" writes `.eml` files; "smtp" hands the message to the server. */
  mode: "smtp" | "outbox";
  /** Sends now; rejects when the transport fails. */
  send(message: Message): Promise<void>;
  /**
   * Sends after the caller answered, so the answer's timing never depends on the mail. Over SMTP the
   * message is first saved to the queue folder and stays there until the server accepts it: a
   * failure is logged and retried with backoff, also after a restart. A message the SMTP server
   * refuses for good (5xx on the envelope or the content) is moved to the outbox instead. `onFailed`
   * runs at the first failure.
   */
  queue(message: Message, onFailed?: () => void): void;
  /** Resolves once every queued message was sent or moved to the outbox. */
  idle(): Promise<void>;
  /**
   * Stops retrying, gives a send under way a few seconds, closes the transport. What is not sent
   * stays in the queue folder for the next start (without SMTP: is written to the outbox first).
   */
  close(): Promise<void>;
};

/** A message being delivered: its file in the queue folder once saved; whether it was logged as left queued. */
type Job = { mail: QueuedMail; file?: string; leftQueued?: boolean };

const defaultRetryDelays = [1000, 5000, 30_000, 120_000, 600_000];
// How long close() waits for a send already under way.
const closeTimeoutMs = 5000;

/** A refusal that a retry would not change: the recipient or the content was rejected (5xx). */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (code !== "EENVELOPE" && code !== "EMESSAGE") return false;
  return responseCode === undefined || responseCode >= 500;
}

/** An error's message without the mail's link or its token, should a server echo them back. */
function redact(reason: string, message: Message): string {
  let safe = reason;
  if (message.link) safe = safe.split(message.link).join("*****");
  const token = /[?&]token=([^&#\s]+)/.exec(message.link)?.[1];
  if (token) safe = safe.split(token).join("*****");
  return safe;
}

/** Nodemailer over SMTP when configured; otherwise each message is written to the outbox as a `.eml` file. */
export function createMailer(options: MailerOptions): Mailer {
  const retryDelays = options.retryDelays?.length ? options.retryDelays : defaultRetryDelays;
  const { log } = options;
  /** One app log entry about `mail`. */
  const record = (level: LogLevel, text: string, mail: QueuedMail, extra: Record<string, unknown>) => {
    const { to, subject } = mail.message;
    log.record(level, text, { type: "mail", to, subject, ...extra });
  };
  /** Logged once per message, whether close() gave up on it or its loop stopped. */
  const leftQueued = (job: Job) => {
    if (!job.file || job.leftQueued) return;
    job.leftQueued = true;
    record("warn", "Mail left queued for the next start", job.mail, { file: job.file });
  };
  const domain = /@([^\s>]+)/.exec(options.from)?.[1] ?? "localhost";
  // streamTransport builds the complete MIME message without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const fresh = (message: Message): QueuedMail => ({
    message,
    messageId: `<${randomString(24)}@${domain}>`,
    date: new Date().toISOString(),
    queuedAt: new Date().toISOString(),
  });
  const envelope = ({ message, messageId, date }: QueuedMail) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId,
    date: new Date(date),
  });

  async function writeOutbox(mail: QueuedMail) {
    const info = await builder.sendMail(envelope(mail));
    mkdirSync(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomString(6)}.eml`;
    const file = path.join(options.outboxDir, name);
    // Written aside and renamed, so a reader never sees half a message.
    writeFileSync(`${file}.tmp`, info.message as Buffer);
    renameSync(`${file}.tmp`, file);
    log.info(`Mail to ${mail.message.to} written to ${file}: ${mail.message.link}`);
    return file;
  }

  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  if (options.smtp) {
    const { host, port, secure, user, pass, tlsRejectUnauthorized } = options.smtp;
    transport = nodemailer.createTransport({
      host,
      port,
      secure,
      ...(user ? { auth: { user, pass: pass ?? "" } } : {}),
      tls: { rejectUnauthorized: tlsRejectUnauthorized ?? true },
      // A server that accepts the connection and then hangs must not hold a message for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }
  const smtp = transport;
  const transmit = smtp
    ? async (mail: QueuedMail) => {
        await smtp.sendMail(envelope(mail));
      }
    : async (mail: QueuedMail) => {
        await writeOutbox(mail);
      };

  // ------------------------------------------------------------ the queue folder (SMTP only)

  function saveQueued(mail: QueuedMail): string {
    mkdirSync(options.queueDir, { recursive: true });
    const name = `${mail.queuedAt.replace(/[:.]/g, "-")}-${randomString(6)}.json`;
    const file = path.join(options.queueDir, name);
    writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    renameSync(`${file}.tmp`, file);
    return file;
  }

  /** The messages a previous run left in the queue folder, oldest first. */
  function loadQueued(): { file: string; mail: QueuedMail }[] {
    if (!existsSync(options.queueDir)) return [];
    const found: { file: string; mail: QueuedMail }[] = [];
    for (const name of readdirSync(options.queueDir).sort()) {
      const file = path.join(options.queueDir, name);
      if (name.endsWith(".tmp")) {
        rmSync(file, { force: true }); // a write cut short: its message was never queued
        continue;
      }
      if (!name.endsWith(".json")) continue;
      try {
        found.push({ file, mail: JSON.parse(readFileSync(file, "utf8")) as QueuedMail });
      } catch (error) {
        log.error(`Skipping the unreadable queued mail ${file}: ${(error as Error).message}`);
      }
    }
    return found;
  }

  // ------------------------------------------------------------ delivery

  /** Each send under way, with its file in the queue folder once saved. */
  const pending = new Map<Promise<void>, Job>();
  const sleepers = new Set<() => void>();
  let closing = false;

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });
  }

  async function deliver(job: Job, onFailed?: () => void) {
    const { mail, file } = job;
    const what = `the mail "${mail.message.subject}" to ${mail.message.to}`;
    for (let attempt = 0; ; attempt++) {
      if (closing && attempt > 0) {
        if (file) {
          log.error(`Leaving ${what} queued in ${file} for the next start`);
          leftQueued(job);
        } else await saveAtClose(mail, what);
        return;
      }
      try {
        await transmit(mail);
        if (file) rmSync(file, { force: true });
        if (attempt > 0) {
          record("info", "Sent mail after a failed attempt", mail, { attempts: attempt + 1 });
        }
        return;
      } catch (error) {
        if (attempt === 0) onFailed?.();
        const reason = (error as Error).message;
        if (smtp && isPermanent(error)) {
          log.error(`The SMTP server refused ${what} (${reason}); moving it to the outbox`);
          try {
            const outbox = await writeOutbox(mail);
            if (file) rmSync(file, { force: true });
            log.error(`Saved ${what} to ${outbox}`);
            record("error", "The SMTP server refused the mail; it was moved to the outbox", mail, {
              error: redact(reason, mail.message),
              outbox,
            });
          } catch (saveError) {
            log.error(`Could not move ${what} to the outbox: ${(saveError as Error).message}`);
          }
          return;
        }
        if (closing) continue; // leaves it queued (above)
        const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)]!;
        log.error(`Sending ${what} failed (${reason}); retrying in ${delay} ms`);
        record("warn", "Failed to send mail; it stays queued and will be retried", mail, {
          error: redact(reason, mail.message),
          attempt: attempt + 1,
          retryIn: delay,
        });
        await sleep(delay);
      }
    }
  }

  /** Without SMTP there is no queue folder: an outbox write that failed gets one last try at shutdown. */
  async function saveAtClose(mail: QueuedMail, what: string) {
    try {
      log.error(`Saved ${what}, still queued at shutdown, to ${await writeOutbox(mail)}`);
    } catch (error) {
      log.error(`Lost ${what} at shutdown: ${(error as Error).message}`);
    }
  }

  function start(run: (job: Job) => Promise<void>, job: Job) {
    const promise = run(job);
    pending.set(promise, job);
    void promise.finally(() => pending.delete(promise));
  }

  // Messages left by the previous run go out first (in whichever mode the server now runs).
  const leftover = loadQueued();
  if (leftover.length > 0) {
    log.error(
      `Sending ${leftover.length} mail(s) left in ${options.queueDir} by the previous run` +
        (smtp ? "" : " to the outbox (no SMTP_HOST)"),
    );
    for (const { file, mail } of leftover) {
      start(
        async (job) => {
          await new Promise((resolve) => setImmediate(resolve));
          await deliver(job);
        },
        { mail, file },
      );
    }
  }

  return {
    mode: smtp ? "smtp" : "outbox",
    send: (message) => transmit(fresh(message)),
    queue(message, onFailed) {
      start(
        async (job) => {
          // After the current request's answer has been written.
          await new Promise((resolve) => setImmediate(resolve));
          if (smtp) {
            try {
              job.file = saveQueued(job.mail);
            } catch (error) {
              // Still worth a try: only a crash before it is sent would lose it now.
              log.error(`Could not save a queued mail to ${options.queueDir}: ${(error as Error).message}`);
            }
          }
          await deliver(job, onFailed);
        },
        { mail: fresh(message) },
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending.keys()]);
    },
    async close() {
      closing = true;
      for (const wake of [...sleepers]) wake();
      await Promise.race([
        this.idle(),
        new Promise((resolve) => setTimeout(resolve, closeTimeoutMs).unref()),
      ]);
      // A send still hanging: its message is in the queue folder already, for the next start.
      if (pending.size > 0) {
        log.error(`${pending.size} mail(s) still being sent at shutdown stay in ${options.queueDir}`);
        for (const job of pending.values()) leftQueued(job);
      }
      smtp?.close();
    },
  };
}
