import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import PocketBase, { type LogModel } from "pocketbase";
import { afterEach, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { fixtureRoot } from "../testing/fixtures.ts";
import { readOutbox } from "../testing/outbox.ts";
import { pollUntil } from "../testing/poll.ts";
import { closedPort, smtpPass, smtpUser, startSmtp } from "../testing/smtp.ts";
import { spawnServer } from "../testing/start-server.ts";

// The real server process (configured by SMTP_* variables, as in production) against a real SMTP
// server: STARTTLS on a self-signed certificate, AUTH, the three account mails in both languages;
// and a mail sent while the SMTP server is down waits on disk and goes out once it is back. Delivery
// problems are also app log entries (`data.type = "mail"`), read back with the SDK's `pb.logs`.

const appUrl = "https://lumen.test";
const from = "Lumen <no-reply@lumen.test>";
const password = "smtp journey 1";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function freshDataDir() {
  const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-smtp-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const smtpEnv = (port: number, extra: NodeJS.ProcessEnv = {}) => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(port),
  SMTP_USER: smtpUser,
  SMTP_PASS: smtpPass,
  SMTP_TLS_REJECT_UNAUTHORIZED: "false",
  APP_URL: appUrl,
  MAIL_FROM: from,
  ...extra,
});

/** Spawns the server; it is killed (if still running) before the data folder goes. */
async function spawn(dataDir: string, env: NodeJS.ProcessEnv) {
  const server = await spawnServer(dataDir, env);
  cleanups.unshift(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  });
  return server;
}

