/**
 * Who may manage an event form, decided in one place: the form editor, the responses screens and the
 * payments screen all build their look-ups from this condition, then answer a refusal in their own words.
 */
import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";

/** The forms anyone may read (a public page, the sitemap, the events list): published and closed ones; drafts are their owner's. */
export const publicFormsWhere: SQL = inArray(eventForms.status, ["published", "closed"]);

/** The caller as far as forms go: the startup they act for, if any (or its placeholder in a prepared query). */
export interface FormManager {
  startupId: number | null | Placeholder;
}

/**
 * The forms this caller may manage, as a `where` condition: those of the caller's own startup. A caller
 * without a startup manages none. With an id, only that form.
 */
export function managedFormsWhere(caller: FormManager, id?: number | Placeholder): SQL {
  const ofOwnStartup = caller.startupId === null ? sql`false` : eq(eventForms.startupId, caller.startupId);
  return id === undefined ? ofOwnStartup : and(eq(eventForms.id, id), ofOwnStartup)!;
}

const managedFormQuery = preparedPerDb((db) =>
  db
    .select()
    .from(eventForms)
    .where(managedFormsWhere({ startupId: sql.placeholder("startupId") }, sql.placeholder("id")))
    .prepare("managed_event_form"),
);

/**
 * The form when this caller may manage it, else null: another startup's form looks the same as a missing
 * one here, and each endpoint says which it tells apart. `lock` locks the row for the caller's transaction.
 */
export async function findManagedForm(
  db: Db,
  caller: { startupId: number | null },
  id: number,
  lock?: "update" | "no key update",
): Promise<typeof eventForms.$inferSelect | null> {
  if (lock || caller.startupId === null) {
    const query = db.select().from(eventForms).where(managedFormsWhere(caller, id));
    const [row] = lock ? await query.for(lock) : await query;
    return row ?? null;
  }
  const [row] = await managedFormQuery(db).execute({ id, startupId: caller.startupId });
  return row ?? null;
}
