import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { HttpError } from "./errors.ts";

/**
 * The one rate limiter. Every limit in the product is declared in limits.ts and counted here, in the
 * `rate_limits` table: a row per limit and subject holding the times of its hits still inside the window.
 *
 * `take` counts and decides in ONE statement (`insert … on conflict do update` of that row): the hit is
 * added only while fewer than `max` hits are inside the window, and the statement says which it did. On
 * PostgreSQL concurrent statements on one key queue on the row's lock and each sees the one before it;
 * the embedded database runs one statement at a time. So N requests sent at once on a limit of k get at
 * most k hits, whatever the engine and however many instances share the database.
 *
 * A limit that counts only failures (a wrong password, an unknown coupon code) takes its hit BEFORE the
 * attempt is judged, and gives it back (`giveBack`) when the attempt turns out not to count. Checking
 * first and recording the failure afterwards would let every request in flight pass the check.
 */
export interface RateLimit {
  /** Starts every key of this limit, so two limits never share a row. */
  prefix: string;
  /** Hits allowed inside the window. */
  max: number;
  windowSeconds: number;
  /** The 429 a caller past the limit gets, told how many seconds to wait (sent as Retry-After too). */
  refusal: (seconds: number) => HttpError;
}

/** A counted hit: what `giveBack` needs to take exactly this one back. */
export interface Hit {
  key: string;
  /** The hit's time as the database wrote it (text, so no precision is lost on the way back). */
  at: string;
}

export type Take = { taken: true; hit: Hit } | { taken: false; retryAfter: number };

/** What the take statement answers (also as a CTE inside another statement: see chat sends). */
interface TakeRow {
  taken: boolean;
  hit: string | null;
  retry_after: number | null;
}

export const rateKey = (limit: RateLimit, subject: string | number) => `${limit.prefix}|${subject}`;

/** A 429 with Retry-After and, when `field` is given, the message under that field too. */
export function tooMany(message: string, seconds: number, field?: string): HttpError {
  return new HttpError(429, message, field ? { [field]: [message] } : undefined, { "Retry-After": String(seconds) });
}

/** What a take statement counts: the row's key, the hits allowed and the window (values, or a prepared statement's placeholders). */
interface TakeTerms {
  key: string | Placeholder;
  max: number | Placeholder;
  windowSeconds: number | Placeholder;
}

const termsOf = (limit: RateLimit, subject: string | number): TakeTerms => ({
  key: rateKey(limit, subject),
  max: limit.max,
  windowSeconds: limit.windowSeconds,
});

const windowOf = (terms: Pick<TakeTerms, "windowSeconds">) => sql`make_interval(secs => ${terms.windowSeconds}::int)`;

/**
 * Seconds until a full window has room again, for the Retry-After: when the oldest of its hits `h` leaves,
 * at least 1 and at most the window. Hits may be out of order by a hair when transactions that began in one
 * order commit in another, hence min() over them rather than the first; and a hit stamped by a transaction
 * that began after this one lies past this one's now(), which would otherwise ask for a second more than the
 * window itself.
 */
const secondsUntilOldestLeaves = (window: SQL) =>
  sql`least(extract(epoch from ${window})::int, greatest(1, ceil(extract(epoch from min(h) + ${window} - now()))))::int`;

function takeOf(terms: TakeTerms, when?: SQL): SQL {
  const window = windowOf(terms);
  // The row's hits still inside the window (the others no longer count and are dropped as it is written).
  const live = sql`array(select h from unnest(${rateLimits}.hits) h where h > now() - ${window})`;
  const roomLeft = sql`cardinality(${live}) < ${terms.max}::int`;
  return sql`insert into ${rateLimits} (key, hits, taken, expires_at)
    select ${terms.key}::text, array[now()], true, now() + ${window}
    ${when ? sql`where ${when}` : sql``}
    on conflict (key) do update set
      hits = case when ${roomLeft} then ${live} || now() else ${live} end,
      taken = ${roomLeft},
      expires_at = now() + ${window}
    returning taken,
      case when taken then hits[cardinality(hits)]::text end as hit,
      case when not taken then (select ${secondsUntilOldestLeaves(window)} from unnest(hits) h) end as retry_after`;
}

