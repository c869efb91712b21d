import { and, desc, eq, gt, sql } from "drizzle-orm";
import { MESSAGE_RATE, MESSAGES_THROTTLED } from "../../../schemas/conversations.ts";
import type { Db } from "../../db/client.ts";
import { messages } from "../../db/realtime-schema.ts";
import { HttpError } from "../../lib/errors.ts";

/** Namespace of the per-user advisory lock (the two-integer form), so it cannot collide with other locks. */
const SEND_LOCK = 11_001;

/**
 * The send limit (30 messages in 10 s per user), counted from the user's own recent messages: the rows
 * are the counter, so every instance on one PostgreSQL agrees without a table of its own. The user's
 * sends are serialised by a transaction-scoped advisory lock, so 31 sent at once cannot all see 29 and
 * pass. Call inside the sending transaction, before the insert; refuses with 429 and Retry-After.
 */
export async function assertSendAllowed(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}, ${userId})`);
  const { maxMessages, windowSeconds } = MESSAGE_RATE;
  // The oldest of the last `maxMessages` messages within the window: while it is inside it, the user is full.
  const [oldestCounted] = await tx
    .select({ at: messages.createdAt, now: sql<Date>`now()`.mapWith(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.userId, userId), gt(messages.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .offset(maxMessages - 1)
    .limit(1);
  if (!oldestCounted) return;
  const seconds = Math.max(1, Math.ceil((oldestCounted.at.getTime() + windowSeconds * 1000 - oldestCounted.now.getTime()) / 1000));
  throw new HttpError(429, MESSAGES_THROTTLED(seconds), undefined, { "Retry-After": String(seconds) });
}
