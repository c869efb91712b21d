/**
 * Drafts: everything the user started and has not finished, from every feature, in one list sorted by
 * last change. Each source is one SELECT of the same columns with the caller's rights in its where clause;
 * a later feature with drafts adds a source.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DraftJson, DraftType } from "#schemas/drafts.ts";
import { DRAFT_NOT_FOUND } from "#schemas/drafts.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { offset, totalOf, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { discardDraft } from "../applications/documents.ts";
import { applicationWithForm } from "../applications/queries.ts";
import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

type Caller = Pick<AuthUser, "id" | "permissions"> & OrganizationCaller;

/** The sources the caller has: their own application drafts, and their startup's draft event forms. */
function sources(user: Caller): SQL[] {
  const list = [
    sql`select 'application' as type, a.id, f.id as event_form_id, f.title, f.starts_at, f.ends_at, f.timezone, s.name as startup_name,
               a.created_at, a.updated_at
        from event_applications a join event_forms f on f.id = a.event_form_id join startups s on s.id = f.startup_id
        where a.user_id = ${user.id} and a.status = 'draft'`,
  ];
  // The same right the event forms list asks for: whoever cannot see the forms does not see their drafts.
  const access = organizationAccess(user, "forms.read");
  if (access && user.permissions.has("event form read")) {
    list.push(sql`select 'event_form' as type, event_forms.id, event_forms.id as event_form_id, event_forms.title, event_forms.starts_at,
                         event_forms.ends_at, event_forms.timezone, s.name as startup_name, event_forms.created_at, event_forms.updated_at
                  from event_forms join startups s on s.id = event_forms.startup_id
                  where ${managedFormsWhere(access)} and event_forms.status = 'draft'`);
  }
  return list;
}

interface Row {
  type: DraftType;
  id: number;
  event_form_id: number;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  timezone: string;
  startup_name: string;
  created_at: string | Date;
  updated_at: string | Date;
  list_total: number;
}

/** Both drivers may hand timestamps back as Date or as text: the answer is ISO either way. */
const iso = (value: string | Date) => new Date(value).toISOString();

export async function listDrafts(db: Db, user: Caller, query: ListQuery): Promise<PageRows<DraftJson>> {
  const union = sql.join(sources(user), sql` union all `);
  const result = (await db.execute(sql`select d.*, count(*) over ()::int as list_total from (${union}) d
    order by d.updated_at desc, d.type, d.id desc limit ${query.per_page} offset ${offset(query)}`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const total = await totalOf(
    rows.map((r) => ({ listTotal: Number(r.list_total) })),
    query,
    async () =>
      Number(((await db.execute(sql`select count(*)::int as n from (${union}) d`)) as unknown as { rows: { n: number }[] }).rows[0].n),
  );
  const data: DraftJson[] = rows.map((r) => ({
    type: r.type,
    id: Number(r.id),
    title: r.title,
    event_form_id: Number(r.event_form_id),
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    timezone: r.timezone,
    startup_name: r.startup_name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
  return { total, data };
}

/**
 * Discards the caller's application draft (the row and its uploads). Only a draft: one submitted in
 * the meantime (another tab) is left alone and is not found here, rather than being cancelled.
 */
export async function discardApplicationDraft(db: Db, userId: number, id: number) {
  const found = await applicationWithForm(db, id, and(eq(eventApplications.userId, userId), eq(eventApplications.status, "draft")));
  if (!found) throw notFound(DRAFT_NOT_FOUND);
  if (!(await discardDraft(db, userId, id, found.form.customQuestions))) throw notFound(DRAFT_NOT_FOUND);
}
