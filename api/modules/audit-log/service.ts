/**
 * The audit log: the organization's record of what happened (activities), newest first, filtered by who,
 * what kind, which event form and which days. It only reads: no entry is ever edited or deleted, and the
 * database refuses both.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  ACTIVITY_KIND_LABELS,
  AUDITED_KINDS,
  changeLines,
  type AuditLogEntry,
  type AuditLogFilters,
  type AuditLogOption,
} from "#schemas/activity.ts";
import { zonedToInstant } from "#schemas/time.ts";
import type { Db } from "#api/db/client.ts";
import { activities } from "#api/db/organization-schema.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { csvStream } from "#api/lib/csv.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { pageValues, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";

/** The filters as the queries take them: the days turned into instants on the reader's clock. */
interface AuditLogWindow {
  actorId?: number;
  kind?: string;
  eventFormId?: number;
  /** The first instant of the from day. */
  since?: string;
  /** The first instant after the to day. */
  before?: string;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The filters with the days read in the reader's time zone, both days included. */
export function auditLogWindow(filters: AuditLogFilters, timeZone: string): AuditLogWindow {
  const dayStart = (day: string) => zonedToInstant(`${day}T00:00`, timeZone).toISOString();
  return {
    actorId: filters.actor_id,
    kind: filters.kind,
    eventFormId: filters.event_form_id,
    since: filters.from ? dayStart(filters.from) : undefined,
    before: filters.to ? dayStart(nextDay(filters.to)) : undefined,
  };
}

/** The log's filters: a new one is one more entry here, read by the page, its count and the CSV. */
const AUDIT_FILTERS = listFilters<AuditLogWindow>()({
  actor: { value: (w) => w.actorId, where: (id) => eq(activities.actorId, id) },
  kind: { value: (w) => w.kind, where: (kind) => eq(activities.kind, kind) },
  form: { value: (w) => w.eventFormId, where: (id) => eq(activities.eventFormId, id) },
  since: { value: (w) => w.since, where: (at) => sql`${activities.at} >= ${at}::timestamptz` },
  before: { value: (w) => w.before, where: (at) => sql`${activities.at} < ${at}::timestamptz` },
});

type AuditShape = ShapeOf<typeof AUDIT_FILTERS>;

const entryColumns = {
  id: activities.id,
  at: activities.at,
  actorId: activities.actorId,
  actorName: activities.actorName,
  kind: activities.kind,
  subjectType: activities.subjectType,
  subjectId: activities.subjectId,
  subjectLabel: activities.subjectLabel,
  changes: activities.changes,
};

type EntryRow = Pick<typeof activities.$inferSelect, keyof typeof entryColumns>;

const entryView = (r: EntryRow): AuditLogEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { id: r.actorId, name: r.actorName },
  kind: r.kind,
  subject: { type: r.subjectType, id: r.subjectId, label: r.subjectLabel },
  // A value written as undefined was left out of the stored JSON: it reads as none.
  changes: Object.fromEntries(Object.entries(r.changes).map(([field, { from, to }]) => [field, { from: from ?? null, to: to ?? null }])),
});

/** The organization's own changes: what others did to it (an application arriving) is on the record, not the log. */
const auditedOf = (organizationId: number | ReturnType<typeof sql.placeholder>) =>
  and(eq(activities.organizationId, organizationId), inArray(activities.kind, AUDITED_KINDS));

const ofOrganization = (shape: AuditShape) => and(auditedOf(sql.placeholder("organizationId")), ...AUDIT_FILTERS.where(shape));

const auditPageQuery = preparedPerShape("audit_log_page", (db, shape: AuditShape, name) =>
  db
    .select({ ...entryColumns, listTotal: totalOver() })
    .from(activities)
    .where(ofOrganization(shape))
    .orderBy(desc(activities.at), desc(activities.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name),
);

const auditCountQuery = preparedPerShape("audit_log_count", (db, shape: AuditShape, name) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(activities)
    .where(ofOrganization(shape))
    .prepare(name),
);

/** One page of the organization's entries, newest first. */
export async function listAuditLog(
  db: Db,
  access: OrganizationAccess,
  window: AuditLogWindow,
  query: ListQuery,
): Promise<PageRows<AuditLogEntry>> {
  const { shape, values: filterValues } = AUDIT_FILTERS.read(window);
  const values = { organizationId: access.organizationId, ...filterValues, ...pageValues(query) };
  const rows = await auditPageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await auditCountQuery(db, shape).execute(values))[0].n);
  return { total, data: rows.map(entryView) };
}

/**
 * Who has acted in the organization and which event forms its entries name, each by the name its newest
 * entry gave it (a member who left, a form since deleted, still offered), for the log's filters.
 */
export async function auditLogOptions(
  db: Db,
  access: OrganizationAccess,
): Promise<{ actors: AuditLogOption[]; event_forms: AuditLogOption[] }> {
  const ofOrg = auditedOf(access.organizationId);
  const [actors, forms] = await Promise.all([
    db
      .selectDistinctOn([activities.actorId], { id: activities.actorId, name: activities.actorName })
      .from(activities)
      .where(and(ofOrg, isNotNull(activities.actorId)))
      .orderBy(activities.actorId, desc(activities.at), desc(activities.id)),
    db
      .selectDistinctOn([activities.eventFormId], { id: activities.eventFormId, name: activities.subjectLabel })
      .from(activities)
      .where(and(ofOrg, isNotNull(activities.eventFormId), eq(activities.subjectType, "event_form")))
      .orderBy(activities.eventFormId, desc(activities.at), desc(activities.id)),
  ]);
  const byName = (a: AuditLogOption, b: AuditLogOption) => a.name.localeCompare(b.name) || a.id - b.id;
  const options = (rows: { id: number | null; name: string | null }[]) =>
    rows.map((r) => ({ id: r.id ?? 0, name: r.name ?? "" })).sort(byName);
  return { actors: options(actors), event_forms: options(forms) };
}

/** The filtered entries as CSV, newest first: one line each, its changes as "field: before → after". */
export function auditLogCsv(db: Db, access: OrganizationAccess, window: AuditLogWindow): ReadableStream<Uint8Array> {
  const where = and(auditedOf(access.organizationId), ...AUDIT_FILTERS.whereValues(window));
  return csvStream(
    ["At", "Member", "What", "Subject type", "Subject id", "Subject", "Changes"],
    (offset, limit) =>
      db.select(entryColumns).from(activities).where(where).orderBy(desc(activities.at), desc(activities.id)).limit(limit).offset(offset),
    (r) => [
      r.at.toISOString(),
      r.actorName ?? "",
      ACTIVITY_KIND_LABELS[r.kind] ?? r.kind,
      r.subjectType,
      r.subjectId === null ? "" : String(r.subjectId),
      r.subjectLabel,
      changeLines(r.changes).join("; "),
    ],
  );
}
