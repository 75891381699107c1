import { mkdirSync, writeFileSync } from "node:fs";
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
};

export type Message = { to: string; subject: string; text: string; html: string; link: string };

export type Mailer = {
  /** "outbox" writes `.eml` files (resolved once written); "smtp" hands the message to the server. */
  mode: "smtp" | "outbox";
  send(message: Message): Promise<void>;
  close(): void;
};

/** Nodemailer over SMTP when configured; otherwise each message is written to the outbox as a `.eml` file. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtp) {
    const { host, port, secure, user, pass } = options.smtp;
    const transport = nodemailer.createTransport({
      host,
      port,
      secure,
      ...(user ? { auth: { user, pass: pass ?? "" } } : {}),
    });
    return {
      mode: "smtp",
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: () => transport.close(),
    };
  }
  // streamTransport builds the complete MIME message without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(message) {
      const info = await builder.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      mkdirSync(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomString(6)}.eml`;
      writeFileSync(path.join(options.outboxDir, name), info.message as Buffer);
      options.log(`Mail to ${message.to} written to ${path.join(options.outboxDir, name)}: ${message.link}`);
    },
    close() {},
  };
}
