import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";

/**
 * The connection to the mail server SMTP_URL names, through nodemailer. smtp:// starts in clear and
 * upgrades with STARTTLS whenever the server offers it; smtps:// is TLS from the start. Certificates are
 * checked as usual (tests hand over their fake's certificate as `ca`).
 */
export interface TransportOptions {
  /** Trusted certificates besides the system's (tests: the fake server's self-signed one). */
  ca?: string;
  /** Connections kept open to the server at once. */
  maxConnections?: number;
}

/** How long a silent server is waited for; the sender's lease on a message outlasts all of them. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

export function smtpOptions(smtpUrl: string, options: TransportOptions = {}): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    pool: true,
    maxConnections: options.maxConnections ?? 2,
    maxMessages: 500,
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    tls: options.ca ? { ca: options.ca } : undefined,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  };
}

export function createSmtpTransport(smtpUrl: string, options: TransportOptions = {}): Transporter<SMTPPool.SentMessageInfo> {
  return nodemailer.createTransport(smtpOptions(smtpUrl, options));
}
