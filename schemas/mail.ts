/* Mail kept in the outbox: the states a message goes through and the shapes the outbox screen reads. */
import { z } from "zod";

/**
 * queued: waiting for its turn (or for the next try after a failure); sending: claimed by one sender until
 * its lease ends; sent: accepted by the mail server; failed: every try failed, the last error is kept;
 * bounced: the server refused the address for good (5xx), so it is never tried again; kept: its turn came
 * while no mail server was set (no SMTP_URL), so it stays here unsent, and only a super admin sends it.
 */
export const MAIL_STATUSES = ["queued", "sending", "sent", "failed", "bounced", "kept"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  bounced: "Bounced",
  kept: "Kept",
};

/** A file sent with a message; its content is text (an .ics invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** A row of the outbox list. */
export const outboxMessageJson = z.object({
  id: z.number().int(),
  to_address: z.string(),
  to_name: z.string().nullable(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type OutboxMessageJson = z.output<typeof outboxMessageJson>;

/** One message with what it says: both parts, its extra headers and attachments' names. */
export const outboxMessageDetailJson = outboxMessageJson.extend({
  message_id: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string() })),
});
export type OutboxMessageDetailJson = z.output<typeof outboxMessageDetailJson>;

export const OUTBOX_MESSAGE_NOT_FOUND = "Message not found";

/** POST /api/v1/admin/mail_outbox/test: a test message to the caller, sent or (without SMTP_URL) kept. */
export const TEST_MESSAGE_QUEUED = "Test message queued: it is sent in the background.";
export const TEST_MESSAGE_KEPT = "Test message kept in the outbox: SMTP_URL is not set, so no mail leaves the server.";
/** POST /api/v1/admin/mail_outbox/{id}/retry. */
export const MESSAGE_REQUEUED = "Message queued again.";
export const MESSAGE_NOT_RETRYABLE = "Only a failed or kept message can be sent again.";
export const NO_MAIL_SERVER = "No mail server is set (SMTP_URL), so the message cannot be sent: it stays kept.";
/** Failed and kept messages may be queued again by a super admin; the others are sent or on their way. */
export const RETRYABLE_MAIL_STATUSES = ["failed", "kept"] as const satisfies readonly MailStatus[];
export const isRetryable = (status: MailStatus) => (RETRYABLE_MAIL_STATUSES as readonly MailStatus[]).includes(status);

/** The answer of the two POSTs above. */
export const outboxActionResult = z.object({ message: z.string(), id: z.number().int() });
export type OutboxActionResult = z.output<typeof outboxActionResult>;
