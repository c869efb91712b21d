import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { mailBounces, mailOutbox } from "#api/db/mail-schema.ts";
import { rowsOf } from "#api/modules/dashboard/window.ts";

/*
 * The outbox's state changes, each one statement: claiming due messages under a lease, and recording what
 * became of each. The lease is what makes one sender send a message: a claimed message is "sending" until
 * its lease ends, and only then (its sender died mid-send) may another sender claim it again.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Due mail exists: a read (its answer depends on the clock, so the embedded database never keeps it), so
 * an idle sender asks without writing; the claim below is a write.
 */
export async function hasDueMail(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ due: boolean }>(
    db,
    sql`
    select exists (select 1 from ${mailOutbox} where status = 'queued' and next_attempt_at <= now())
        or exists (select 1 from ${mailOutbox} where status = 'sending' and locked_until < now()) as due`,
  );
  return Boolean(row?.due);
}

/**
 * Claims up to `limit` due messages (queued ones whose time has come, oldest first, and sending ones whose
 * lease ran out) and counts the try. FOR UPDATE SKIP LOCKED: senders claiming at once on PostgreSQL each
 * get other rows, never the same one; on the embedded database statements run one at a time anyway.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const claimed = await rowsOf<{ id: number }>(
    db,
    sql`
    with due as (
      select id from ${mailOutbox} where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at, id limit ${limit} for update skip locked
    ), expired as (
      select id from ${mailOutbox} where status = 'sending' and locked_until < now()
      order by locked_until, id limit ${limit} for update skip locked
    )
    update ${mailOutbox} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (select id from due union select id from expired)
    returning id`,
  );
  const ids = claimed.map((row) => row.id);
  if (!ids.length) return [];
  // The rows as Drizzle maps them (dates, JSON), read after the claim made them this sender's.
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A try failed for a reason that may pass (server down, 4xx): queued again for `retryAt`. */
export async function markRetry(db: Db, id: number, error: string, delayMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "queued", lockedUntil: null, lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending")));
}

/** No more tries: every try failed, or the server refused the message itself for good. */
export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", lockedUntil: null, lastError: error }).where(eq(mailOutbox.id, id));
}

/** The server refused the address for good (5xx on RCPT): the message is bounced and the address remembered. */
export async function markBounced(db: Db, row: Pick<OutboxRow, "id" | "toAddress">, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(mailOutbox).set({ status: "bounced", lockedUntil: null, lastError: reason }).where(eq(mailOutbox.id, row.id));
    await tx.insert(mailBounces).values({ address: row.toAddress, reason }).onConflictDoNothing();
  });
}

/** Of these addresses, the ones refused for good before, with the server's answer. */
export async function bouncedAddresses(db: Db, addresses: string[]): Promise<Map<string, string>> {
  if (!addresses.length) return new Map();
  const rows = await db.select().from(mailBounces).where(inArray(mailBounces.address, addresses));
  return new Map(rows.map((row) => [row.address, row.reason]));
}

/**
 * No mail server is set: due mail (and mail whose sender died mid-send) is marked kept, read in the
 * outbox and never sent by itself. Answers how many were kept.
 */
export async function keepDueMail(db: Db): Promise<number> {
  const kept = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${mailOutbox} set status = 'kept', locked_until = null
    where (status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
    returning id`,
  );
  return kept.length;
}

/** Claimed but never tried (the sender is stopping): back to the queue at once, the try not counted. */
export async function releaseClaims(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(mailOutbox)
    .set({ status: "queued", lockedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending")));
}
