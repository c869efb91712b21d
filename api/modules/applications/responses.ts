/** The form's owner: its submitted applications (list, one, CSV) and their review status. */
import { and, count, eq, ilike, ne, notInArray, or, sql, type Placeholder } from "drizzle-orm";
import type { ApplicationView } from "../../../schemas/applications.ts";
import type { ReviewStatus } from "../../../schemas/events.ts";
import type { AuthUser } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { eventApplications, eventForms, type Answers, type ApplicationStatus } from "../../db/events-schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { fieldError, forbidden, notFound } from "../../lib/errors.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "../../lib/pagination.ts";
import { preparedPerDb, preparedPerShape } from "../../db/prepared.ts";
import type { BroadcastQueue } from "../../realtime/broadcaster.ts";
import { escapeLike } from "../access/service.ts";
import { notifyReviewStatusChanged } from "../notifications/causes.ts";
import { questionsOf } from "./answers.ts";
import { NOT_HOLDING_A_PLACE } from "./availability.ts";
import { APPLICATION_NOT_FOUND, FORM_NOT_FOUND, NOT_SUBMITTED } from "./messages.ts";
import { applicationWithForm, direction, isOwner, responsesToOwner } from "./queries.ts";
import { answerFileUrl, applicationResource, iso, type FormRow } from "./resources.ts";

const formByIdQuery = preparedPerDb((db) => db.select().from(eventForms).where(eq(eventForms.id, sql.placeholder("id"))).prepare("responses_form"));

/** 404 when the form does not exist, 403 when it belongs to another startup. */
export async function ownedForm(db: Db, user: AuthUser, id: number) {
  const [form] = await formByIdQuery(db).execute({ id });
  if (!form) throw notFound(FORM_NOT_FOUND);
  if (!isOwner(user, form)) throw forbidden();
  return form;
}

export interface ResponseFilters {
  search?: string;
  status?: ApplicationStatus;
}

type ResponseValues = { formId: number | Placeholder; status?: ApplicationStatus | Placeholder; like?: string | Placeholder };

/** Submitted (not draft) applications of the form matching the filters, with values or placeholders. */
function responsesWhere(values: ResponseValues) {
  return and(
    eq(eventApplications.eventFormId, values.formId),
    ne(eventApplications.status, "draft"),
    values.status !== undefined ? eq(eventApplications.status, values.status) : undefined,
    values.like !== undefined ? or(ilike(eventApplications.applicantName, values.like), ilike(eventApplications.applicantEmail, values.like)) : undefined,
  );
}

const valuesOf = (formId: number, filters: ResponseFilters): ResponseValues => ({
  formId,
  status: filters.status,
  like: filters.search ? `%${escapeLike(filters.search)}%` : undefined,
});

const RESPONSE_SORTS = ["submitted_at", "applicant_name", "status"] as const;

type ResponseFilterShape = { status: boolean; search: boolean };
const placeholders = (shape: ResponseFilterShape): ResponseValues => ({
  formId: sql.placeholder("formId"),
  status: shape.status ? sql.placeholder("status") : undefined,
  like: shape.search ? sql.placeholder("like") : undefined,
});

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
      .where(responsesWhere(placeholders(shape)))
      .orderBy(direction(column, shape.order), direction(eventApplications.id, shape.order))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
  },
);

const responseCountQuery = preparedPerShape("response_count", (db, shape: ResponseFilterShape, name) =>
  db.select({ n: count() }).from(eventApplications).where(responsesWhere(placeholders(shape))).prepare(name),
);

export async function listResponses(db: Db, form: FormRow, query: ListQuery & ResponseFilters): Promise<PageRows<ApplicationView>> {
  const filters = { status: Boolean(query.status), search: Boolean(query.search) };
  const values = { ...valuesOf(form.id, query), ...pageValues(query) };
  const shape = { ...filters, sortBy: sortColumn(query.sort_by, RESPONSE_SORTS, "submitted_at"), order: query.sort_order };
  const rows = await responsePageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await responseCountQuery(db, filters).execute(values))[0].n);
  return { total, data: rows.map((row) => applicationResource(row.application, form.customQuestions)) };
}

export async function getResponse(db: Db, form: FormRow, applicationId: number): Promise<ApplicationView> {
  const [row] = await db
    .select()
    .from(eventApplications)
    .where(and(eq(eventApplications.id, applicationId), eq(eventApplications.eventFormId, form.id), ne(eventApplications.status, "draft")));
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  return applicationResource(row, form.customQuestions);
}

export const CSV_PAGE_SIZE = 1000;

/**
 * The responses as CSV, read and written 1,000 rows at a time so a large event never sits in memory
 * at once. Oldest submission first.
 */
export function responsesCsv(db: Db, form: FormRow, filters: ResponseFilters): ReadableStream<Uint8Array> {
  const questions = questionsOf(form);
  const encoder = new TextEncoder();
  const where = responsesWhere(valuesOf(form.id, filters));
  let nextOffset = 0;
  let headerSent = false;
  const cell = (applicationId: number, q: (typeof questions)[number], answer: Answers[string] | undefined): string => {
    if (answer === undefined || answer === null) return "";
    if (q.type === "file") return typeof answer === "string" ? answerFileUrl(applicationId, answer) : "";
    if (typeof answer === "boolean") return answer ? "Yes" : "No";
    if (Array.isArray(answer)) return answer.join("; ");
    return String(answer);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(["Submitted at", "Status", "Name", "Email", ...questions.map((q) => q.label)])));
        return;
      }
      const rows = await db
        .select({
          id: eventApplications.id,
          status: eventApplications.status,
          answers: eventApplications.answers,
          applicantName: eventApplications.applicantName,
          applicantEmail: eventApplications.applicantEmail,
          submittedAt: eventApplications.submittedAt,
        })
        .from(eventApplications)
        .where(where)
        .orderBy(direction(eventApplications.submittedAt, "asc"), direction(eventApplications.id, "asc"))
        .limit(CSV_PAGE_SIZE)
        .offset(nextOffset);
      nextOffset += rows.length;
      if (rows.length) {
        const text = rows
          .map((r) =>
            csvLine([iso(r.submittedAt) ?? "", r.status, r.applicantName, r.applicantEmail, ...questions.map((q) => cell(r.id, q, r.answers[q.key]))]),
          )
          .join("");
        controller.enqueue(encoder.encode(text));
      }
      if (rows.length < CSV_PAGE_SIZE) controller.close();
    },
  });
}

/** Sets the review status; a change (not the same status again) notifies the applicant in the same transaction. */
export async function setApplicationStatus(db: Db, user: AuthUser, id: number, status: ReviewStatus, queue: BroadcastQueue): Promise<ApplicationView> {
  return db.transaction(async (tx) => {
    const found = await applicationWithForm(tx, id, responsesToOwner(user));
    if (!found) throw notFound(APPLICATION_NOT_FOUND);
    // Conditional, so a cancel racing the review wins cleanly instead of being overwritten.
    const [row] = await tx
      .update(eventApplications)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(eventApplications.id, id), notInArray(eventApplications.status, NOT_HOLDING_A_PLACE)))
      .returning();
    if (!row) throw fieldError("status", NOT_SUBMITTED);
    if (found.application.status !== status) await notifyReviewStatusChanged(tx, queue, id, status, user.id);
    return applicationResource(row, found.form.customQuestions);
  });
}
