import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AuthUser } from "../../context.ts";
import { favorites, follows } from "../../db/community-schema.ts";
import { followerOf } from "../follows/accounts.ts";

/**
 * Left-join conditions that tell whether the caller follows / has favorited a startup row (given by its
 * id and account_type columns). The unique indexes on follows and favorites make each join one index
 * probe per row; an anonymous caller (or one with no account to follow as) joins nothing.
 */
export function viewerJoins(user: AuthUser | null, startupId: AnyPgColumn | SQL.Aliased, accountType: AnyPgColumn | SQL.Aliased) {
  const follower = followerOf(user);
  const following: SQL = follower
    ? and(
        eq(follows.followerType, follower.type),
        eq(follows.followerId, follower.id),
        sql`${follows.followeeType} = ${accountType}`,
        sql`${follows.followeeId} = ${startupId}`,
      )!
    : sql`false`;
  const favorited: SQL = user
    ? and(eq(favorites.userId, user.id), sql`${favorites.favoritableType} = ${accountType}`, sql`${favorites.favoritableId} = ${startupId}`)!
    : sql`false`;
  return { following, favorited };
}

/** The caller-only fields of a card: present only for a logged-in caller. */
export function viewerFlags(user: AuthUser | null, row: { followId: number | null; favoriteId: number | null }) {
  return user ? { is_following: row.followId !== null, is_favorited: row.favoriteId !== null } : {};
}