async function stop(child: import("node:child_process").ChildProcess) {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

async function signUp(pb: PocketBase, email: string, locale: "en" | "fr") {
  await pb
    .collection("users")
    .create({ email, password, passwordConfirm: password, plan: "free", locale }, { requestKey: null });
}

/** Polls `output()` until it matches `pattern` (up to `timeoutMs`). */
async function waitForOutput(output: () => string, pattern: RegExp, timeoutMs = 5000) {
  await pollUntil(
    output,
    (text) => pattern.test(text),
    (text) => `expected ${pattern} in the server's output:\n${text}`,
    { timeoutMs },
  );
}

/** A superuser of the server about to run on `dataDir` (created before it starts). */
async function superuser(dataDir: string) {
  await runSuperuserCommand(dataDir, ["upsert", "root@lumen.test", "super secret 1"]);
  return async (url: string) => {
    const pb = new PocketBase(url);
    await pb.collection("_superusers").authWithPassword("root@lumen.test", "super secret 1");
    return pb;
  };
}

// The SDK's `LogModel` types `level` as a string; the API answers a number, as PocketBase does.
const levelOf = (entry: LogModel) => Number(entry.level);

/** Polls the mail log entries until `done(entries)` (up to `timeoutMs`); oldest first. */
function waitForMailLogs(pb: PocketBase, done: (entries: LogModel[]) => boolean) {
  return pollUntil(
    async () => (await pb.logs.getList(1, 50, { filter: 'data.type = "mail"', sort: "@rowid" })).items,
    done,
    (items) => `mail logs so far: ${JSON.stringify(items, null, 2)}`,
    { timeoutMs: 10_000, everyMs: 50 },
  );
}

const queued = (dataDir: string) => {
  const dir = path.join(dataDir, "mail-queue");
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
};

describe("real SMTP", () => {
  it("sends the verification, reset and email-change mails in English and French over STARTTLS with AUTH", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { url } = await spawn(freshDataDir(), smtpEnv(smtp.port));
    const users = [
      { email: "ada@example.com", locale: "en" as const, newEmail: "ada.new@example.com" },
      { email: "marie@example.com", locale: "fr" as const, newEmail: "marie.new@example.com" },
    ];
    for (const user of users) {
      const pb = new PocketBase(url);
      await signUp(pb, user.email, user.locale);
      expect(await pb.collection("users").requestVerification(user.email)).toBe(true);
      expect(await pb.collection("users").requestPasswordReset(user.email)).toBe(true);
      await pb.collection("users").authWithPassword(user.email, password);
      expect(await pb.collection("users").requestEmailChange(user.newEmail)).toBe(true);
    }
    const mails = await smtp.waitFor(6);
    expect(smtp.authFailures).toBe(0);

    const expected = {
      en: {
        verification: ["Verify your Lumen email", "/verify-email?token="],
        passwordReset: ["Reset your Lumen password", "/reset-password?token="],
        emailChange: ["Confirm your new Lumen email address", "/confirm-email-change?token="],
      },
      fr: {
        verification: ["Confirmez votre adresse e-mail Lumen", "/fr/verify-email?token="],
        passwordReset: ["Réinitialisez votre mot de passe Lumen", "/fr/reset-password?token="],
        emailChange: ["Confirmez votre nouvelle adresse e-mail Lumen", "/fr/confirm-email-change?token="],
      },
    };
    const messageIds = new Set<string>();
    for (const user of users) {
      for (const [kind, [subject, page]] of Object.entries(expected[user.locale])) {
        const to = kind === "emailChange" ? user.newEmail : user.email;
        const mail = mails.find((m) => m.subject === subject && m.to === to);
        expect(mail, `${user.locale} ${kind} to ${to}`).toBeDefined();
        // Sent over TLS after a successful login, as the configured user.
        expect(mail!.secure).toBe(true);
        expect(mail!.user).toBe(smtpUser);
        expect(mail!.envelopeFrom).toBe("no-reply@lumen.test");
        expect(mail!.envelopeTo).toEqual([to]);
        expect(mail!.headers.from).toBe(from);
        const date = Date.parse(mail!.headers.date ?? "");
        expect(Math.abs(Date.now() - date)).toBeLessThan(60_000);
        expect(mail!.headers["message-id"]).toMatch(/^<[^<>@\s]+@lumen\.test>$/);
        messageIds.add(mail!.headers["message-id"]!);
        expect(mail!.headers["content-type"]).toMatch(/^multipart\/alternative/);
        expect(mail!.text).toContain(`${appUrl}${page}`);
        expect(mail!.link.startsWith(`${appUrl}${page}`)).toBe(true);
        expect(mail!.html).toContain(`href="${appUrl}${page}`);
        // Every link in either part points into the site.
        for (const link of [...mail!.text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0])) {
          expect(link.startsWith(`${appUrl}/`), link).toBe(true);
        }
        for (const link of [...mail!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)) {
          expect(link.startsWith(`${appUrl}/`), link).toBe(true);
        }
      }
    }
    expect(messageIds.size).toBe(6);
  }, 30_000);

  it("refuses a self-signed certificate unless SMTP_TLS_REJECT_UNAUTHORIZED=false, and keeps the mail queued", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const dataDir = freshDataDir();
    // With the logs off (LOGS_MAX_DAYS=0), a failure is only on stderr, and the mailer works as usual.
    const { url, output, child } = await spawn(
      dataDir,
      smtpEnv(smtp.port, { SMTP_TLS_REJECT_UNAUTHORIZED: "", LOGS_MAX_DAYS: "0" }),
    );
    const pb = new PocketBase(url);
    await signUp(pb, "careful@example.com", "en");
    expect(await pb.collection("users").requestVerification("careful@example.com")).toBe(true);
    await waitForOutput(
      output,
      /Sending the mail "Verify your Lumen email" to careful@example\.com failed \(.*certificate.*\); retrying in 1000 ms/,
    );
    expect(smtp.received).toHaveLength(0);
    expect(queued(dataDir)).toHaveLength(1);
    expect(await stop(child)).toBe(0);
    expect(queued(dataDir)).toHaveLength(1); // still there for the next start
    expect(output()).toMatch(/Leaving the mail "Verify your Lumen email" to careful@example\.com queued/);
  }, 30_000);

  it("keeps a mail sent while the SMTP server is down, and delivers it once the server is up", async () => {
    const port = await closedPort();
    const dataDir = freshDataDir();
    const signIn = await superuser(dataDir);
    const { url, output } = await spawn(dataDir, smtpEnv(port));
    const root = await signIn(url);
    const pb = new PocketBase(url);
    // An account an operator made: no verification email of its own, the reset is the one mail.
    await root.collection("users").create({
      email: "patient@example.com",
      password,
      passwordConfirm: password,
      plan: "free",
      locale: "fr",
    });
    expect(await pb.collection("users").requestPasswordReset("patient@example.com")).toBe(true);
    // The failure is on the server's stderr, and the mail waits on disk.
    await waitForOutput(
      output,
      /Sending the mail "Réinitialisez votre mot de passe Lumen" to patient@example\.com failed \(.*ECONNREFUSED.*\); retrying in 1000 ms/,
    );
    expect(queued(dataDir)).toHaveLength(1);
    expect(readOutbox(dataDir)).toHaveLength(0);
    // ...and in the logs API, as a warning.
    const subject = "Réinitialisez votre mot de passe Lumen";
    const [failed] = await waitForMailLogs(root, (entries) => entries.length > 0);
    expect(failed).toMatchObject({
      level: 4,
      message: "Failed to send mail; it stays queued and will be retried",
      data: { type: "mail", to: "patient@example.com", subject, attempt: 1, retryIn: 1000 },
    });
    expect(failed!.data.error).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(failed)).not.toMatch(/token|https?:|reset-password/i);

    const smtp = await startSmtp({ port });
    cleanups.push(() => smtp.close());
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe("patient@example.com");
    expect(mail!.link.startsWith(`${appUrl}/fr/reset-password?token=`)).toBe(true);
    await waitForOutput(() => String(queued(dataDir).length), /^0$/);
    expect(smtp.received).toHaveLength(1); // once

    const entries = await waitForMailLogs(root, (all) => all.some((entry) => levelOf(entry) === 0));
    const sent = entries.find((entry) => levelOf(entry) === 0)!;
    expect(sent).toMatchObject({
      message: "Sent mail after a failed attempt",
      data: { type: "mail", to: "patient@example.com", subject },
    });
    expect(sent.data.attempts).toBeGreaterThanOrEqual(2);
    // One warning per failed attempt, numbered; none holds the link, its token or the body.
    const warnings = entries.filter((entry) => levelOf(entry) === 4);
    expect(warnings.map((entry) => entry.data.attempt)).toEqual(
      Array.from({ length: sent.data.attempts - 1 }, (_, i) => i + 1),
    );
    const token = new URL(mail!.link).searchParams.get("token")!;
    for (const entry of entries) {
      const json = JSON.stringify(entry);
      expect(json).not.toContain(token);
      expect(json).not.toContain(mail!.link);
      expect(json).not.toContain(appUrl);
      for (const key of ["text", "html", "link", "token"]) expect(entry.data).not.toHaveProperty(key);
    }
  }, 30_000);

  it("keeps queued mail across a restart and sends it at the next start", async () => {
    const port = await closedPort();
    const dataDir = freshDataDir();
    const signIn = await superuser(dataDir);
    const first = await spawn(dataDir, smtpEnv(port));
    const pb = new PocketBase(first.url);
    const emails = ["one@example.com", "two@example.com", "three@example.com"];
    for (const email of emails) {
      await signUp(pb, email, "en");
      expect(await pb.collection("users").requestVerification(email)).toBe(true);
    }
    await waitForOutput(first.output, /three@example\.com failed/);
    expect(await stop(first.child)).toBe(0);
    expect(queued(dataDir)).toHaveLength(3);
    expect(readOutbox(dataDir)).toHaveLength(0);

    const smtp = await startSmtp({ port });
    cleanups.push(() => smtp.close());
    const second = await spawn(dataDir, smtpEnv(port));
    const mails = await smtp.waitFor(3);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(second.output()).toMatch(/Sending 3 mail\(s\) left in .*mail-queue by the previous run/);
    await waitForOutput(() => String(queued(dataDir).length), /^0$/);
    // The first run logged each mail it left queued, with its file in the queue folder.
    const root = await signIn(second.url);
    const left = await waitForMailLogs(root, (all) => all.some((entry) => levelOf(entry) === 4));
    const leftQueued = left.filter((entry) => entry.message === "Mail left queued for the next start");
    expect(leftQueued.map((entry) => entry.data.to).sort()).toEqual([...emails].sort());
    for (const entry of leftQueued) {
      expect(entry).toMatchObject({ level: 4, data: { type: "mail", subject: "Verify your Lumen email" } });
      expect(path.dirname(entry.data.file)).toBe(path.join(dataDir, "mail-queue"));
    }
    expect(await stop(second.child)).toBe(0);
    expect(smtp.received).toHaveLength(3);
  }, 30_000);

  it("moves a mail the SMTP server refuses for good (550) to the outbox, without retrying", async () => {
    const smtp = await startSmtp({ reject: (to) => to.startsWith("nobody") });
    cleanups.push(() => smtp.close());
    const dataDir = freshDataDir();
    const signIn = await superuser(dataDir);
    const { url, output, child } = await spawn(dataDir, smtpEnv(smtp.port));
    const root = await signIn(url);
    const pb = new PocketBase(url);
    await signUp(pb, "nobody@example.com", "en");
    expect(await pb.collection("users").requestVerification("nobody@example.com")).toBe(true);
    await waitForOutput(
      output,
      /The SMTP server refused the mail .* to nobody@example\.com .*550.*moving it to the outbox/,
    );
    await waitForOutput(() => String(readOutbox(dataDir).length), /^1$/);
    expect(readOutbox(dataDir)[0]!.to).toBe("nobody@example.com");
    // The outbox file appears while it is written; the queue file goes right after.
    await waitForOutput(() => String(queued(dataDir).length), /^0$/);
    expect(output()).not.toMatch(/retrying/);
    // One error in the logs API, naming the outbox file; no warning (it was never retried).
    const entries = await waitForMailLogs(root, (all) => all.length > 0);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 8,
      message: "The SMTP server refused the mail; it was moved to the outbox",
      data: { type: "mail", to: "nobody@example.com", subject: "Verify your Lumen email" },
    });
    expect(entries[0]!.data.error).toMatch(/550/);
    expect(path.dirname(entries[0]!.data.outbox)).toBe(path.join(dataDir, "outbox"));
    expect(existsSync(entries[0]!.data.outbox)).toBe(true);
    expect(JSON.stringify(entries[0])).not.toMatch(/token|https?:|verify-email/i);
    expect(await stop(child)).toBe(0);
  }, 30_000);
});
