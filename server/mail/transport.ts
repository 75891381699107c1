import nodemailer from "nodemailer";

export type SmtpOptions = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  /** Refuse a server certificate that does not verify (default true; `false` for tests only). */
  tlsRejectUnauthorized?: boolean;
};

export type SmtpTransport = ReturnType<typeof nodemailer.createTransport>;

/** Nodemailer over `smtp`, with timeouts so that a server that hangs never holds a message for long. */
export function smtpTransport(smtp: SmtpOptions): SmtpTransport {
  const { host, port, secure, user, pass, tlsRejectUnauthorized } = smtp;
  return nodemailer.createTransport({
    host,
    port,
    secure,
    ...(user ? { auth: { user, pass: pass ?? "" } } : {}),
    tls: { rejectUnauthorized: tlsRejectUnauthorized ?? true },
    // A server that accepts the connection and then hangs must not hold a message for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** A refusal that a retry would not change: the recipient or the content was rejected (5xx). */
export function isPermanent(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (code !== "EENVELOPE" && code !== "EMESSAGE") return false;
  return responseCode === undefined || responseCode >= 500;
}
