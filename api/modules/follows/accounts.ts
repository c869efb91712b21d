import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FollowAccount, FollowType } from "#schemas/follows.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { follows } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { pageValues, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { preparedPerShape } from "#api/db/embedded/prepared.ts";
import { fileUrl } from "../files/service.ts";
import { organizationAccess } from "#api/lib/owner.ts";

/** An account that follows or is followed. */
export interface Account {
  type: FollowType;
  id: number;
}

/**
 * The account the caller follows as: the organization they act for when their role there may speak for
 * its profile (so a team follows once), or else their co-founder profile. Null when they have neither.
 */
export function followerOf(user: AuthUser | null): Account | null {
  const organization = organizationAccess(user, "organization.profile");
  if (organization && user?.startupAccountType) return { type: user.startupAccountType, id: organization.organizationId };
  if (user?.coFounderId) return { type: "co_founder", id: user.coFounderId };
  return null;
}

/** The account's name, or null when there is none; a startup row must also be of the named account type. */
export async function accountName(db: Db, account: Account): Promise<string | null> {
  const [row] =
    account.type === "co_founder"
      ? await db.select({ name: coFounders.name }).from(coFounders).where(eq(coFounders.id, account.id))
      : await db
          .select({ name: startups.name })
          .from(startups)
          .where(and(eq(startups.id, account.id), eq(startups.accountType, account.type)));
  return row?.name ?? null;
}

/** Moves the account's followers_count by `delta` and answers the new count (null: no such row). */
export async function bumpFollowers(db: Db, account: Account, delta: 1 | -1): Promise<number | null> {
  // greatest(): a count can never show below zero, even if it was ever edited by hand.
  const rows =
    account.type === "co_founder"
      ? await db
          .update(coFounders)
          .set({ followersCount: sql`greatest(${coFounders.followersCount} + ${delta}, 0)` })
          .where(eq(coFounders.id, account.id))
          .returning({ n: coFounders.followersCount })
      : await db
          .update(startups)
          .set({ followersCount: sql`greatest(${startups.followersCount} + ${delta}, 0)` })
          .where(and(eq(startups.id, account.id), eq(startups.accountType, account.type)))
          .returning({ n: startups.followersCount });
  return rows[0]?.n ?? null;
}

export async function followersCount(db: Db, account: Account): Promise<number> {
  const rows =
    account.type === "co_founder"
      ? await db.select({ n: coFounders.followersCount }).from(coFounders).where(eq(coFounders.id, account.id))
      : await db.select({ n: startups.followersCount }).from(startups).where(eq(startups.id, account.id));
  return rows[0]?.n ?? 0;
}

/** The panel page of an account. */
export const accountLink = (type: FollowType, id: number, username: string | null) =>
  type === "co_founder" ? `/co-founders/${id}` : `/startups/${username}`;

const STARTUP_TYPES: FollowType[] = ["startup", "organization"];

type Side = "follower" | "followee";

/** The follow rows whose other side is the account named by the placeholders `accountType` and `accountId`. */
function otherSideIs(side: Side) {
  const [type, id] = side === "follower" ? [follows.followeeType, follows.followeeId] : [follows.followerType, follows.followerId];
  return and(eq(type, sql.placeholder("accountType")), eq(id, sql.placeholder("accountId")));
}

/** Prepared per side (its SQL is built once): the page, carrying the list's total. */
const accountPageQuery = preparedPerShape("follow_account_page", (db, side: Side, name) => {
  const type = side === "follower" ? follows.followerType : follows.followeeType;
  const id = side === "follower" ? follows.followerId : follows.followeeId;
  return db
    .select({
      type,
      id,
      followedAt: follows.createdAt,
      startupName: startups.name,
      username: startups.username,
      logo: startups.logoFileId,
      personName: coFounders.name,
      avatar: coFounders.avatarFileId,
      listTotal: totalOver(),
    })
    .from(follows)
    .leftJoin(startups, and(inArray(type, STARTUP_TYPES), eq(startups.id, id)))
    .leftJoin(coFounders, and(eq(type, "co_founder"), eq(coFounders.id, id)))
    .where(otherSideIs(side))
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

const accountCountQuery = preparedPerShape("follow_account_count", (db, side: Side, name) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(follows)
    .where(otherSideIs(side))
    .prepare(name),
);

/**
 * One page of the accounts on one side of the account's follow rows (`side` "follower": who follows it;
 * "followee": whom it follows), newest follow first, with each account's name and picture in the same query.
 */
export async function accountPage(db: Db, side: Side, account: Account, query: ListQuery): Promise<PageRows<FollowAccount>> {
  const values = { accountType: account.type, accountId: account.id, ...pageValues(query) };
  const rows = await accountPageQuery(db, side).execute(values);
  const total = await totalOf(rows, query, async () => (await accountCountQuery(db, side).execute(values))[0].n);
  const data: FollowAccount[] = rows.map((r) => ({
    type: r.type,
    id: r.id,
    name: r.startupName ?? r.personName ?? "Removed account",
    username: r.username,
    link: accountLink(r.type, r.id, r.username),
    avatar_url: fileUrl(r.logo ?? r.avatar),
    followed_at: r.followedAt.toISOString(),
  }));
  return { total, data };
}
