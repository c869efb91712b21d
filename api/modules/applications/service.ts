import { and, count, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../schemas/events.ts";
import type { AuthUser } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { eventApplications, eventForms, files, startups, type Answers, type ApplicationStatus, type CustomQuestion } from "../../db/schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { fieldError, forbidden, notFound, validationFailed } from "../../lib/errors.ts";
import { offset, sortColumn, type ListQuery } from "../../lib/pagination.ts";
import { escapeLike, permissionsOf } from "../access/service.ts";
import { billingOfUser } from "../billing/service.ts";
import { closedReason, DEADLINE_PASSED, FULL, NOT_HOLDING_A_PLACE, NOT_OPEN } from "./availability.ts";
import { fileUrl, readFile, storeUpload } from "../files/service.ts";
import { ANSWER_FILE_RULES, fileKeys, isRealDate, planAnswers, questionsOf, type Intent } from "./answers.ts";

export { closedReason, DEADLINE_PASSED, FULL, NOT_OPEN };
export const FORM_NOT_FOUND = "Event form not found";
export const APPLICATION_NOT_FOUND = "Event Application not found";
export const ALREADY_APPLIED = "You have already applied to this event.";
export const ALREADY_CANCELLED = "This application is already cancelled.";
export const NOT_SUBMITTED = "Only a submitted application can change status.";
export const PAY_FIRST = "Pay for this event before you apply.";

export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ["draft", ...REVIEW_STATUSES, "cancelled"];

type FormRow = typeof eventForms.$inferSelect;
type ApplicationRow = typeof eventApplications.$inferSelect;
type StartupCard = { id: number; name: string; username: string; logoFileId: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---- resources ---------------------------------------------------------------------------------

/** Application documents are private: they are served through the application, to those who may see it. */
export const answerFileUrl = (applicationId: number, fileId: string) => `/api/v1/admin/event_applications/${applicationId}/files/${fileId}`;

/** An application as the API shows it; file answers become {file_id, url}. */
export function applicationResource(a: ApplicationRow, customQuestions: CustomQuestion[]) {
  const fileAnswers = fileKeys(customQuestions);
  const answers: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(a.answers)) {
    answers[key] = fileAnswers.has(key) && typeof v === "string" ? { file_id: v, url: answerFileUrl(a.id, v) } : v;
  }
  return {
    id: a.id,
    event_form_id: a.eventFormId,
    user_id: a.userId,
    status: a.status,
    answers,
    applicant_name: a.applicantName,
    applicant_email: a.applicantEmail,
    submitted_at: iso(a.submittedAt),
    cancelled_at: iso(a.cancelledAt),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
export type ApplicationResource = ReturnType<typeof applicationResource>;

const startupCard = (s: StartupCard) => ({ id: s.id, name: s.name, username: s.username, logo_url: fileUrl(s.logoFileId) });

export function eventFormResource(f: FormRow, startup: StartupCard) {
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    banner_url: fileUrl(f.bannerFileId),
    category: f.category,
    nature: f.nature,
    timezone: f.timezone,
    starts_at: f.startsAt.toISOString(),
    ends_at: f.endsAt.toISOString(),
    venue: f.venue,
    online_link: f.onlineLink,
    capacity: f.capacity,
    application_deadline: iso(f.applicationDeadline),
    type_of_event: f.typeOfEvent,
    paid_event_information: f.paidEventInformation,
    questions: f.questions,
    custom_questions: f.customQuestions,
    status: f.status,
    startup: startupCard(startup),
  };
}

/** The form beside its responses: enough to label every answer. */
export const responsesFormResource = (f: FormRow) => ({
  id: f.id,
  title: f.title,
  starts_at: f.startsAt.toISOString(),
  ends_at: f.endsAt.toISOString(),
  timezone: f.timezone,
  status: f.status,
  type_of_event: f.typeOfEvent,
  capacity: f.capacity,
  questions: f.questions,
  custom_questions: f.customQuestions,
});

// ---- shared rules ------------------------------------------------------------------------------

async function formWithStartup(db: Db, id: number) {
  const [row] = await db
    .select({
      form: eventForms,
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(eq(eventForms.id, id));
  return row ?? null;
}

const isOwner = (user: Pick<AuthUser, "startupId">, form: Pick<FormRow, "startupId">) => user.startupId !== null && user.startupId === form.startupId;

/** Published and closed forms are public to logged-in users; drafts only to their owner. */
const isVisible = (user: AuthUser, form: FormRow) => form.status === "published" || form.status === "closed" || isOwner(user, form);

async function applicationOf(db: Db, formId: number, userId: number) {
  const [row] = await db
    .select()
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, formId), eq(eventApplications.userId, userId)));
  return row ?? null;
}

/** Ascending or descending, with missing values (drafts' submitted_at) always last. */
const direction = (column: AnyPgColumn | SQL, order: "asc" | "desc") => (order === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls last`);

// ---- applicant side ----------------------------------------------------------------------------

export async function siteEventForm(db: Db, user: AuthUser, id: number) {
  const found = await formWithStartup(db, id);
  if (!found || !isVisible(user, found.form)) throw notFound(FORM_NOT_FOUND);
  const reason = await closedReason(db, found.form);
  const mine = await applicationOf(db, id, user.id);
  const myBilling = found.form.typeOfEvent === "paid" ? await billingOfUser(db, id, user.id) : null;
  return {
    event_form: eventFormResource(found.form, found.startup),
    can_apply: reason === null,
    closed_reason: reason,
    my_application: mine ? applicationResource(mine, found.form.customQuestions) : null,
    /** The caller's billing for a paid form ({id, payment_status, total, currency}); null for free forms or none yet. */
    my_billing: myBilling,
  };
}

/** A paid form takes applications (drafts too) only from a payer whose billing is Successful. */
async function assertPaid(db: Db, form: FormRow, userId: number) {
  if (form.typeOfEvent !== "paid") return;
  const billing = await billingOfUser(db, form.id, userId);
  if (billing?.payment_status !== "Successful") throw fieldError("application", PAY_FIRST);
}

/**
 * Saves a draft or submits the caller's application. The form row is locked for the write, so the
 * capacity check and the insert happen one applicant at a time: concurrent submits never overfill. A paid
 * form needs the caller's Successful billing first.
 */
export async function apply(db: Db, user: AuthUser, formId: number, intent: Intent, input: Map<string, unknown>) {
  const found = await formWithStartup(db, formId);
  if (!found || !isVisible(user, found.form)) throw notFound(FORM_NOT_FOUND);
  const before = await applicationOf(db, formId, user.id);
  if (before && before.status !== "draft") throw fieldError("application", ALREADY_APPLIED);
  const reason = await closedReason(db, found.form);
  if (reason) throw fieldError("application", reason);
  await assertPaid(db, found.form, user.id);

  const plan = await planAnswers(questionsOf(found.form), input, before?.answers ?? {}, intent);
  if (Object.keys(plan.errors).length) throw validationFailed(plan.errors);

  return db.transaction(async (tx) => {
    const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, formId)).for("update");
    if (!form) throw notFound(FORM_NOT_FOUND);
    const existing = await applicationOf(tx, formId, user.id);
    if (existing && existing.status !== "draft") throw fieldError("application", ALREADY_APPLIED);
    const lockedReason = await closedReason(tx, form);
    if (lockedReason) throw fieldError("application", lockedReason);
    await assertPaid(tx, form, user.id);

    const answers: Answers = { ...plan.answers };
    const replacedFiles: string[] = [];
    for (const [key, file] of plan.uploads) {
      answers[key] = await storeUpload(tx, file, user.id, `answers.${key}`, { ...ANSWER_FILE_RULES, label: "file" });
      const old = existing?.answers[key];
      if (typeof old === "string") replacedFiles.push(old);
    }
    const name = typeof answers.full_name === "string" ? answers.full_name : user.name;
    const email = (typeof answers.email === "string" ? answers.email : user.email).toLowerCase();
    const values = {
      status: (intent === "submit" ? "pending" : "draft") as ApplicationStatus,
      answers,
      applicantName: name,
      applicantEmail: email,
      submittedAt: intent === "submit" ? sql`now()` : null,
    };
    let row: ApplicationRow;
    if (existing) {
      [row] = await tx
        .update(eventApplications)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(eventApplications.id, existing.id))
        .returning();
    } else {
      [row] = await tx
        .insert(eventApplications)
        .values({ ...values, eventFormId: formId, userId: user.id })
        .returning();
    }
    // A draft's earlier upload that a new file replaced is no longer referenced.
    if (replacedFiles.length) await tx.delete(files).where(inArray(files.id, replacedFiles));
    return { application: applicationResource(row, form.customQuestions), created: !existing };
  });
}

const MY_SORTS = ["created_at", "submitted_at", "status"] as const;

export async function listMyApplications(db: Db, userId: number, query: ListQuery & { status?: ApplicationStatus }) {
  const where = and(eq(eventApplications.userId, userId), query.status ? eq(eventApplications.status, query.status) : undefined);
  const column = {
    created_at: eventApplications.createdAt,
    submitted_at: eventApplications.submittedAt,
    status: eventApplications.status,
  }[sortColumn(query.sort_by, MY_SORTS, "created_at")];
  const [{ total }] = await db.select({ total: count() }).from(eventApplications).where(where);
  const rows = await db
    .select({
      application: eventApplications,
      form: {
        id: eventForms.id,
        title: eventForms.title,
        startsAt: eventForms.startsAt,
        endsAt: eventForms.endsAt,
        timezone: eventForms.timezone,
        status: eventForms.status,
        typeOfEvent: eventForms.typeOfEvent,
        customQuestions: eventForms.customQuestions,
      },
      startup: { name: startups.name, username: startups.username },
    })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(where)
    .orderBy(direction(column, query.sort_order), direction(eventApplications.id, query.sort_order))
    .limit(query.per_page)
    .offset(offset(query));
  const data = rows.map(({ application, form, startup }) => ({
    ...applicationResource(application, form.customQuestions),
    event_form: {
      id: form.id,
      title: form.title,
      starts_at: form.startsAt.toISOString(),
      ends_at: form.endsAt.toISOString(),
      timezone: form.timezone,
      status: form.status,
      type_of_event: form.typeOfEvent,
      startup,
    },
  }));
  return { total, data };
}

async function applicationWithForm(db: Db, id: number) {
  const [row] = await db
    .select({ application: eventApplications, form: { startupId: eventForms.startupId, customQuestions: eventForms.customQuestions } })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(eq(eventApplications.id, id));
  return row ?? null;
}

/**
 * The applicant sees their own application; the form's owner sees submitted ones, and only with the
 * permission the responses screens need.
 */
async function visibleApplication(db: Db, user: AuthUser, id: number) {
  const found = await applicationWithForm(db, id);
  const mine = found?.application.userId === user.id;
  const owned =
    found && isOwner(user, found.form) && found.application.status !== "draft" && (await permissionsOf(db, user.id)).has("event response read");
  if (!found || !(mine || owned)) throw notFound(APPLICATION_NOT_FOUND);
  return found;
}

export async function getApplication(db: Db, user: AuthUser, id: number) {
  const found = await visibleApplication(db, user, id);
  return applicationResource(found.application, found.form.customQuestions);
}

/** A document answered in an application, for whoever may see that application. */
export async function applicationFile(db: Db, user: AuthUser, id: number, fileId: string) {
  const found = await visibleApplication(db, user, id);
  const keys = fileKeys(found.form.customQuestions);
  const answered = UUID.test(fileId) && Object.entries(found.application.answers).some(([key, value]) => keys.has(key) && value === fileId);
  // The file must also be the applicant's own upload: an answer's text is never enough to reach a file.
  const file = answered ? await readFile(db, fileId, { includePrivate: true, ownerUserId: found.application.userId }) : null;
  if (!file) throw notFound("File not found");
  return file;
}

/** A draft is discarded (row and uploads), so it never reaches the owner and the user may apply afresh. */
async function discardDraft(db: Db, application: ApplicationRow, customQuestions: CustomQuestion[]) {
  const keys = fileKeys(customQuestions);
  const fileIds = Object.entries(application.answers)
    .filter(([key, value]) => keys.has(key) && typeof value === "string" && UUID.test(value))
    .map(([, value]) => value as string);
  await db.transaction(async (tx) => {
    await tx.delete(eventApplications).where(and(eq(eventApplications.id, application.id), eq(eventApplications.status, "draft")));
    if (fileIds.length) await tx.delete(files).where(and(inArray(files.id, fileIds), eq(files.ownerUserId, application.userId)));
  });
}

export async function cancelApplication(db: Db, userId: number, id: number) {
  const found = await applicationWithForm(db, id);
  if (!found || found.application.userId !== userId) throw notFound(APPLICATION_NOT_FOUND);
  if (found.application.status === "draft") {
    await discardDraft(db, found.application, found.form.customQuestions);
    return null;
  }
  // Conditional, so two racing cancels cannot both succeed.
  const [row] = await db
    .update(eventApplications)
    .set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(eventApplications.id, id), ne(eventApplications.status, "cancelled")))
    .returning();
  if (!row) throw fieldError("application", ALREADY_CANCELLED);
  return applicationResource(row, found.form.customQuestions);
}

// ---- owner side --------------------------------------------------------------------------------

/** 404 when the form does not exist, 403 when it belongs to another startup. */
export async function ownedForm(db: Db, user: AuthUser, id: number) {
  const [form] = await db.select().from(eventForms).where(eq(eventForms.id, id));
  if (!form) throw notFound(FORM_NOT_FOUND);
  if (!isOwner(user, form)) throw forbidden();
  return form;
}

export interface ResponseFilters {
  search?: string;
  status?: ApplicationStatus;
}

/** Submitted (not draft) applications of the form matching the filters. */
function responsesWhere(formId: number, filters: ResponseFilters) {
  const search = filters.search ? `%${escapeLike(filters.search)}%` : null;
  return and(
    eq(eventApplications.eventFormId, formId),
    ne(eventApplications.status, "draft"),
    filters.status ? eq(eventApplications.status, filters.status) : undefined,
    search ? or(ilike(eventApplications.applicantName, search), ilike(eventApplications.applicantEmail, search)) : undefined,
  );
}

const RESPONSE_SORTS = ["submitted_at", "applicant_name", "status"] as const;

export async function listResponses(db: Db, form: FormRow, query: ListQuery & ResponseFilters) {
  const where = responsesWhere(form.id, query);
  const column = {
    submitted_at: eventApplications.submittedAt,
    applicant_name: sql`lower(${eventApplications.applicantName})`,
    status: eventApplications.status,
  }[sortColumn(query.sort_by, RESPONSE_SORTS, "submitted_at")];
  const [{ total }] = await db.select({ total: count() }).from(eventApplications).where(where);
  const rows = await db
    .select()
    .from(eventApplications)
    .where(where)
    .orderBy(direction(column, query.sort_order), direction(eventApplications.id, query.sort_order))
    .limit(query.per_page)
    .offset(offset(query));
  return { total, data: rows.map((row) => applicationResource(row, form.customQuestions)) };
}

export async function getResponse(db: Db, form: FormRow, applicationId: number) {
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
  const where = responsesWhere(form.id, filters);
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

export async function setApplicationStatus(db: Db, user: AuthUser, id: number, status: ReviewStatus) {
  const found = await applicationWithForm(db, id);
  // A draft is as invisible here as everywhere else on the owner's side.
  if (!found || !isOwner(user, found.form) || found.application.status === "draft") throw notFound(APPLICATION_NOT_FOUND);
  // Conditional, so a cancel racing the review wins cleanly instead of being overwritten.
  const [row] = await db
    .update(eventApplications)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(eventApplications.id, id), notInArray(eventApplications.status, NOT_HOLDING_A_PLACE)))
    .returning();
  if (!row) throw fieldError("status", NOT_SUBMITTED);
  return applicationResource(row, found.form.customQuestions);
}

// ---- discovery ---------------------------------------------------------------------------------

export interface EventFilters {
  category?: string;
  nature?: string;
  from?: string;
  to?: string;
  include_past?: boolean;
}

const EVENT_SORTS = ["starts_at", "title", "created_at"] as const;

/** The event's start date on its own wall clock, for from/to filters. */
const localStartDate = sql`(${eventForms.startsAt} at time zone ${eventForms.timezone})::date`;

export async function listEvents(db: Db, query: ListQuery & EventFilters) {
  const search = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(eventForms.status, "published"),
    query.include_past ? undefined : sql`${eventForms.endsAt} >= now()`,
    query.category ? eq(eventForms.category, query.category) : undefined,
    query.nature ? eq(eventForms.nature, query.nature as FormRow["nature"]) : undefined,
    query.from && isRealDate(query.from) ? sql`${localStartDate} >= ${query.from}::date` : undefined,
    query.to && isRealDate(query.to) ? sql`${localStartDate} <= ${query.to}::date` : undefined,
    search ? or(ilike(eventForms.title, search), ilike(startups.name, search)) : undefined,
  );
  const column = {
    starts_at: eventForms.startsAt,
    title: sql`lower(${eventForms.title})`,
    created_at: eventForms.createdAt,
  }[sortColumn(query.sort_by, EVENT_SORTS, "starts_at")];
  const [{ total }] = await db
    .select({ total: count() })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(where);
  const rows = await db
    .select({
      id: eventForms.id,
      title: eventForms.title,
      description: sql<string>`left(${eventForms.description}, 280)`,
      bannerFileId: eventForms.bannerFileId,
      category: eventForms.category,
      nature: eventForms.nature,
      timezone: eventForms.timezone,
      startsAt: eventForms.startsAt,
      endsAt: eventForms.endsAt,
      venue: eventForms.venue,
      typeOfEvent: eventForms.typeOfEvent,
      paidEventInformation: eventForms.paidEventInformation,
      capacity: eventForms.capacity,
      status: eventForms.status,
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(where)
    .orderBy(direction(column, query.sort_order), direction(eventForms.id, query.sort_order))
    .limit(query.per_page)
    .offset(offset(query));
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    banner_url: fileUrl(r.bannerFileId),
    category: r.category,
    nature: r.nature,
    timezone: r.timezone,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    venue: r.venue,
    type_of_event: r.typeOfEvent,
    paid_event_information: r.paidEventInformation,
    capacity: r.capacity,
    status: r.status,
    startup: startupCard(r.startup),
  }));
  return { total, data };
}
