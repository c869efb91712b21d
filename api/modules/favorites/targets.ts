import { organizationAccess, type OrganizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import type { PreparedAccess } from "../event-forms/ownership.ts";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FavoriteType } from "#schemas/favorites.ts";
import type { Db } from "#api/db/client.ts";
import { favorites } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

/*
 * What a favorite points at, and which targets a user may see: startup/organization → a startups row of that
 * account type; co_founder → a co_founders row; event → an event form that is published, or belongs to the
 * caller's own startup (drafts they are working on).
 */

export const eventStartups = alias(startups, "event_startups");

/** Whose event drafts are visible: the forms an access reaches, as values or a prepared query's placeholders. */
type Viewer = OrganizationAccess | PreparedAccess | null;

/** An event form the user may see: published, or one their access reaches. */
export function visibleEvent(user: Viewer): SQL {
  return or(eq(eventForms.status, "published"), managedFormsWhere(user))!;
}

/** Join conditions from `favorites` to each kind of target; a target the user may not see does not join. */
export function targetJoins(user: Viewer) {
  return {
    startup: and(
      inArray(favorites.favoritableType, ["startup", "organization"]),
      eq(startups.id, favorites.favoritableId),
      sql`${startups.accountType} = ${favorites.favoritableType}`,
    ),
    coFounder: and(eq(favorites.favoritableType, "co_founder"), eq(coFounders.id, favorites.favoritableId)),
    event: and(eq(favorites.favoritableType, "event"), eq(eventForms.id, favorites.favoritableId), visibleEvent(user)),
  };
}

/** True when the target exists and the user may see it (what POST checks before saving). */
export async function targetVisible(db: Db, user: OrganizationCaller, type: FavoriteType, id: number): Promise<boolean> {
  let rows: unknown[];
  if (type === "startup" || type === "organization") {
    rows = await db
      .select({ id: startups.id })
      .from(startups)
      .where(and(eq(startups.id, id), eq(startups.accountType, type)));
  } else if (type === "co_founder") {
    rows = await db.select({ id: coFounders.id }).from(coFounders).where(eq(coFounders.id, id));
  } else {
    rows = await db
      .select({ id: eventForms.id })
      .from(eventForms)
      .where(and(eq(eventForms.id, id), visibleEvent(organizationAccess(user, "forms.read"))));
  }
  return rows.length > 0;
}
