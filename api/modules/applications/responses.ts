/** The form's owner: its submitted applications (list, one, CSV) and their review status. */
import { and, count, eq, ilike, inArray, ne, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { ApplicationView } from "#schemas/applications.ts";
import { formatTicketCode } from "#schemas/check-ins.ts";
import type { ReviewStatus } from "#schemas/events.ts";
import type { ReviewCompleteness, ReviewFigures, ReviewSort } from "#schemas/reviews.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventCheckIns, eventForms, type Answers, type ApplicationStatus } from "#api/db/events-schema.ts";
import { csvStream } from "#api/lib/csv.ts";
import { applyingQuestions } from "#schemas/question-rules.ts";
import { fieldError, forbidden, notFound } from "#api/lib/errors.ts";
import { offset, pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { listFilters, preparedPerDb, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { containsPattern } from "#api/lib/like.ts";
import { organizationAccess, organizationFor } from "#api/lib/owner.ts";
import type { OrganizationPermission } from "#schemas/organization-roles.ts";
import { findManagedForm } from "../event-forms/ownership.ts";
import { questionsOf } from "./answers.ts";
import type { ReviewColumns } from "./review-figures.ts";
import { NOT_HOLDING_A_PLACE, UNSENT_OR_WITHDRAWN } from "./availability.ts";
import { fillFreedPlaces, lockedForm } from "./waitlist.ts";
import { newTicketCode } from "../check-ins/tickets.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { APPLICATION_NOT_FOUND, FORM_NOT_FOUND, NOT_SUBMITTED } from "./messages.ts";
import { applicationWithForm, direction, responsesToOwner } from "./queries.ts";
import { answerFileUrl, applicationResource, iso, type FormRow } from "./views.ts";

const formExistsQuery = preparedPerDb((db) =>
  db
    .select({ id: eventForms.id })
    .from(eventForms)
    .where(eq(eventForms.id, sql.placeholder("id")))
    .prepare("responses_form_exists"),
);

/**
 * A form of the caller's organization that their role reaches with this permission: 404 when the form does
 * not exist, 403 when it belongs to another organization or lies beyond their role or their forms.
 */
export async function managedFormOr403(db: Db, user: AuthUser, id: number, permission: OrganizationPermission = "forms.read") {
  const form = await findManagedForm(db, organizationAccess(user, permission), id);
  if (form) return form;
  const [exists] = await formExistsQuery(db).execute({ id });
  throw exists ? forbidden() : notFound(FORM_NOT_FOUND);
}

export interface ResponseFilters {
  search?: string;
  status?: ApplicationStatus;
}

/** The list's filters: a new one is one more entry here, read by the request, the page, its count and the CSV. */
const RESPONSE_FILTERS = listFilters<ResponseFilters>()({
  status: { value: (filters) => filters.status, where: (status) => eq(eventApplications.status, status) },
  search: {
    value: (filters) => (filters.search ? containsPattern(filters.search) : undefined),
    where: (like) => or(ilike(eventApplications.applicantName, like), ilike(eventApplications.applicantEmail, like)),
  },
});

/** Submitted (not draft) applications of the form matching the filters' conditions. */
function responsesWhere(formId: number | Placeholder, conditions: (SQL | undefined)[]) {
  return and(eq(eventApplications.eventFormId, formId), ne(eventApplications.status, "draft"), ...conditions);
}

const RESPONSE_SORTS = ["submitted_at", "applicant_name", "status"] as const;

type ResponseFilterShape = ShapeOf<typeof RESPONSE_FILTERS>;
const preparedWhere = (shape: ResponseFilterShape) => responsesWhere(sql.placeholder("formId"), RESPONSE_FILTERS.where(shape));

/** The page (carrying the list's total), prepared per filter and order: its SQL is built once. */
const responsePageQuery = preparedPerShape(
  "response_page",
  (db, shape: ResponseFilterShape & { sortBy: (typeof RESPONSE_SORTS)[number]; order: "asc" | "desc" }, name) => {
    const column = {
      submitted_at: eventApplications.submittedAt,
      applicant_name: sql`lower(${eventApplications.applicantName})`,
      status: eventApplications.status,
    }[shape.sortBy];
    return db
      .select({ application: eventApplications, listTotal: totalOver() })
      .from(eventApplications)
      .where(preparedWhere(shape))
      .orderBy(direction(column, shape.order), direction(eventApplications.id, shape.order))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
  },
);

const responseCountQuery = preparedPerShape("response_count", (db, shape: ResponseFilterShape, name) =>
  db.select({ n: count() }).from(eventApplications).where(preparedWhere(shape)).prepare(name),
);

export async function listResponses(db: Db, form: FormRow, query: ListQuery & ResponseFilters): Promise<PageRows<ApplicationView>> {
  const { shape: filters, values: filterValues } = RESPONSE_FILTERS.read(query);
  const values = { formId: form.id, ...filterValues, ...pageValues(query) };
  const shape = { ...filters, sortBy: sortColumn(query.sort_by, RESPONSE_SORTS, "submitted_at"), order: query.sort_order };
  const rows = await responsePageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await responseCountQuery(db, filters).execute(values))[0].n);
  return { total, data: rows.map((row) => applicationResource(row.application, form.customQuestions)) };
}

/** Ordering and filtering by the applications' reviews (figures read whole for the form: review-figures.ts). */
export interface ReviewOrder {
  sortBy?: ReviewSort;
  discuss?: boolean;
  reviewed?: ReviewCompleteness;
}

export const ordersByReview = (order: ReviewOrder) => Boolean(order.sortBy || order.discuss || order.reviewed);

const responseIdsQuery = preparedPerShape("response_ids", (db, shape: ResponseFilterShape, name) =>
  db
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(preparedWhere(shape))
    .orderBy(direction(eventApplications.submittedAt, "desc"), direction(eventApplications.id, "desc"))
    .prepare(name),
);

/**
 * The page of responses matching the filters, kept and ordered by their reviews: the matching ids are read
 * (newest first), kept and sorted by their figures (an application without a score last, whichever the
 * direction), and the page's rows read by id.
 */
export async function listResponsesByReview(
  db: Db,
  form: FormRow,
  query: ListQuery & ResponseFilters,
  order: ReviewOrder,
  figures: Map<number, ReviewFigures>,
): Promise<PageRows<ApplicationView>> {
  const { shape: filters, values } = RESPONSE_FILTERS.read(query);
  const ids = (await responseIdsQuery(db, filters).execute({ formId: form.id, ...values })).map((r) => r.id);
  const kept = ids.filter((id) => {
    const figure = figures.get(id);
    if (order.discuss && !figure?.discuss) return false;
    if (order.reviewed) return order.reviewed === "complete" ? Boolean(figure?.complete) : !figure?.complete;
    return true;
  });
  const sortBy = order.sortBy;
  if (sortBy) {
    const value = (id: number) => figures.get(id)?.[sortBy] ?? null;
    const sign = query.sort_order === "asc" ? 1 : -1;
    // A stable sort: equal figures keep the newest first.
    kept.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * (x - y);
    });
  }
  const pageIds = kept.slice(offset(query), offset(query) + query.per_page);
  const rows = pageIds.length ? await db.select().from(eventApplications).where(inArray(eventApplications.id, pageIds)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { total: kept.length, data: pageIds.map((id) => applicationResource(byId.get(id)!, form.customQuestions)) };
}

