/**
 * Answer caches kept by several instances on one PostgreSQL. A write counts up a sequence once it is done
 * (before its response is sent); before a request may answer from a cache, the instance reads the counts
 * and, if another instance wrote since it last looked, empties its own first. So the next request after a
 * write, whichever instance it lands on, reads what the write left, at the price of one small read per
 * reading request (docs/decisions/062). The sequences take no lock, so counting up never makes writes wait.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { CachePeers, WriteScope } from "./answer-caches.ts";

/** Each sequence's last value and whether it was taken yet (its first count leaves the value as it was). */
interface Counts {
  writes: string;
  check_ins: string;
}

export function databaseCachePeers(db: Db): CachePeers {
  let local: (scope: WriteScope) => void = () => {};
  let seen: Counts | undefined;
  const read = async () => {
    const result = (await db.execute(
      sql`select (select last_value || ':' || is_called from answer_cache_writes) as writes,
                 (select last_value || ':' || is_called from answer_cache_check_ins) as check_ins`,
    )) as unknown as { rows: Counts[] };
    return result.rows[0];
  };
  return {
    onInvalidate(invalidate) {
      local = invalidate;
    },
    async invalidate(scope) {
      await db.execute(scope === "any" ? sql`select nextval('answer_cache_writes')` : sql`select nextval('answer_cache_check_ins')`);
    },
    async catchUp() {
      const now = await read();
      if (seen && now.writes !== seen.writes) local("any");
      else if (seen && now.check_ins !== seen.check_ins) local("check-ins");
      seen = now;
    },
  };
}
