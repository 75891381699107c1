import type { Logger, LogLevel } from "../tools/log.ts";
import { type QueuedMail, redact } from "./message.ts";
import { removeQueued } from "./queue-folder.ts";
import { isPermanent } from "./transport.ts";

// The retry loop: each message is tried until it is sent, waiting longer after each failure; a
// message the SMTP server refuses for good goes to the outbox; at shutdown what is not sent stays
// in the queue folder (without SMTP, where there is none: written to the outbox once more).

/** A message being delivered: its file in the queue folder once saved; whether it was logged as left queued. */
export type Job = { mail: QueuedMail; file?: string; leftQueued?: boolean };

export type DeliveryOptions = {
  /** Hands a message to the transport (the SMTP server, or the outbox without one). */
  transmit: (mail: QueuedMail) => Promise<void>;
  /** Whether `transmit` is SMTP: a permanent refusal then moves the message to the outbox. */
  smtp: boolean;
  /** Writes a message to the outbox folder; returns the file. */
  writeOutbox: (mail: QueuedMail) => Promise<string>;
  /** Waits before each retry (ms); the last one repeats. */
  retryDelays: number[];
  /** Named in the lines about messages left queued. */
  queueDir: string;
  log: Logger;
};

// How long close() waits for a send already under way.
const closeTimeoutMs = 5000;

/** The messages under way, each in its own retry loop. */
export class Deliveries {
  /** Each send under way, with its file in the queue folder once saved. */
  private readonly pending = new Map<Promise<void>, Job>();
  private readonly sleepers = new Set<() => void>();
  private closing = false;

  private readonly options: DeliveryOptions;

  constructor(options: DeliveryOptions) {
    this.options = options;
  }

  /**
   * Delivers `job` from the next turn of the event loop (after the answer being written), once
   * `prepare` ran (saving it to the queue folder). `onFailed` runs at its first failure.
   */
  start(job: Job, { prepare, onFailed }: { prepare?: (job: Job) => void; onFailed?: () => void } = {}) {
    const promise = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      prepare?.(job);
      await this.deliver(job, onFailed);
    })();
    this.pending.set(promise, job);
    void promise.finally(() => this.pending.delete(promise));
  }

  /** Resolves once every message was sent or moved to the outbox. */
  async idle() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.keys()]);
  }

  /** Stops retrying and gives a send under way a few seconds; what is not sent stays queued. */
  async close() {
    this.closing = true;
    for (const wake of [...this.sleepers]) wake();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, closeTimeoutMs).unref())]);
    // A send still hanging: its message is in the queue folder already, for the next start.
    if (this.pending.size > 0) {
      this.options.log.error(
        `${this.pending.size} mail(s) still being sent at shutdown stay in ${this.options.queueDir}`,
      );
      for (const job of this.pending.values()) this.leftQueued(job);
    }
  }

  /** One app log entry about `mail`. */
  private record(level: LogLevel, text: string, mail: QueuedMail, extra: Record<string, unknown>) {
    const { to, subject } = mail.message;
    this.options.log.record(level, text, { type: "mail", to, subject, ...extra });
  }

  /** Logged once per message, whether close() gave up on it or its loop stopped. */
  private leftQueued(job: Job) {
    if (!job.file || job.leftQueued) return;
    job.leftQueued = true;
    this.record("warn", "Mail left queued for the next start", job.mail, { file: job.file });
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.sleepers.add(wake);
    });
  }

  private async deliver(job: Job, onFailed?: () => void) {
    const { transmit, smtp, writeOutbox, retryDelays, log } = this.options;
    const { mail, file } = job;
    const what = `the mail "${mail.message.subject}" to ${mail.message.to}`;
    for (let attempt = 0; ; attempt++) {
      if (this.closing && attempt > 0) {
        if (file) {
          log.error(`Leaving ${what} queued in ${file} for the next start`);
          this.leftQueued(job);
        } else await this.saveAtClose(mail, what);
        return;
      }
      try {
        await transmit(mail);
        if (file) removeQueued(file);
        if (attempt > 0) {
          this.record("info", "Sent mail after a failed attempt", mail, { attempts: attempt + 1 });
        }
        return;
      } catch (error) {
        if (attempt === 0) onFailed?.();
        const reason = (error as Error).message;
        if (smtp && isPermanent(error)) {
          log.error(`The SMTP server refused ${what} (${reason}); moving it to the outbox`);
          try {
            const outbox = await writeOutbox(mail);
            if (file) removeQueued(file);
            log.error(`Saved ${what} to ${outbox}`);
            this.record("error", "The SMTP server refused the mail; it was moved to the outbox", mail, {
              error: redact(reason, mail.message),
              outbox,
            });
          } catch (saveError) {
            log.error(`Could not move ${what} to the outbox: ${(saveError as Error).message}`);
          }
          return;
        }
        if (this.closing) continue; // leaves it queued (above)
        const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)]!;
        log.error(`Sending ${what} failed (${reason}); retrying in ${delay} ms`);
        this.record("warn", "Failed to send mail; it stays queued and will be retried", mail, {
          error: redact(reason, mail.message),
          attempt: attempt + 1,
          retryIn: delay,
        });
        await this.sleep(delay);
      }
    }
  }

  /** Without SMTP there is no queue folder: an outbox write that failed gets one last try at shutdown. */
  private async saveAtClose(mail: QueuedMail, what: string) {
    const { writeOutbox, log } = this.options;
    try {
      log.error(`Saved ${what}, still queued at shutdown, to ${await writeOutbox(mail)}`);
    } catch (error) {
      log.error(`Lost ${what} at shutdown: ${(error as Error).message}`);
    }
  }
}
