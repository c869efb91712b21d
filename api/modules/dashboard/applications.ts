/** The owner's application cards: applications per day and by review stage, for all forms or one. */
import { desc, sql } from "drizzle-orm";
import { REVIEW_STATUSES } from "#schemas/events.ts";
import { FORM_PICKER_LIMIT, type ApplicationsByStage, type ApplicationsPerDay, type DashboardForm } from "#schemas/dashboard.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import {
  boundsColumns,
  boundsCte,
  daysCte,
  isoDate,
  localDay,
  orderedValues,
  rowsOf,
  windowOf,
  windowStart,
  type Window,
} from "./window.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";

/** Submitted applications by where they stand now: the review statuses, then cancelled ones. */
export const STAGES = [...REVIEW_STATUSES, "cancelled"] as const;

export interface OwnerScope {
  access: OrganizationAccess;
  /** One form the access reaches, or all of them. */
  form: DashboardForm | null;
}

/**
 * The form a card is narrowed to, found only among the startup's own (another's is as good as missing),
 * with its time zone: the card's days are the event's own unless the caller named a zone.
 */
export async function ownFormForCard(db: Db, access: OrganizationAccess, formId: number) {
  const [form] = await db
    .select({ id: eventForms.id, title: eventForms.title, timezone: eventForms.timezone })
    .from(eventForms)
    .where(managedFormsWhere(access, formId));
  if (!form) throw notFound(EVENT_FORM_NOT_FOUND);
  return form;
}

/** The startup's latest forms by start, for the card's form picker (a long history stays a short list). */
function formsForPicker(db: Db, access: OrganizationAccess): Promise<DashboardForm[]> {
  return db
    .select({ id: eventForms.id, title: eventForms.title })
    .from(eventForms)
    .where(managedFormsWhere(access))
    .orderBy(desc(eventForms.startsAt), desc(eventForms.id))
    .limit(FORM_PICKER_LIMIT);
}

/** Submitted applications to the scope's forms since the window started (drafts are the applicant's own). */
const submittedInWindow = (scope: OwnerScope, w: Window) => sql`
  from event_applications a join event_forms on event_forms.id = a.event_form_id
  where ${managedFormsWhere(scope.access)} ${scope.form ? sql`and a.event_form_id = ${scope.form.id}` : sql``}
    and a.status <> 'draft' and a.submitted_at >= ${windowStart(w)}`;

export async function applicationsPerDay(db: Db, scope: OwnerScope, w: Window): Promise<ApplicationsPerDay> {
  const [rows, forms] = await Promise.all([
    rowsOf<{ date: string; count: number; window_from: string; window_to: string }>(
      db,
      sql`with ${boundsCte(w)}, ${daysCte},
      counts as (select ${localDay(sql`a.submitted_at`, w.zone)} as day, count(*)::int as n ${submittedInWindow(scope, w)} group by 1)
      select ${isoDate(sql`days.day`)} as date, coalesce(counts.n, 0)::int as count, ${boundsColumns}
      from days left join counts on counts.day = days.day
      order by days.day`,
    ),
    formsForPicker(db, scope.access),
  ]);
  const days = rows.map(({ date, count }) => ({ date, count: Number(count) }));
  return {
    ...(await windowOf(db, w, rows[0])),
    event_form: scope.form,
    total: days.reduce((sum, day) => sum + day.count, 0),
    days,
    forms,
  };
}

export async function applicationsByStage(db: Db, scope: OwnerScope, w: Window): Promise<ApplicationsByStage> {
  const rows = await rowsOf<{ status: string; count: number; window_from: string; window_to: string }>(
    db,
    sql`with ${boundsCte(w)},
      counts as (select a.status, count(*)::int as n ${submittedInWindow(scope, w)} group by 1)
      select s.value as status, coalesce(counts.n, 0)::int as count, ${boundsColumns}
      from ${orderedValues(STAGES)} s left join counts on counts.status = s.value
      order by s.ord`,
  );
  const stages = rows.map(({ status, count }) => ({ status, count: Number(count) }));
  return {
    ...(await windowOf(db, w, rows[0])),
    event_form: scope.form,
    total: stages.reduce((sum, stage) => sum + stage.count, 0),
    stages,
  };
}
