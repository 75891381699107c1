import { existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRoot } from "../testing/fixtures.ts";
import { pollUntil } from "../testing/poll.ts";
import { closedPort, smtpPass, smtpUser, startSmtp } from "../testing/smtp.ts";
import { createLogger, type LogEntry } from "../tools/log.ts";
import { createMailer, type MailerOptions } from "./mailer.ts";

// The mailer's app log entries on their own (the server wires it to `_logs`, see smtp.test.ts): what
// it is told, and that a logger that fails never stops a delivery.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const message = {
  to: "logged@example.com",
  subject: "Verify your Lumen email",
  text: "Open https://lumen.test/verify-email?token=secret-token-123",
  html: '<a href="https://lumen.test/verify-email?token=secret-token-123">Verify</a>',
  link: "https://lumen.test/verify-email?token=secret-token-123",
};

function mailerOn(port: number, extra: Partial<MailerOptions>) {
  const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-mailer-log-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const mailer = createMailer({
    from: "Lumen <no-reply@lumen.test>",
    smtp: {
      host: "127.0.0.1",
      port,
      secure: false,
      user: smtpUser,
      pass: smtpPass,
      tlsRejectUnauthorized: false,
    },
    outboxDir: path.join(dataDir, "outbox"),
    queueDir: path.join(dataDir, "mail-queue"),
    log: createLogger({ info: () => {} }),
    ...extra,
  });
  cleanups.unshift(() => mailer.close());
  return { mailer, dataDir };
}

const firstEntry = (entries: LogEntry[]) =>
  pollUntil(
    () => entries.length,
    (count) => count >= 1,
    () => "no log entry",
  );

describe("mailer app log", () => {
  it("delivers even when the logger throws, and never logs the body, the link or the token", async () => {
    const port = await closedPort();
    const entries: LogEntry[] = [];
    const { mailer } = mailerOn(port, {
      retryDelays: [100],
      log: createLogger({
        info: () => {},
        store: (entry) => {
          entries.push(entry);
          if (entries.length === 1) throw new Error("log store gone");
        },
      }),
    });
    mailer.queue(message);
    await firstEntry(entries);
    const smtp = await startSmtp({ port });
    cleanups.push(() => smtp.close());
    await smtp.waitFor(1);
    await mailer.idle();

    const sent = entries.at(-1)!;
    expect(sent).toMatchObject({
      level: 0,
      message: "Sent mail after a failed attempt",
      data: { type: "mail", to: message.to, subject: message.subject },
    });
    const warnings = entries.slice(0, -1);
    expect(warnings.map((entry) => entry.data.attempt)).toEqual(
      Array.from({ length: Number(sent.data.attempts) - 1 }, (_, i) => i + 1),
    );
    for (const entry of warnings) expect(entry).toMatchObject({ level: 4, data: { retryIn: 100 } });
    expect(JSON.stringify(entries)).not.toMatch(/token|https?:|Verify</);
  });

  it("logs a mail left queued at close once, with its file", async () => {
    const entries: LogEntry[] = [];
    const { mailer, dataDir } = mailerOn(await closedPort(), {
      retryDelays: [60_000],
      log: createLogger({ info: () => {}, store: (entry) => entries.push(entry) }),
    });
    mailer.queue(message);
    await firstEntry(entries);
    await mailer.close();
    const left = entries.filter((entry) => entry.message === "Mail left queued for the next start");
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      level: 4,
      data: { type: "mail", to: message.to, subject: message.subject },
    });
    expect(path.dirname(String(left[0]!.data.file))).toBe(path.join(dataDir, "mail-queue"));
    expect(existsSync(String(left[0]!.data.file))).toBe(true);
  });
});
