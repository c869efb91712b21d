import { and, eq } from "drizzle-orm";
import {
  FOLLOW_SELF,
  FOLLOWED_MESSAGE,
  FOLLOWEE_INVALID,
  UNFOLLOWED_MESSAGE,
  type FollowAccount,
  type FollowInput,
  type FollowResult,
  type FollowType,
} from "#schemas/follows.ts";
import { coFounderChannel, FOLLOWERS_COUNT_CHANGED_EVENT, startupChannel } from "#schemas/realtime.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { follows } from "#api/db/community-schema.ts";
import { fieldError, forbidden, notFound } from "#api/lib/errors.ts";
import type { ListQuery, PageRows } from "#api/lib/pagination.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { accountName, accountPage, bumpFollowers, followerOf, followersCount, type Account } from "./accounts.ts";

export const ACCOUNT_NOT_FOUND = "Account not found";

/** The caller's follower account; a user with neither a startup nor a co-founder profile may not follow. */
function requireFollower(user: AuthUser): Account {
  const follower = followerOf(user);
  if (!follower) throw forbidden();
  return follower;
}

/** The followee's name, once it is known to be another account that exists. */
async function assertFollowee(db: Db, follower: Account, followee: Account): Promise<string> {
  if (follower.type === followee.type && follower.id === followee.id) throw fieldError("followee_id", FOLLOW_SELF);
  const name = await accountName(db, followee);
  if (name === null) throw fieldError("followee_id", FOLLOWEE_INVALID);
  return name;
}

const pair = (follower: Account, followee: Account) =>
  and(
    eq(follows.followerType, follower.type),
    eq(follows.followerId, follower.id),
    eq(follows.followeeType, followee.type),
    eq(follows.followeeId, followee.id),
  );

/** Open profiles move their follower count live: on the startup's channel (organizations too) or the co-founder's. */
function queueFollowersCount(queue: BroadcastQueue, account: Account, count: number) {
  queue.add(
    account.type === "co_founder"
      ? {
          channels: [coFounderChannel(account.id)],
          event: FOLLOWERS_COUNT_CHANGED_EVENT,
          data: { profile_id: account.id, followers_count: count },
        }
      : {
          channels: [startupChannel(account.id)],
          event: FOLLOWERS_COUNT_CHANGED_EVENT,
          data: { startup_id: account.id, followers_count: count },
        },
  );
}

/**
 * Follows an account. The row insert and the counter move share one transaction, and the counter moves
 * only when this call inserted the row (ON CONFLICT DO NOTHING RETURNING): a concurrent duplicate
 * waits on the unique index and inserts nothing, so the count always equals the rows. A new follow also
 * notifies the followee's users and moves the count on open profiles (queued, sent after the commit).
 */
export async function follow(db: Db, user: AuthUser, input: FollowInput, queue: BroadcastQueue): Promise<FollowResult> {
  const follower = requireFollower(user);
  const followee: Account = { type: input.followee_type, id: input.followee_id };
  return db.transaction(async (tx) => {
    const followeeName = await assertFollowee(tx, follower, followee);
    const inserted = await tx
      .insert(follows)
      .values({
        followerType: follower.type,
        followerId: follower.id,
        followeeType: followee.type,
        followeeId: followee.id,
        userId: user.id,
      })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    const count = inserted.length ? await bumpFollowers(tx, followee, 1) : null;
    if (count !== null) {
      await recordActivity(
        tx,
        {
          // A co-founder follows for themself; an organization's follow is a change it made.
          organizationId: follower.type === "co_founder" ? null : follower.id,
          actor: user,
          kind: "follow.created",
          subject: { id: followee.id, label: followeeName },
          data: { follower, followee },
        },
        queue,
      );
      queueFollowersCount(queue, followee, count);
    }
    return { message: FOLLOWED_MESSAGE, is_following: true, followers_count: count ?? (await followersCount(tx, followee)) };
  });
}

/** Unfollows an account; the counter moves only when this call deleted the row (DELETE … RETURNING). */
export async function unfollow(db: Db, user: AuthUser, input: FollowInput, queue: BroadcastQueue): Promise<FollowResult> {
  const follower = requireFollower(user);
  const followee: Account = { type: input.followee_type, id: input.followee_id };
  return db.transaction(async (tx) => {
    await assertFollowee(tx, follower, followee);
    const deleted = await tx.delete(follows).where(pair(follower, followee)).returning({ id: follows.id });
    const count = deleted.length ? await bumpFollowers(tx, followee, -1) : null;
    if (count !== null) queueFollowersCount(queue, followee, count);
    return { message: UNFOLLOWED_MESSAGE, is_following: false, followers_count: count ?? (await followersCount(tx, followee)) };
  });
}

/** Whether the caller's account follows the account; a caller with no account follows nobody. */
export async function isFollowing(db: Db, user: AuthUser, followee: Account): Promise<boolean> {
  const follower = followerOf(user);
  if (!follower) return false;
  const [row] = await db.select({ id: follows.id }).from(follows).where(pair(follower, followee)).limit(1);
  return Boolean(row);
}

/** Who follows the account (404 for an unknown one). */
export async function listFollowers(db: Db, account: Account, query: ListQuery): Promise<PageRows<FollowAccount>> {
  if ((await accountName(db, account)) === null) throw notFound(ACCOUNT_NOT_FOUND);
  return accountPage(db, "follower", account, query);
}

/** Whom the account follows (404 for an unknown one). */
export async function listFollowees(db: Db, account: Account, query: ListQuery): Promise<PageRows<FollowAccount>> {
  if ((await accountName(db, account)) === null) throw notFound(ACCOUNT_NOT_FOUND);
  return accountPage(db, "followee", account, query);
}

export type { FollowType };