export async function getResponse(db: Db, form: FormRow, applicationId: number): Promise<ApplicationView> {
  const [row] = await db
    .select()
    .from(eventApplications)
    .where(and(eq(eventApplications.id, applicationId), eq(eventApplications.eventFormId, form.id), ne(eventApplications.status, "draft")));
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  return applicationResource(row, form.customQuestions);
}

/** The responses as CSV, oldest submission first. */
export function responsesCsv(db: Db, form: FormRow, filters: ResponseFilters, review?: ReviewColumns): ReadableStream<Uint8Array> {
  // The Name and Email columns are the applicant's answers to those two questions (else the account's):
  // the questions' own columns would only say them twice.
  const questions = questionsOf(form).filter((q) => !(q.standard && (q.key === "full_name" || q.key === "email")));
  const where = responsesWhere(form.id, RESPONSE_FILTERS.whereValues(filters));
  const cell = (applicationId: number, q: (typeof questions)[number], answer: Answers[string] | undefined): string => {
    if (answer === undefined || answer === null) return "";
    if (q.type === "file") return typeof answer === "string" ? answerFileUrl(applicationId, answer) : "";
    if (typeof answer === "boolean") return answer ? "Yes" : "No";
    if (Array.isArray(answer)) return answer.join("; ");
    return String(answer);
  };
  return csvStream(
    ["Submitted at", "Status", "Name", "Email", "Ticket", "Checked in at", ...questions.map((q) => q.label), ...(review?.header ?? [])],
    (offset, limit) =>
      db
        .select({
          id: eventApplications.id,
          status: eventApplications.status,
          answers: eventApplications.answers,
          applicantName: eventApplications.applicantName,
          applicantEmail: eventApplications.applicantEmail,
          submittedAt: eventApplications.submittedAt,
          ticketCode: eventApplications.ticketCode,
          checkedInAt: eventCheckIns.checkedInAt,
        })
        .from(eventApplications)
        .leftJoin(eventCheckIns, eq(eventCheckIns.eventApplicationId, eventApplications.id))
        .where(where)
        .orderBy(direction(eventApplications.submittedAt, "asc"), direction(eventApplications.id, "asc"))
        .limit(limit)
        .offset(offset),
    (r) => {
      // A question that did not apply to this applicant has an empty cell, whatever was kept for it.
      const applying = applyingQuestions(form.customQuestions, (id) => r.answers[id]);
      return [
        iso(r.submittedAt) ?? "",
        r.status,
        r.applicantName,
        r.applicantEmail,
        // As every screen shows it ("ABCD-EFGH"), so a row is found by the code people read out.
        r.ticketCode ? formatTicketCode(r.ticketCode) : "",
        iso(r.checkedInAt) ?? "",
        ...questions.map((q) => (q.standard || applying.has(q.key) ? cell(r.id, q, r.answers[q.key]) : "")),
        ...(review?.cells(r.id) ?? []),
      ];
    },
  );
}

