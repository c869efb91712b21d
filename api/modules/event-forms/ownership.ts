/**
 * Who may manage an event form, decided in one place: the form editor, the responses screens and the
 * payments screen all build their look-ups from this condition, then answer a refusal in their own words.
 */
import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";

/** The forms anyone may read (a public page, the sitemap, the events list): published and closed ones; drafts are their owner's. */
export const publicFormsWhere: SQL = inArray(eventForms.status, ["published", "closed"]);

/**
 * The forms this access reaches, as a `where` condition: those of its organization, within the member's
 * forms when they are limited to some. No access reaches none. With an id, only that form.
 */
export function managedFormsWhere(access: OrganizationAccess | PreparedAccess | null, id?: number | Placeholder): SQL {
  const reached = access === null ? sql`false` : and(eq(eventForms.startupId, access.organizationId), scopeWhere(access.formScope))!;
  return id === undefined ? reached : and(eq(eventForms.id, id), reached)!;
}

/** An access as a prepared query's placeholders: execute it with the `OrganizationAccess` itself as values. */
export interface PreparedAccess {
  organizationId: Placeholder;
  formScope: Placeholder;
}

/** The placeholders of an access, named as `OrganizationAccess` names its fields. */
export const accessPlaceholders: PreparedAccess = {
  organizationId: sql.placeholder("organizationId"),
  formScope: sql.placeholder("formScope"),
};

function scopeWhere(formScope: number[] | Placeholder | null): SQL | undefined {
  if (formScope === null) return undefined;
  if (Array.isArray(formScope)) return inArray(eventForms.id, formScope);
  return sql`(${formScope}::int[] is null or ${eventForms.id} = any(${formScope}::int[]))`;
}

const managedFormQuery = preparedPerDb((db) =>
  db
    .select()
    .from(eventForms)
    .where(managedFormsWhere(accessPlaceholders, sql.placeholder("id")))
    .prepare("managed_event_form"),
);

/**
 * The form when this caller may manage it, else null: another startup's form looks the same as a missing
 * one here, and each endpoint says which it tells apart. `lock` locks the row for the caller's transaction.
 */
export async function findManagedForm(
  db: Db,
  access: OrganizationAccess | null,
  id: number,
  lock?: "update" | "no key update",
): Promise<typeof eventForms.$inferSelect | null> {
  if (lock || access === null) {
    const query = db.select().from(eventForms).where(managedFormsWhere(access, id));
    const [row] = lock ? await query.for(lock) : await query;
    return row ?? null;
  }
  const [row] = await managedFormQuery(db).execute({ id, ...access });
  return row ?? null;
}
