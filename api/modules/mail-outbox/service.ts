import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { RETRYABLE_MAIL_STATUSES, type MailStatus, type OutboxMessageDetailJson, type OutboxMessageJson } from "#schemas/mail.ts";
import type { Db } from "#api/db/client.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { messageIdFor } from "#api/mail/outbox.ts";
import { containsPattern } from "#api/lib/like.ts";
import { pageValues, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";

/* The outbox as super admins read it: every message, newest first, and one message with what it says. */

export interface OutboxListQuery extends ListQuery {
  status?: MailStatus;
}

const OUTBOX_FILTERS = listFilters<OutboxListQuery>()({
  status: { value: (query) => query.status, where: (status) => eq(mailOutbox.status, status) },
  search: {
    value: (query) => (query.search ? containsPattern(query.search) : undefined),
    where: (like) => or(ilike(mailOutbox.toAddress, like), ilike(mailOutbox.toName, like), ilike(mailOutbox.subject, like)),
  },
});
type OutboxShape = ShapeOf<typeof OUTBOX_FILTERS> & { oldestFirst: boolean };

/** The list's columns: never the parts themselves, which can be large. */
const listColumns = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  toName: mailOutbox.toName,
  kind: mailOutbox.kind,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};

const outboxPageQuery = preparedPerShape("mail_outbox_page", (db, shape: OutboxShape, name) => {
  const direction = shape.oldestFirst ? asc : desc;
  return db
    .select({ ...listColumns, listTotal: totalOver() })
    .from(mailOutbox)
    .where(and(...OUTBOX_FILTERS.where(shape)))
    .orderBy(direction(mailOutbox.createdAt), direction(mailOutbox.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

const outboxCountQuery = preparedPerShape("mail_outbox_count", (db, shape: ShapeOf<typeof OUTBOX_FILTERS>, name) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(and(...OUTBOX_FILTERS.where(shape)))
    .prepare(name),
);

type ListRow = { [K in keyof typeof listColumns]: (typeof mailOutbox.$inferSelect)[K] };

function listView(row: ListRow): OutboxMessageJson {
  return {
    id: row.id,
    to_address: row.toAddress,
    to_name: row.toName,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    // Only a queued message has a next try ahead of it.
    next_attempt_at: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
  };
}

export async function listOutbox(db: Db, query: OutboxListQuery): Promise<PageRows<OutboxMessageJson>> {
  const { shape, values } = OUTBOX_FILTERS.read(query);
  const rows = await outboxPageQuery(db, { ...shape, oldestFirst: query.sort_order === "asc" }).execute({
    ...values,
    ...pageValues(query),
  });
  const total = await totalOf(rows, query, async () => (await outboxCountQuery(db, shape).execute(values))[0].n);
  return { total, data: rows.map(listView) };
}

/** One message as it is (or will be) sent; `from` is the From address its Message-ID takes its domain from. */
export async function getOutboxMessage(db: Db, id: number, from: string): Promise<OutboxMessageDetailJson | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  return {
    ...listView(row),
    message_id: messageIdFor(row.messageId, from),
    html: row.html,
    text: row.text,
    headers: row.headers,
    attachments: row.attachments.map((file) => ({ filename: file.filename, content_type: file.contentType })),
  };
}

/**
 * A failed or kept message queued again from scratch (an operator fixed SMTP_URL, or the server's trouble
 * is over). Only those: a bounced address stays refused, and anything else is sent or on its way.
 * Answers whether it was queued.
 */
export async function retryFailedMessage(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, [...RETRYABLE_MAIL_STATUSES])))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
