/**
 * Outgoing mail's settings (SMTP_URL, MAIL_FROM; server/config.ts reads them, the README documents them).
 * Without an SMTP_URL nothing leaves the machine: every message is kept in the outbox, where a super admin
 * reads it at /user-management/outbox.
 */
import { checkHeaderText } from "./header-text.ts";

export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS where the server offers it) or smtps://user:pass@host:465 (TLS from the start). */
  smtpUrl?: string;
  /** The From header: "Launchpad <no-reply@example.com>". */
  from: string;
  /** MAIL_RETRY_SECONDS: the wait before a failed message's first retry (each next one is four times longer, up to an hour). */
  retrySeconds?: number;
  /** MAIL_MAX_ATTEMPTS: tries before a message is marked failed. */
  maxAttempts?: number;
  /** MAIL_LEASE_SECONDS: how long a sender's claim on a message holds before another sender may take it over. */
  leaseSeconds?: number;
}

/** The From header when MAIL_FROM is unset: no-reply at the app's own host name. */
export function defaultMailFrom(appUrl: string): string {
  return `Launchpad <no-reply@${new URL(appUrl).hostname}>`;
}

/** The From address mail goes out with: MAIL_FROM as read at start, else the default at APP_URL's host. */
export const mailFromOf = (config: { mail?: MailConfig; appUrl: string }): string => config.mail?.from ?? defaultMailFrom(config.appUrl);

/** SMTP_URL must name an smtp: or smtps: server; anything else stops the server at start rather than losing mail later. */
export function checkSmtpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL is not a URL: use smtp://user:pass@host:587 or smtps://user:pass@host:465");
  }
  if ((url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
    throw new Error("SMTP_URL must start with smtp:// or smtps:// and name a host");
  }
  return value;
}

/** A whole number of at least 1, or unset (the sender's default). */
const positive = (value: string | undefined) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
};

export function readMailConfig(env: NodeJS.ProcessEnv, appUrl: string): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim();
  return {
    smtpUrl: smtpUrl ? checkSmtpUrl(smtpUrl) : undefined,
    from: checkHeaderText(env.MAIL_FROM?.trim() || defaultMailFrom(appUrl), "MAIL_FROM"),
    retrySeconds: positive(env.MAIL_RETRY_SECONDS),
    maxAttempts: positive(env.MAIL_MAX_ATTEMPTS),
    leaseSeconds: positive(env.MAIL_LEASE_SECONDS),
  };
}

/** The SMTP server as the logs may show it: scheme, host and port, never the user or password. */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return `${url.protocol}//${url.hostname}:${port}`;
}

/** The line the server prints at start: which of the two ways mail goes. */
export function mailModeLine(config: MailConfig | undefined): string {
  return config?.smtpUrl
    ? `mail: sending through ${smtpServerName(config.smtpUrl)}`
    : "mail: SMTP_URL not set, mail is kept in the outbox at /user-management/outbox";
}
