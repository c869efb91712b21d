import { and, asc, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { hasUnstorableText } from "#schemas/fields.ts";
import { STARTUP_NOT_FOUND, type LimitedFollowers, type StartupProfile } from "#schemas/startups.ts";
import type { FollowAccount } from "#schemas/follows.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import { favorites, follows, teamMembers } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { pageNumberParam, pageSizeParam, type ListQuery } from "#api/lib/pagination.ts";
import { accountPage, followerOf } from "../follows/accounts.ts";
import { fileUrl } from "../files/service.ts";
import { viewerFlags, viewerJoins, viewerValues } from "./viewer.ts";

/** How many upcoming events a profile lists. */
const PROFILE_EVENTS = 10;

/** The profile row and the caller's follow and favorite of it, by username (stored lower-cased). */
const profileQuery = preparedPerDb((db) => {
  const joins = viewerJoins(startups.id, startups.accountType);
  return db
    .select({ startup: startups, followId: follows.id, favoriteId: favorites.id })
    .from(startups)
    .leftJoin(follows, joins.following)
    .leftJoin(favorites, joins.favorited)
    .where(eq(startups.username, sql.placeholder("username")))
    .limit(1)
    .prepare("startup_profile");
});

/** How many accounts the startup follows. */
const followingQuery = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followerType, sql.placeholder("accountType")), eq(follows.followerId, sql.placeholder("id"))))
    .prepare("startup_profile_following"),
);

const upcomingEventsQuery = preparedPerDb((db) =>
  db
    .select({
      id: eventForms.id,
      title: eventForms.title,
      startsAt: eventForms.startsAt,
      timezone: eventForms.timezone,
      typeOfEvent: eventForms.typeOfEvent,
      bannerFileId: eventForms.bannerFileId,
    })
    .from(eventForms)
    .where(and(eq(eventForms.startupId, sql.placeholder("id")), eq(eventForms.status, "published"), gt(eventForms.startsAt, sql`now()`)))
    .orderBy(asc(eventForms.startsAt), asc(eventForms.id))
    .limit(PROFILE_EVENTS)
    .prepare("startup_profile_events"),
);

/** The accepted team: members with a co-founder profile, in the order they joined. */
const teamQuery = preparedPerDb((db) =>
  db
    .select({
      coFounderId: teamMembers.coFounderId,
      name: teamMembers.name,
      title: teamMembers.title,
      role: teamMembers.role,
      avatar: coFounders.avatarFileId,
    })
    .from(teamMembers)
    .innerJoin(coFounders, eq(coFounders.id, teamMembers.coFounderId))
    .where(and(eq(teamMembers.startupId, sql.placeholder("id")), isNotNull(teamMembers.coFounderId)))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id))
    .prepare("startup_profile_team"),
);

/** The public profile by username (case-insensitive, as usernames are stored lower-cased). */
/**
 * The profile; with `followers` (a page query) also that page of its followers, newest first, so the
 * profile screen needs one call (the same page GET /site/startup_followers/{id} answers).
 */
export async function getProfile(
  db: Db,
  user: AuthUser | null,
  username: string,
  followers?: ListQuery,
): Promise<{ profile: StartupProfile; followers?: { total: number; data: FollowAccount[] } }> {
  // Text PostgreSQL cannot hold (a NUL) can name no startup, and could only fail the query.
  if (hasUnstorableText(username) || username.length > 200) throw notFound(STARTUP_NOT_FOUND);
  const [row] = await profileQuery(db).execute({ username: username.trim().toLowerCase(), ...viewerValues(user) });
  if (!row) throw notFound(STARTUP_NOT_FOUND);
  const s = row.startup;

  const [[following], events, team, followersPage] = await Promise.all([
    followingQuery(db).execute({ accountType: s.accountType, id: s.id }),
    upcomingEventsQuery(db).execute({ id: s.id }),
    teamQuery(db).execute({ id: s.id }),
    followers ? accountPage(db, "follower", { type: s.accountType, id: s.id }, followers) : undefined,
  ]);
  const own = followerOf(user);
  const profile: StartupProfile = {
    id: s.id,
    username: s.username,
    account_type: s.accountType,
    name: s.name,
    logo: fileUrl(s.logoFileId),
    description: s.description,
    industry: s.industry,
    stage: s.stage,
    cityName: s.cityName,
    country: s.country,
    website: s.website,
    links: s.links,
    followers_count: s.followersCount,
    following_count: following.n,
    is_following: false,
    is_favorited: false,
    ...viewerFlags(user, row),
    is_own: own !== null && own.type === s.accountType && own.id === s.id,
    created_at: s.createdAt.toISOString(),
    events: events.map((e) => ({
      id: e.id,
      title: e.title,
      starts_at: e.startsAt.toISOString(),
      timezone: e.timezone,
      type_of_event: e.typeOfEvent,
      banner_url: fileUrl(e.bannerFileId),
      link: `/form-submission?form_id=${e.id}`,
    })),
    team: team.map((m) => ({ co_founder_id: m.coFounderId!, name: m.name, title: m.title, role: m.role, avatar_url: fileUrl(m.avatar) })),
  };
  return { profile, followers: followersPage };
}

/** Query of GET /site/startup_followers/{id}: `limit` (page size, or how many with `limited`), `limited`, `page`. */
export interface FollowersQuery {
  limit?: number;
  limited: boolean;
  page: number;
}

/** `followers_limit` and `followers_page` of GET /site/startups/{username}: the followers page to add, if any. */
export function parseProfileFollowersQuery(url: string): ListQuery | undefined {
  const params = new URL(url).searchParams;
  const limit = pageSizeParam(params, "followers_limit");
  if (limit === undefined) return undefined;
  return { page: pageNumberParam(params, "followers_page") ?? 1, per_page: limit, sort_order: "desc" };
}

/** Like the other list queries, bad values fall back to defaults rather than being refused. */
export function parseFollowersQuery(url: string): FollowersQuery {
  const params = new URL(url).searchParams;
  return {
    limit: pageSizeParam(params, "limit"),
    limited: ["1", "true", "yes", "on"].includes((params.get("limited") ?? "").toLowerCase()),
    page: pageNumberParam(params, "page") ?? 1,
  };
}

const startupAccountQuery = preparedPerDb((db) =>
  db
    .select({ type: startups.accountType, id: startups.id })
    .from(startups)
    .where(eq(startups.id, sql.placeholder("id")))
    .prepare("startup_account"),
);

async function startupAccount(db: Db, id: number) {
  const [row] = await startupAccountQuery(db).execute({ id });
  if (!row) throw notFound(STARTUP_NOT_FOUND);
  return row;
}

/** A startup's followers, newest first: a page, or with `limited` only the first `limit` (default 5) and the total. */
export async function startupFollowers(db: Db, id: number, input: FollowersQuery) {
  const account = await startupAccount(db, id);
  if (input.limited) {
    const query: ListQuery = { page: 1, per_page: input.limit ?? 5, sort_order: "desc" };
    const { total, data } = await accountPage(db, "follower", account, query);
    return { limited: { data, total } satisfies LimitedFollowers };
  }
  const query: ListQuery = { page: input.page, per_page: input.limit ?? 15, sort_order: "desc" };
  return { query, ...(await accountPage(db, "follower", account, query)) };
}
