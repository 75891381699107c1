import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { randomString } from "../core/random.ts";
import type { Logger } from "../tools/log.ts";
import { mailOptions, type QueuedMail } from "./message.ts";

// streamTransport builds the complete MIME message without sending it.
const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/**
 * Writes `mail` from `from` into the outbox folder `dir` as a complete `.eml` file, and says so
 * with its link on `log` (the way to read account mail without SMTP). Returns the file's path.
 */
export async function writeOutbox(dir: string, from: string, mail: QueuedMail, log: Logger): Promise<string> {
  const info = await builder.sendMail(mailOptions(from, mail));
  mkdirSync(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomString(6)}.eml`;
  const file = path.join(dir, name);
  // Written aside and renamed, so a reader never sees half a message.
  writeFileSync(`${file}.tmp`, info.message as Buffer);
  renameSync(`${file}.tmp`, file);
  log.info(`Mail to ${mail.message.to} written to ${file}: ${mail.message.link}`);
  return file;
}