/**
 * An application's new status with what goes with it: put on the waitlist by hand, at the back of the line
 * (`waitlistedAt` places it; a bulk decision gives each its own, in the order chosen); given a place, a
 * ticket to get in.
 */
export const statusValues = (status: ReviewStatus, waitlistedAt: SQL = sql`now()`) => ({
  status,
  waitlistedAt: status === "waitlisted" ? sql`coalesce(${eventApplications.waitlistedAt}, ${waitlistedAt})` : null,
  // A place offered from the line is the line's: any other status ends the offer.
  offerExpiresAt: status === "waitlisted" ? eventApplications.offerExpiresAt : null,
  ...(NOT_HOLDING_A_PLACE.includes(status) ? {} : { ticketCode: sql`coalesce(${eventApplications.ticketCode}, ${newTicketCode()})` }),
  updatedAt: sql`now()`,
});

/** The change of status on the record: its readers tell the applicant (unless `notify` is false) and mail them. */
export async function recordStatusChange(
  tx: Db,
  by: { user: AuthUser; organizationId: number; queue: BroadcastQueue },
  row: typeof eventApplications.$inferSelect,
  from: ApplicationStatus,
  notify: boolean,
) {
  await recordActivity(
    tx,
    {
      organizationId: by.organizationId,
      actor: by.user,
      kind: "application.status_changed",
      subject: { id: row.id, label: row.applicantName },
      eventFormId: row.eventFormId,
      changes: { status: { from, to: row.status } },
      data: { applicant_id: row.userId, status: row.status, ...(notify ? {} : { quiet: true }) },
    },
    by.queue,
  );
}

/**
 * Sets the review status; a change (not the same status again) notifies the applicant in the same
 * transaction, and schedules (accepted) or drops (no longer accepted) their reminder mail.
 */
export async function setApplicationStatus(
  db: Db,
  user: AuthUser,
  id: number,
  status: ReviewStatus,
  queue: BroadcastQueue,
): Promise<ApplicationView> {
  const access = organizationFor(user, "forms.manage");
  return db.transaction(async (tx) => {
    const seen = await applicationWithForm(tx, id, responsesToOwner(access));
    if (!seen) throw notFound(APPLICATION_NOT_FOUND);
    // The form first (a review may free a place), then the application. Reviews of one application queue
    // up, so each sees the status the one before it left: the same status sent twice at once is one
    // change, told (and mailed) once.
    await lockedForm(tx, seen.application.eventFormId);
    await tx.select({ id: eventApplications.id }).from(eventApplications).where(eq(eventApplications.id, id)).for("update");
    const found = await applicationWithForm(tx, id, responsesToOwner(access));
    if (!found) throw notFound(APPLICATION_NOT_FOUND);
    // Conditional, so a cancel racing the review wins cleanly instead of being overwritten.
    // Put on the waitlist by hand: at the back of the line. Given a place from it: a ticket to get in.
    const [row] = await tx
      .update(eventApplications)
      .set(statusValues(status))
      .where(and(eq(eventApplications.id, id), notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN)))
      .returning();
    if (!row) throw fieldError("status", NOT_SUBMITTED);
    if (found.application.status !== status) {
      await recordStatusChange(tx, { user, organizationId: found.form.startupId, queue }, row, found.application.status, true);
      // A turned-down applicant's place goes to the first one waiting.
      if (status === "rejected") await fillFreedPlaces(tx, row.eventFormId, queue);
    }
    return applicationResource(row, found.form.customQuestions);
  });
}
