import { sql } from "drizzle-orm";
import { MESSAGE_RATE, MESSAGES_THROTTLED } from "../../../schemas/conversations.ts";
import type { Db } from "../../db/client.ts";
import { messages } from "../../db/realtime-schema.ts";
import { HttpError } from "../../lib/errors.ts";

/** Namespace of the per-user advisory lock (the two-integer form), so it cannot collide with other locks. */
const SEND_LOCK = 11_001;
const { maxMessages, windowSeconds } = MESSAGE_RATE;

/*
 * The send limit (30 messages in 10 s per user), counted from the user's own recent messages: the rows are
 * the counter, so every instance on one PostgreSQL agrees without a table of its own. The count is part of
 * the statement that inserts the message (send.ts), so nothing runs between counting and inserting.
 *
 * A user's sends must still not be counted side by side, or 31 sent at once could all see 29 and pass.
 * The embedded database runs one statement or transaction at a time, so there the statement is enough.
 * On PostgreSQL the sending transaction first takes `lockSender`; the counting statement after it starts
 * once the user's previous send has committed, and its snapshot includes that message.
 */

/** The CTE `rate_full`: a row (the oldest of the last `maxMessages` within the window) while the user is full. */
export const rateFullCte = (userId: number) => sql`rate_full as (
  select created_at from ${messages}
  where user_id = ${userId} and created_at > now() - make_interval(secs => ${windowSeconds})
  order by created_at desc, id desc offset ${maxMessages - 1} limit 1)`;

/** Seconds until that message leaves the window (at least 1), or null when the user is not full. */
export const retryAfterColumn = sql`(select greatest(1, ceil(extract(epoch from
  created_at + make_interval(secs => ${windowSeconds}) - now())))::int from rate_full)`;

/** Serialises one user's sends on PostgreSQL until the transaction ends (see above). */
export async function lockSender(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}, ${userId})`);
}

export const throttled = (seconds: number) => new HttpError(429, MESSAGES_THROTTLED(seconds), undefined, { "Retry-After": String(seconds) });
