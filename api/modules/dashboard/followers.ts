/** New followers per week of the caller's account (their startup or organization, else their profile). */
import { sql } from "drizzle-orm";
import type { FollowersPerWeek } from "#schemas/dashboard.ts";
import type { Db } from "#api/db/client.ts";
import type { Account } from "../follows/accounts.ts";
import { boundsColumns, boundsCte, isoDate, localWeek, rowsOf, weeksCte, windowOf, windowStart, type Window } from "./window.ts";

export async function followersPerWeek(db: Db, account: Account, w: Window): Promise<FollowersPerWeek> {
  const countColumn =
    account.type === "co_founder"
      ? sql`(select followers_count from co_founders where id = ${account.id})`
      : sql`(select followers_count from startups where id = ${account.id})`;
  // follows_followee_idx (followee_type, followee_id, created_at) reads exactly the window's rows.
  const rows = await rowsOf<{ week: string; count: number; followers_count: number; window_from: string; window_to: string }>(
    db,
    sql`with ${boundsCte(w)}, ${weeksCte},
      counts as (select ${localWeek(sql`fl.created_at`, w.zone)} as week, count(*)::int as n from follows fl
                 where fl.followee_type = ${account.type} and fl.followee_id = ${account.id} and fl.created_at >= ${windowStart(w)} group by 1)
      select ${isoDate(sql`weeks.week`)} as week, coalesce(counts.n, 0)::int as count, coalesce(${countColumn}, 0)::int as followers_count, ${boundsColumns}
      from weeks left join counts on counts.week = weeks.week
      order by weeks.week`,
  );
  const weeks = rows.map(({ week, count }) => ({ week, count: Number(count) }));
  return {
    ...(await windowOf(db, w, rows[0])),
    account,
    followers_count: Number(rows[0]?.followers_count ?? 0),
    total: weeks.reduce((sum, week) => sum + week.count, 0),
    weeks,
  };
}
