import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { randomString } from "../core/random.ts";

export type SmtpOptions = { host: string; port: number; secure: boolean; user?: string; pass?: string };

export type MailerOptions = {
  /** Sender, e.g. `Lumen <no-reply@lumen.example>`. */
  from: string;
  /** SMTP server; without it every message goes to `outboxDir`. */
  smtp?: SmtpOptions;
  outboxDir: string;
  log: (line: string) => void;
  /** Waits before each retry of a queued message that failed (ms); default 1 s, 5 s, 30 s. */
  retryDelays?: number[];
};

export type Message = { to: string; subject: string; text: string; html: string; link: string };

export type Mailer = {
  /** "outbox" writes `.eml` files; "smtp" hands the message to the server. */
  mode: "smtp" | "outbox";
  /** Sends now; rejects when the transport fails. */
  send(message: Message): Promise<void>;
  /**
   * Sends after the caller answered, so the answer's timing never depends on the mail. A failure is
   * logged and retried; once the retries are spent the message is written to the outbox instead
   * (over SMTP) and `onFailed` runs.
   */
  queue(message: Message, onFailed?: () => void): void;
  /** Resolves once every queued message was sent or saved. */
  idle(): Promise<void>;
  /** Stops waiting between retries, saves what is still queued to the outbox, closes the transport. */
  close(): Promise<void>;
};

const defaultRetryDelays = [1000, 5000, 30_000];
// How long close() waits for a send already under way before saving to the outbox regardless.
const closeTimeoutMs = 5000;

/** Nodemailer over SMTP when configured; otherwise each message is written to the outbox as a `.eml` file. */
export function createMailer(options: MailerOptions): Mailer {
  const retryDelays = options.retryDelays ?? defaultRetryDelays;
  // streamTransport builds the complete MIME message without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const envelope = (message: Message) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });

  async function writeOutbox(message: Message) {
    const info = await builder.sendMail(envelope(message));
    mkdirSync(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomString(6)}.eml`;
    const file = path.join(options.outboxDir, name);
    // Written aside and renamed, so a reader never sees half a message.
    writeFileSync(`${file}.tmp`, info.message as Buffer);
    renameSync(`${file}.tmp`, file);
    options.log(`Mail to ${message.to} written to ${file}: ${message.link}`);
    return file;
  }

  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  if (options.smtp) {
    const { host, port, secure, user, pass } = options.smtp;
    transport = nodemailer.createTransport({
      host,
      port,
      secure,
      ...(user ? { auth: { user, pass: pass ?? "" } } : {}),
    });
  }
  const smtp = transport;
  const send = smtp
    ? async (message: Message) => {
        await smtp.sendMail(envelope(message));
      }
    : async (message: Message) => {
        await writeOutbox(message);
      };

  const pending = new Map<Promise<void>, Message>();
  const sleepers = new Set<() => void>();
  // Saved by close() while their send still hung: a late failure must not save them twice.
  const savedAtClose = new WeakSet<Message>();
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

  async function deliver(message: Message, onFailed?: () => void) {
    // After the current request's answer has been written.
    await new Promise((resolve) => setImmediate(resolve));
    const what = `the mail "${message.subject}" to ${message.to}`;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retryDelays.length && !(closing && attempt > 0); attempt++) {
      try {
        await send(message);
        return;
      } catch (error) {
        lastError = error;
        if (attempt < retryDelays.length && !closing) {
          console.error(
            `Sending ${what} failed (${(error as Error).message}); retrying in ${retryDelays[attempt]} ms`,
          );
          await sleep(retryDelays[attempt]!);
        }
      }
    }
    if (savedAtClose.has(message)) return;
    console.error(`Giving up sending ${what}: ${(lastError as Error).message}`);
    onFailed?.();
    if (!smtp) return;
    try {
      console.error(`Saved ${what} to ${await writeOutbox(message)} instead`);
    } catch (error) {
      console.error(`Lost ${what}: the outbox failed too (${(error as Error).message})`);
    }
  }

  return {
    mode: smtp ? "smtp" : "outbox",
    send,
    queue(message, onFailed) {
      const job = deliver(message, onFailed);
      pending.set(job, message);
      void job.finally(() => pending.delete(job));
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
      // A send still hanging: keep a copy rather than lose it with the process.
      for (const message of pending.values()) {
        savedAtClose.add(message);
        const what = `the mail "${message.subject}" to ${message.to}`;
        await writeOutbox(message).then(
          (file) => console.error(`Saved ${what}, still being sent at shutdown, to ${file}`),
          (error: unknown) => console.error(`Lost ${what} at shutdown: ${(error as Error).message}`),
        );
      }
      smtp?.close();
    },
  };
}
