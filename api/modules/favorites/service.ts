import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import { accessPlaceholders } from "../event-forms/ownership.ts";
import { and, count, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { FAVORITE_TYPES, INVALID_FAVORITABLE_ID, type FavoriteInput, type FavoriteType, type FavoriteView } from "#schemas/favorites.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { favorites } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import { pageValues, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { preparedPerShape } from "#api/db/embedded/prepared.ts";
import { fileUrl } from "../files/service.ts";
import { eventStartups, targetJoins, targetVisible } from "./targets.ts";

type Caller = Pick<AuthUser, "id"> & OrganizationCaller;

/** Saves the target for the user. Saving twice changes nothing (the unique index answers the race). */
export async function addFavorite(db: Db, user: Caller, input: FavoriteInput) {
  if (!(await targetVisible(db, user, input.favoritable_type, input.favoritable_id)))
    throw fieldError("favoritable_id", INVALID_FAVORITABLE_ID);
  await db
    .insert(favorites)
    .values({
      userId: user.id,
      favoritableType: input.favoritable_type,
      favoritableId: input.favoritable_id,
    })
    .onConflictDoNothing();
}

/** Unsaves it; removing what was never saved changes nothing. */
export async function removeFavorite(db: Db, user: Caller, input: FavoriteInput) {
  await db
    .delete(favorites)
    .where(
      and(
        eq(favorites.userId, user.id),
        eq(favorites.favoritableType, input.favoritable_type),
        eq(favorites.favoritableId, input.favoritable_id),
      ),
    );
}

const visible = or(isNotNull(startups.id), isNotNull(coFounders.id), isNotNull(eventForms.id));

/** Whether the caller reads their organization's forms (its drafts join too) and whether one type is asked for. */
type FavoriteShape = { ownStartup: boolean; ofType: boolean };

const viewerOf = (shape: FavoriteShape) => (shape.ownStartup ? accessPlaceholders : null);
const mineWhere = and(eq(favorites.userId, sql.placeholder("userId")), visible);

/** How many of the caller's favorites of each type, prepared (its SQL is built once). */
const countsQuery = preparedPerShape("favorite_counts", (db, ownStartup: boolean, name) => {
  // A target that is gone or hidden leaves all three joins empty, so `visible` drops it.
  const on = targetJoins(viewerOf({ ownStartup, ofType: false }));
  return db
    .select({ type: favorites.favoritableType, n: count() })
    .from(favorites)
    .leftJoin(startups, on.startup)
    .leftJoin(coFounders, on.coFounder)
    .leftJoin(eventForms, on.event)
    .where(mineWhere)
    .groupBy(favorites.favoritableType)
    .prepare(name);
});

/** One page of the caller's favorites, newest first, prepared per shape. */
const pageQuery = preparedPerShape("favorite_page", (db, shape: FavoriteShape, name) => {
  const on = targetJoins(viewerOf(shape));
  return db
    .select({
      id: favorites.id,
      type: favorites.favoritableType,
      targetId: favorites.favoritableId,
      createdAt: favorites.createdAt,
      startup: {
        name: startups.name,
        username: startups.username,
        logo: startups.logoFileId,
        industry: startups.industry,
        city: startups.cityName,
      },
      coFounder: {
        name: coFounders.name,
        headline: coFounders.headline,
        avatar: coFounders.avatarFileId,
        city: coFounders.cityName,
      },
      event: {
        title: eventForms.title,
        banner: eventForms.bannerFileId,
        category: eventForms.category,
        startsAt: eventForms.startsAt,
        host: eventStartups.name,
      },
    })
    .from(favorites)
    .leftJoin(startups, on.startup)
    .leftJoin(coFounders, on.coFounder)
    .leftJoin(eventForms, on.event)
    .leftJoin(eventStartups, eq(eventStartups.id, eventForms.startupId))
    .where(and(mineWhere, shape.ofType ? eq(favorites.favoritableType, sql.placeholder("type")) : undefined))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

export async function listFavorites(
  db: Db,
  user: Caller,
  type: FavoriteType | undefined,
  query: ListQuery,
): Promise<PageRows<FavoriteView> & { counts: Record<FavoriteType, number> }> {
  const access = organizationAccess(user, "forms.read");
  const shape = { ownStartup: access !== null, ofType: Boolean(type) };
  const values = { userId: user.id, ...access, type, ...pageValues(query) };
  const [totals, rows] = await Promise.all([countsQuery(db, shape.ownStartup).execute(values), pageQuery(db, shape).execute(values)]);
  const counts = Object.fromEntries(FAVORITE_TYPES.map((t) => [t, 0])) as Record<FavoriteType, number>;
  for (const row of totals) counts[row.type] = Number(row.n);
  const total = type ? counts[type] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { total, counts, data: rows.map(favoriteView) };
}

interface FavoriteRow {
  id: number;
  type: FavoriteType;
  targetId: number;
  createdAt: Date;
  startup: {
    name: string;
    username: string;
    logo: string | null;
    industry: string;
    city: string;
  } | null;
  coFounder: {
    name: string;
    headline: string;
    avatar: string | null;
    city: string;
  } | null;
  /** Drizzle cannot tell this one is null as a whole: its columns span two left joins (the form and its startup). */
  event: { title: string | null; banner: string | null; category: string | null; startsAt: Date | null; host: string | null } | null;
}

function favoriteView(row: FavoriteRow): FavoriteView {
  const base = {
    id: row.id,
    favoritable_type: row.type,
    favoritable_id: row.targetId,
    created_at: row.createdAt.toISOString(),
    starts_at: null,
  };
  if (row.startup) {
    const s = row.startup;
    return {
      ...base,
      name: s.name,
      link: `/startups/${s.username}`,
      image_url: fileUrl(s.logo),
      subtitle: `${s.industry} · ${s.city}`,
    };
  }
  if (row.coFounder) {
    const p = row.coFounder;
    return {
      ...base,
      name: p.name,
      link: `/co-founders/${row.targetId}`,
      image_url: fileUrl(p.avatar),
      subtitle: `${p.headline} · ${p.city}`,
    };
  }
  const e = row.event!;
  return {
    ...base,
    name: e.title ?? "",
    link: `/form-submission?form_id=${row.targetId}`,
    image_url: fileUrl(e.banner),
    subtitle: [e.host, e.category].filter(Boolean).join(" · "),
    starts_at: e.startsAt?.toISOString() ?? null,
  };
}
