import type { Logger } from "../tools/log.ts";
import { Deliveries, type Job } from "./delivery.ts";
import { mailOptions, type Message, type QueuedMail, queuedMail } from "./message.ts";
import { writeOutbox } from "./outbox.ts";
import { loadQueued, saveQueued } from "./queue-folder.ts";
import { type SmtpOptions, smtpTransport } from "./transport.ts";

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

export type Mailer = {
  /** "outbox" writes `.eml` files; "smtp" hands the message to the server. */
  mode: "smtp" | "outbox";
  /** Sends now (once rendered); rejects when the transport fails. */
  send(message: Message | Promise<Message>): Promise<void>;
  /**
   * Sends after the caller answered, so the answer's timing never depends on the mail. Over SMTP the
   * message is first saved to the queue folder and stays there until the server accepts it: a
   * failure is logged and retried with backoff, also after a restart. A message the SMTP server
   * refuses for good (5xx on the envelope or the content) is moved to the outbox instead. `onFailed`
   * runs at the first failure, or when the message could not be rendered (logged, never sent).
   */
  queue(message: Message | Promise<Message>, onFailed?: () => void): void;
  /** Resolves once every queued message was sent or moved to the outbox. */
  idle(): Promise<void>;
  /**
   * Stops retrying, gives a send under way a few seconds, closes the transport. What is not sent
   * stays in the queue folder for the next start (without SMTP: is written to the outbox first).
   */
  close(): Promise<void>;
};

const defaultRetryDelays = [1000, 5000, 30_000, 120_000, 600_000];

/**
 * Nodemailer over SMTP when configured (transport.ts), each message saved to the queue folder
 * (queue-folder.ts) and retried until sent (delivery.ts); otherwise each message is written to the
 * outbox as a `.eml` file (outbox.ts).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { from, log } = options;
  const smtp = options.smtp ? smtpTransport(options.smtp) : undefined;
  const outbox = (mail: QueuedMail) => writeOutbox(options.outboxDir, from, mail, log);
  const transmit = smtp
    ? async (mail: QueuedMail) => {
        await smtp.sendMail(mailOptions(from, mail));
      }
    : async (mail: QueuedMail) => {
        await outbox(mail);
      };
  const deliveries = new Deliveries({
    transmit,
    smtp: Boolean(smtp),
    writeOutbox: outbox,
    retryDelays: options.retryDelays?.length ? options.retryDelays : defaultRetryDelays,
    queueDir: options.queueDir,
    log,
  });

  // Messages left by the previous run go out first (in whichever mode the server now runs).
  const leftover = loadQueued(options.queueDir, log);
  if (leftover.length > 0) {
    log.error(
      `Sending ${leftover.length} mail(s) left in ${options.queueDir} by the previous run` +
        (smtp ? "" : " to the outbox (no SMTP_HOST)"),
    );
    for (const { file, mail } of leftover) deliveries.start({ mail, file });
  }

  /** Over SMTP, a message is on disk before its first try. */
  const saveFirst = (job: Job) => {
    try {
      job.file = saveQueued(options.queueDir, job.mail);
    } catch (error) {
      // Still worth a try: only a crash before it is sent would lose it now.
      log.error(`Could not save a queued mail to ${options.queueDir}: ${(error as Error).message}`);
    }
  };

  /** Messages still being rendered (mail/layout.ts): waited for before idle() and close(). */
  const rendering = new Set<Promise<void>>();
  const rendered = async () => {
    while (rendering.size > 0) await Promise.allSettled([...rendering]);
  };

  return {
    mode: smtp ? "smtp" : "outbox",
    send: async (message) => transmit(queuedMail(await message, from)),
    queue(message, onFailed) {
      const task = Promise.resolve(message).then(
        (ready) =>
          deliveries.start(
            { mail: queuedMail(ready, from) },
            { prepare: smtp ? saveFirst : undefined, onFailed },
          ),
        (error: Error) => {
          log.error(`Could not render a mail: ${error.stack ?? error.message}`);
          onFailed?.();
        },
      );
      rendering.add(task);
      void task.finally(() => rendering.delete(task));
    },
    async idle() {
      await rendered();
      await deliveries.idle();
    },
    async close() {
      await rendered();
      await deliveries.close();
      smtp?.close();
    },
  };
}
