import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { rateKey, type RateLimit } from "../lib/rate-limit.ts";

/** How many hits a limit holds for a subject right now (inside the window or not yet pruned). */
export async function hitsOf(db: Db, limit: RateLimit, subject: string | number): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(cardinality(hits), 0) as n from ${rateLimits} where key = ${rateKey(limit, subject)}`,
  );
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return row ? Number(row.n) : 0;
}

/** Moves a subject's hits `seconds` into the past, as if that much time had gone by. */
export async function ageHits(db: Db, limit: RateLimit, subject: string | number, seconds: number): Promise<void> {
  await db.execute(sql`update ${rateLimits}
    set hits = array(select h - make_interval(secs => ${seconds}::int) from unnest(hits) h)
    where key = ${rateKey(limit, subject)}`);
}
