import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { AI_RATE, AI_THROTTLED } from "../../../schemas/ai.ts";
import type { Db } from "../../db/client.ts";
import { aiRequests } from "../../db/tools-schema.ts";
import { HttpError } from "../../lib/errors.ts";

/** Namespace of the per-user advisory lock (the two-integer form); conversations use 11_001. */
const AI_LOCK = 11_002;

/**
 * Counts one AI request against the user's limit (20 in 10 minutes), or refuses it with 429 and
 * Retry-After. The ai_requests rows are the counter, so every instance on one PostgreSQL agrees; a
 * transaction-scoped advisory lock serialises one user's requests, so 21 sent at once cannot all see 19
 * and pass. The lock is let go before the provider is asked: a slow provider holds no transaction.
 * A request that then fails at the provider still counts (the provider was asked all the same).
 */
export async function recordAiRequest(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AI_LOCK}, ${userId})`);
    const { maxRequests, windowSeconds } = AI_RATE;
    // The oldest of the last `maxRequests` requests within the window: while it is inside it, the user is full.
    const [oldestCounted] = await tx
      .select({ at: aiRequests.createdAt, now: sql<Date>`now()`.mapWith(aiRequests.createdAt) })
      .from(aiRequests)
      .where(and(eq(aiRequests.userId, userId), gt(aiRequests.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`)))
      .orderBy(desc(aiRequests.createdAt), desc(aiRequests.id))
      .offset(maxRequests - 1)
      .limit(1);
    if (oldestCounted) {
      const seconds = Math.max(1, Math.ceil((oldestCounted.at.getTime() + windowSeconds * 1000 - oldestCounted.now.getTime()) / 1000));
      throw new HttpError(429, AI_THROTTLED(seconds), undefined, { "Retry-After": String(seconds) });
    }
    await tx.insert(aiRequests).values({ userId });
  });
}

/** Rows older than the window count for nothing; server.ts drops them with the other throttle rows. */
export async function pruneAiRequests(db: Db): Promise<void> {
  await db.delete(aiRequests).where(lt(aiRequests.createdAt, sql`now() - make_interval(secs => ${AI_RATE.windowSeconds})`));
}
