import type { SendMailOptions } from "nodemailer";
import { randomString } from "../core/random.ts";

/** One account email, rendered (mail/templates.ts). */
export type Message = { to: string; subject: string; text: string; html: string; link: string };

/** A message with its headers fixed once, as the queue folder saves it: a retry is the same mail. */
export type QueuedMail = { message: Message; messageId: string; date: string; queuedAt: string };

/** `message` with a Message-ID in the sender's domain and its date, fixed now. */
export function queuedMail(message: Message, from: string): QueuedMail {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? "localhost";
  return {
    message,
    messageId: `<${randomString(24)}@${domain}>`,
    date: new Date().toISOString(),
    queuedAt: new Date().toISOString(),
  };
}

/** The mail as nodemailer sends or builds it. */
export function mailOptions(from: string, { message, messageId, date }: QueuedMail): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId,
    date: new Date(date),
  };
}

/** An error's message without the mail's link or its token, should a server echo them back. */
export function redact(reason: string, message: Message): string {
  let safe = reason;
  if (message.link) safe = safe.split(message.link).join("*****");
  const token = /[?&]token=([^&#\s]+)/.exec(message.link)?.[1];
  if (token) safe = safe.split(token).join("*****");
  return safe;
}
