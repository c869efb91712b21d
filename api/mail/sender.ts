import type { Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Db } from "#api/db/client.ts";
import type { MailConfig } from "./config.ts";
import {
  bouncedAddresses,
  claimDueMail,
  hasDueMail,
  keepDueMail,
  markBounced,
  markFailed,
  markRetry,
  markSent,
  releaseClaims,
  type OutboxRow,
} from "./delivery.ts";
import { DEFAULT_RETRY, outcomeOf, retryDelayMs, type RetryPolicy } from "./policy.ts";
import { createSmtpTransport, SMTP_TIMEOUTS_MS, type TransportOptions } from "./transport.ts";
import { messageIdFor } from "./outbox.ts";
import { runRounds } from "./rounds.ts";

/**
 * The background sender: claims due messages from the outbox under a lease and hands them to the mail
 * server, recording what became of each. Several senders (instances on one PostgreSQL) never claim the
 * same message; a message is sent twice only when its sender dies between the server accepting it and
 * the "sent" mark, after which its lease runs out and another sender claims it again (the receiver can
 * tell the two apart by their one Message-ID).
 */
export interface MailSenderOptions {
  db: Db;
  /** Must name an SMTP server: without one nothing is sent (mail is kept in the outbox). */
  mail: MailConfig & { smtpUrl: string };
  /** For PostgreSQL: LISTEN here to be woken when mail is queued in any instance. */
  databaseUrl?: string;
  transport?: TransportOptions;
  retry?: Partial<RetryPolicy>;
  /** Messages claimed at once (default 8) and sent side by side (default 2, one SMTP connection each). */
  batchSize?: number;
  concurrency?: number;
  /** How long a claim holds; past it, another sender may claim the message (default: long enough for the batch). */
  leaseMs?: number;
  /** Looks for due mail this often when nothing woke it (default 2 s). */
  pollMs?: number;
  log?: (message: string) => void;
}

export interface MailSender {
  /** Look for due mail now. */
  wake(): void;
  /** Sends what it started, puts back what it claimed but did not start, and stops. */
  stop(): Promise<void>;
}

const logToConsole = (message: string) => console.error(`[launchpad] ${message}`);

/** Each send may wait this long at worst (connect, greeting, a silent socket). */
const WORST_SEND_MS = SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + SMTP_TIMEOUTS_MS.socket;

export async function startMailSender(options: MailSenderOptions): Promise<MailSender> {
  const { db, mail } = options;
  const log = options.log ?? logToConsole;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const batchSize = options.batchSize ?? 8;
  const concurrency = options.concurrency ?? 2;
  // A claim must outlive its whole batch at the worst, or a slow batch would be claimed twice.
  const leaseMs = options.leaseMs ?? Math.max(5 * 60_000, 2 * Math.ceil(batchSize / concurrency) * WORST_SEND_MS);
  const pollMs = options.pollMs ?? 2_000;
  const transport: Transporter<SMTPPool.SentMessageInfo> = createSmtpTransport(mail.smtpUrl, {
    ...options.transport,
    maxConnections: concurrency,
  });

  async function send(row: OutboxRow): Promise<void> {
    try {
      await transport.sendMail({
        from: mail.from,
        to: row.toName ? { name: row.toName, address: row.toAddress } : row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // All of it is written by the app, none typed as a reply (RFC 3834): vacation responders stay quiet.
        headers: { ...row.headers, "Auto-Submitted": "auto-generated" },
        attachments: row.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
        messageId: `<${messageIdFor(row.messageId, mail.from)}>`,
        // When it leaves, not when it was queued: a reminder waits days in the outbox.
        date: new Date(),
      });
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome.kind === "bounced") {
        await markBounced(db, row, outcome.reason);
        log(`mail: ${row.toAddress} refused for good (message ${row.id}): ${outcome.reason}`);
      } else if (outcome.kind === "failed" || row.attempts >= retry.maxAttempts) {
        await markFailed(db, row.id, outcome.reason);
        log(`mail: message ${row.id} to ${row.toAddress} failed after ${row.attempts} tries: ${outcome.reason}`);
      } else {
        await markRetry(db, row.id, outcome.reason, retryDelayMs(retry, row.attempts));
      }
      return;
    }
    await markSent(db, row.id);
  }

  /** One batch: answers whether there was anything to do. */
  async function round(): Promise<boolean> {
    if (!(await hasDueMail(db))) return false;
    const claimed = await claimDueMail(db, batchSize, leaseMs);
    if (!claimed.length) return false;
    const bounced = await bouncedAddresses(db, [...new Set(claimed.map((row) => row.toAddress))]);
    const pending: OutboxRow[] = [];
    for (const row of claimed) {
      const reason = bounced.get(row.toAddress);
      if (reason) await markBounced(db, row, `not tried: the address was refused for good before (${reason})`);
      else pending.push(row);
    }
    const worker = async () => {
      for (let row = pending.shift(); row; row = rounds.stopping() ? undefined : pending.shift()) {
        await send(row).catch((error: unknown) => log(`mail: recording message ${row!.id} failed: ${String(error)}`));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
    // Stopping: what was claimed but not started goes back to the queue for the next sender.
    await releaseClaims(
      db,
      pending.map((row) => row.id),
    );
    return true;
  }

  const rounds = await runRounds({ db, databaseUrl: options.databaseUrl, pollMs, log, round });
  return {
    wake: rounds.wake,
    async stop() {
      await rounds.stop();
      transport.close();
    },
  };
}

/**
 * Without a mail server, a keeper instead of a sender: due mail is marked kept, never to be sent by
 * itself, so that setting SMTP_URL later does not send a backlog of old links, reminders and digests.
 * A super admin may still send a kept message from the outbox.
 */
export async function startMailKeeper(options: Pick<MailSenderOptions, "db" | "databaseUrl" | "pollMs" | "log">): Promise<MailSender> {
  const { db } = options;
  const log = options.log ?? logToConsole;
  const rounds = await runRounds({
    db,
    databaseUrl: options.databaseUrl,
    pollMs: options.pollMs ?? 2_000,
    log,
    round: async () => (await hasDueMail(db)) && (await keepDueMail(db)) > 0,
  });
  return { wake: rounds.wake, stop: rounds.stop };
}

/** The server's sender, from its settings; without SMTP_URL, the keeper (mail is then only kept in the outbox). */
export async function startConfiguredMailSender(
  db: Db,
  mail: MailConfig | undefined,
  databaseUrl: string | undefined,
  log?: (message: string) => void,
): Promise<MailSender> {
  if (!mail?.smtpUrl) return startMailKeeper({ db, databaseUrl, log });
  return startMailSender({
    db,
    mail: { ...mail, smtpUrl: mail.smtpUrl },
    databaseUrl,
    retry: {
      ...(mail.retrySeconds ? { firstDelayMs: mail.retrySeconds * 1000 } : {}),
      ...(mail.maxAttempts ? { maxAttempts: mail.maxAttempts } : {}),
    },
    leaseMs: mail.leaseSeconds ? mail.leaseSeconds * 1000 : undefined,
    log,
  });
}