/**
 * The take statement for one key. `when`, if given, is a condition (of the statement it is part of): when
 * false nothing is counted and the statement answers no row.
 */
export const takeStatement = (limit: RateLimit, subject: string | number, when?: SQL): SQL => takeOf(termsOf(limit, subject), when);

/**
 * The take statement inside a statement prepared once for every caller and limit: its key, max and window
 * are placeholders, filled on each call from `preparedTakeValues`.
 */
export const preparedTakeStatement = (when?: SQL): SQL =>
  takeOf({ key: sql.placeholder("rateKey"), max: sql.placeholder("rateMax"), windowSeconds: sql.placeholder("rateWindow") }, when);

/** The values of `preparedTakeStatement`'s placeholders for one limit and subject. */
export const preparedTakeValues = (limit: RateLimit, subject: string | number) => {
  const { key, max, windowSeconds } = termsOf(limit, subject);
  return { rateKey: key, rateMax: max, rateWindow: windowSeconds };
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Counts a hit if the limit has room, in one statement; says which. */
export async function take(db: Db, limit: RateLimit, subject: string | number): Promise<Take> {
  const [row] = rowsOf<TakeRow>(await db.execute(takeStatement(limit, subject)));
  return row.taken ? { taken: true, hit: { key: rateKey(limit, subject), at: row.hit! } } : { taken: false, retryAfter: row.retry_after! };
}

/** Counts a hit, or throws the limit's 429. */
export async function hit(db: Db, limit: RateLimit, subject: string | number): Promise<Hit> {
  const result = await take(db, limit, subject);
  if (!result.taken) throw limit.refusal(result.retryAfter);
  return result.hit;
}

/**
 * Seconds until the limit has room for the subject again, 0 when it has room now. Only a look: it counts
 * nothing and decides nothing (for telling a refused caller about the other limits it is under).
 */
export async function secondsUntilRoom(db: Db, limit: RateLimit, subject: string | number): Promise<number> {
  const window = windowOf(limit);
  const [row] = rowsOf<{ seconds: number }>(
    await db.execute(sql`select coalesce(case when count(*) >= ${limit.max}::int then ${secondsUntilOldestLeaves(window)} end, 0) as seconds
      from ${rateLimits}, unnest(hits) h where key = ${rateKey(limit, subject)} and h > now() - ${window}`),
  );
  return Number(row?.seconds ?? 0);
}

/** Takes back one counted hit (an attempt that turned out not to count). Nothing if it already left the window. */
export async function giveBack(db: Db, hit: Hit): Promise<void> {
  const at = sql`${hit.at}::timestamptz`;
  await db.execute(sql`update ${rateLimits}
    set hits = hits[:array_position(hits, ${at}) - 1] || hits[array_position(hits, ${at}) + 1:]
    where key = ${hit.key} and array_position(hits, ${at}) is not null`);
}

/** Forgets every hit of one subject (a successful login clears the owner's own typos). */
export async function clearHits(db: Db, limit: RateLimit, subject: string | number): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${rateKey(limit, subject)}`);
}

/**
 * Runs `attempt` with a hit taken first (or throws the limit's 429), and gives the hit back unless
 * `counts` says the outcome counts: it gets what the attempt threw, or undefined when it succeeded. For
 * limits on some outcomes only (a wrong password, an unknown coupon code, an account really created).
 */
export async function guarded<T>(
  db: Db,
  limit: RateLimit,
  subject: string | number,
  attempt: () => Promise<T>,
  counts: (error: unknown) => boolean,
): Promise<T> {
  const taken = await hit(db, limit, subject);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!counts(error)) await giveBack(db, taken);
    throw error;
  }
  if (!counts(undefined)) await giveBack(db, taken);
  return result;
}

/** Drops the rows whose hits have all left their window (server.ts runs this now and then). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where expires_at < now()`);
}
