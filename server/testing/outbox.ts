import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pollUntil } from "./poll.ts";

/** One message of DATA_DIR/outbox, decoded enough for tests. */
export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  token: string;
};

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const raw = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "=" && /^[0-9A-F]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(raw[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/\s*=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index === -1 ? part : part.slice(0, index);
  const body = index === -1 ? "" : part.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** A raw RFC 5322 message (as written to the outbox or received over SMTP), decoded enough for tests. */
export function parseMail(raw: string): Omit<OutboxMail, "file"> & { headers: Record<string, string> } {
  const { headers, body } = splitHeaders(raw);
  let text = "";
  let html = "";
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const section = splitHeaders(part.replace(/^\r?\n/, ""));
    const type = section.headers["content-type"] ?? "";
    if (type.startsWith("text/plain")) text = decodeBody(section.headers, section.body);
    if (type.startsWith("text/html")) html = decodeBody(section.headers, section.body);
  }
  const link = /https?:\/\/\S+\?token=[\w.%-]+/.exec(text)?.[0] ?? "";
  const token = decodeURIComponent(/token=([\w.%-]+)/.exec(link)?.[1] ?? "");
  return {
    headers,
    to: decodeHeader(headers.to ?? ""),
    subject: decodeHeader(headers.subject ?? ""),
    text,
    html,
    link,
    token,
  };
}

/** The messages in `dataDir/outbox`, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const { headers: _headers, ...mail } = parseMail(readFileSync(path.join(dir, name), "utf8"));
      return { file: name, ...mail };
    });
}

/**
 * The outbox once it holds at least `count` messages: mail leaves after the answer, so a test polls
 * for it (every 10 ms, up to `timeoutMs`, then fails naming what it found).
 */
export async function waitForOutbox(dataDir: string, count = 1, timeoutMs = 5000): Promise<OutboxMail[]> {
  return pollUntil(
    () => readOutbox(dataDir),
    (mails) => mails.length >= count,
    (mails) => `expected ${count} mail(s) in the outbox, found ${mails.length}`,
    { timeoutMs },
  );
}

/** The mails of the outbox sent to `email`. */
export function mailsTo(dataDir: string, email: string): OutboxMail[] {
  return readOutbox(dataDir).filter((mail) => mail.to.includes(email));
}

/** Waits for a mail to `email` whose subject matches (mail leaves after the answer); returns it. */
export async function mailArrives(dataDir: string, email: string, subject: RegExp): Promise<OutboxMail> {
  const mails = await pollUntil(
    () => mailsTo(dataDir, email),
    (found) => found.some((mail) => subject.test(mail.subject)),
    (found) => `no mail to ${email} matching ${subject}: ${JSON.stringify(found.map((m) => m.subject))}`,
  );
  return mails.find((mail) => subject.test(mail.subject))!;
}
