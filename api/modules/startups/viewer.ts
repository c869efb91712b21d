import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AuthUser } from "#api/context.ts";
import { favorites, follows } from "#api/db/community-schema.ts";
import { followerOf } from "../follows/accounts.ts";

/**
 * Left-join conditions that tell whether the caller follows / has favorited a startup row (given by its
 * id and account_type columns). The unique indexes on follows and favorites make each join one index
 * probe per row. The caller travels as placeholders (`viewerValues`), so the statement is the same for
 * everyone and can be prepared; an anonymous caller (or one with no account to follow as) is null there,
 * which matches no row.
 */
export function viewerJoins(startupId: AnyPgColumn | SQL.Aliased, accountType: AnyPgColumn | SQL.Aliased) {
  const following: SQL = and(
    eq(follows.followerType, sql.placeholder("viewerType")),
    eq(follows.followerId, sql.placeholder("viewerId")),
    sql`${follows.followeeType} = ${accountType}`,
    sql`${follows.followeeId} = ${startupId}`,
  )!;
  const favorited: SQL = and(
    eq(favorites.userId, sql.placeholder("viewerUserId")),
    sql`${favorites.favoritableType} = ${accountType}`,
    sql`${favorites.favoritableId} = ${startupId}`,
  )!;
  return { following, favorited };
}

/** The placeholder values of `viewerJoins` for this caller. */
export function viewerValues(user: AuthUser | null) {
  const follower = followerOf(user);
  return { viewerType: follower?.type ?? null, viewerId: follower?.id ?? null, viewerUserId: user?.id ?? null };
}

/** The caller-only fields of a card: present only for a logged-in caller. */
export function viewerFlags(user: AuthUser | null, row: { followId: number | null; favoriteId: number | null }) {
  return user ? { is_following: row.followId !== null, is_favorited: row.favoriteId !== null } : {};
}
