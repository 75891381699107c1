import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./outbox.ts";
import { pollUntil } from "./poll.ts";

// A real SMTP server for tests (the `smtp-server` package): STARTTLS with the self-signed test
// certificate in ./tls (for tests only, never for a real server), AUTH PLAIN or LOGIN only after
// STARTTLS, and every accepted message kept in memory.

export const smtpUser = "lumen-mailer";
export const smtpPass = "smtp test password";

const tlsDir = new URL("./tls/", import.meta.url);

export type ReceivedMail = ReturnType<typeof parseMail> & {
  raw: string;
  envelopeFrom: string;
  envelopeTo: string[];
  /** The session had switched to TLS (STARTTLS) before the message. */
  secure: boolean;
  /** The login the client authenticated with. */
  user: string | undefined;
};

export type TestSmtp = {
  port: number;
  received: ReceivedMail[];
  /** Failed logins (wrong user or password). */
  authFailures: number;
  /** Resolves with the received mail once there are `count`, polling every 10 ms up to `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/** Starts the SMTP server on `port` (default: a free loopback port). `reject` refuses some recipients with 550. */
export async function startSmtp(
  options: { port?: number; reject?: (to: string) => boolean } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { authFailures: 0 };
  const server = new SMTPServer({
    secure: false,
    key: readFileSync(new URL("smtp-test.key", tlsDir)),
    cert: readFileSync(new URL("smtp-test.crt", tlsDir)),
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: false,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpUser && auth.password === smtpPass) return callback(null, { user: smtpUser });
      state.authFailures++;
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (options.reject?.(address.address)) {
        const error = new Error("No such user here") as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          ...parseMail(raw),
          raw,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: typeof session.user === "string" ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    get authFailures() {
      return state.authFailures;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      pollUntil(
        () => received,
        (mails) => mails.length >= count,
        (mails) => `expected ${count} mail(s) over SMTP, received ${mails.length}`,
        { timeoutMs },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on (for now): every SMTP connection is refused at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
