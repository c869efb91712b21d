/** The lookups and rules the applicant's and the owner's sides share. */
import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { organizationAccess, type OrganizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import type { Db } from "#api/db/client.ts";
import { startups } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { managedFormsWhere, publicFormsWhere } from "../event-forms/ownership.ts";

/** Published and closed forms are public to logged-in users; drafts only to the members who read the organization's forms. */
export const visibleTo = (user: OrganizationCaller): SQL | undefined =>
  or(publicFormsWhere, managedFormsWhere(organizationAccess(user, "forms.read")));

/**
 * A form with its startup, found only where the user may see it: any other is as good as missing.
 * `managed` says whether the user manages it, by the same rule that lets them see a draft.
 */
export async function visibleFormWithStartup(db: Db, user: OrganizationCaller, id: number) {
  const [row] = await db
    .select({
      form: eventForms,
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
      managed: sql<boolean>`${managedFormsWhere(organizationAccess(user, "forms.read"))}`.mapWith(Boolean),
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(and(eq(eventForms.id, id), visibleTo(user)));
  return row ?? null;
}

/**
 * The applications the owner's side deals with, as a condition: submitted (never a draft, which stays the
 * applicant's own) to a form this access reaches. No access reaches none.
 */
export const responsesToOwner = (access: OrganizationAccess | null): SQL | undefined =>
  and(managedFormsWhere(access), ne(eventApplications.status, "draft"));

export async function applicationOf(db: Db, formId: number, userId: number) {
  const [row] = await db
    .select()
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, formId), eq(eventApplications.userId, userId)));
  return row ?? null;
}

/**
 * An application with what its form says about it, found only where `scope` holds: the caller's right to
 * it is part of the query, so an application they may not touch is indistinguishable from a missing one.
 */
export async function applicationWithForm(db: Db, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ application: eventApplications, form: { startupId: eventForms.startupId, customQuestions: eventForms.customQuestions } })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(and(eq(eventApplications.id, id), scope));
  return row ?? null;
}

/** Ascending or descending, with missing values (drafts' submitted_at) always last. */
export const direction = (column: AnyPgColumn | SQL, order: "asc" | "desc") =>
  order === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
