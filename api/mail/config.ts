/**
 * Outgoing mail's settings (SMTP_URL, MAIL_FROM; server/config.ts reads them, the README documents them).
 * Without an SMTP_URL nothing leaves the machine: every message is kept in the outbox, where a super admin
 * reads it at /user-management/outbox.
 */
export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS where the server offers it) or smtps://user:pass@host:465 (TLS from the start). */
  smtpUrl?: string;
  /** The From header: "Launchpad <no-reply@example.com>". */
  from: string;
}

/** The From header when MAIL_FROM is unset: no-reply at the app's own host name. */
export function defaultMailFrom(appUrl: string): string {
  return `Launchpad <no-reply@${new URL(appUrl).hostname}>`;
}

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

export function readMailConfig(env: NodeJS.ProcessEnv, appUrl: string): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim();
  return {
    smtpUrl: smtpUrl ? checkSmtpUrl(smtpUrl) : undefined,
    from: env.MAIL_FROM?.trim() || defaultMailFrom(appUrl),
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
