/**
 * A reviewer's queue: the applications given to them across the forms of the organization they act for, in
 * the forms they still read. The caller and their organization are part of every query's where clause, so
 * another reviewer's work, or another organization's, is never read.
 */
import { and, asc, count, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import type { QueueItemState, QueueState, ReviewQueuePage } from "#schemas/review-queue.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { reviewAssignments, reviewRubrics, reviews } from "#api/db/review-schema.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { page, offset, type ListQuery } from "#api/lib/pagination.ts";
import { UNSENT_OR_WITHDRAWN } from "../applications/availability.ts";
import { blindApplicantName, readsBlind } from "../applications/blind.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

/** The caller's assignments, of submitted applications, on forms their access still reaches. */
const queueWhere = (access: OrganizationAccess, reviewerId: number) =>
  and(eq(reviewAssignments.reviewerId, reviewerId), managedFormsWhere(access), notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN));

const submitted = isNotNull(reviews.submittedAt);
const stateWhere = (state: QueueState) => (state === "done" ? submitted : sql`${reviews.submittedAt} is null`);

/** The queue's order, the same on every screen: form by form, oldest application first. */
const queueOrder = [asc(eventForms.id), asc(eventApplications.submittedAt), asc(eventApplications.id)];

/** The caller's own review of an assignment (none before they start). */
const ownReview = and(eq(reviews.applicationId, reviewAssignments.applicationId), eq(reviews.reviewerId, reviewAssignments.reviewerId));
const ofApplication = eq(eventApplications.id, reviewAssignments.applicationId);
const ofForm = eq(eventForms.id, eventApplications.eventFormId);

const itemState = (review: { submittedAt: Date | null; updatedAt: Date | null }): QueueItemState =>
  review.submittedAt ? "done" : review.updatedAt ? "draft" : "to_do";

/** One page of the caller's queue in one state, with their progress by form and overall. */
export async function reviewQueue(
  db: Db,
  user: AuthUser,
  access: OrganizationAccess,
  state: QueueState,
  query: ListQuery,
  url: string,
): Promise<ReviewQueuePage> {
  const where = queueWhere(access, user.id);
  const pageQuery = db
    .select({
      applicationId: eventApplications.id,
      applicantName: eventApplications.applicantName,
      formId: eventForms.id,
      title: eventForms.title,
      blind: reviewRubrics.blind,
      submittedAt: reviews.submittedAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviewAssignments)
    .innerJoin(eventApplications, ofApplication)
    .innerJoin(eventForms, ofForm)
    .leftJoin(reviews, ownReview)
    .leftJoin(reviewRubrics, eq(reviewRubrics.eventFormId, eventForms.id))
    .where(and(where, stateWhere(state)))
    .orderBy(...queueOrder)
    .limit(query.per_page)
    .offset(offset(query));
  const formsQuery = db
    .select({ formId: eventForms.id, title: eventForms.title, total: count(), done: count(reviews.submittedAt) })
    .from(reviewAssignments)
    .innerJoin(eventApplications, ofApplication)
    .innerJoin(eventForms, ofForm)
    .leftJoin(reviews, ownReview)
    .where(where)
    .groupBy(eventForms.id, eventForms.title)
    .orderBy(asc(eventForms.id));
  const [rows, byForm] = await Promise.all([pageQuery, formsQuery]);
  const data = rows.map((row) => ({
    application_id: row.applicationId,
    event_form_id: row.formId,
    event_form_title: row.title,
    applicant_label: readsBlind(user, Boolean(row.blind), Boolean(row.submittedAt))
      ? blindApplicantName(row.applicationId)
      : row.applicantName,
    state: itemState(row),
    updated_at: row.updatedAt?.toISOString() ?? null,
  }));
  const forms = byForm.map((f) => ({ event_form_id: f.formId, title: f.title, done: f.done, total: f.total }));
  const progress = { done: forms.reduce((sum, f) => sum + f.done, 0), total: forms.reduce((sum, f) => sum + f.total, 0) };
  // The progress counts both tabs already: the list's total is one of them.
  const total = state === "done" ? progress.done : progress.total - progress.done;
  return { ...page(url, query, total, data), state, progress, forms };
}

/** The caller's whole queue in order, as ids with whether each is submitted: for moving through it. */
export async function queueOrderOf(db: Db, user: AuthUser, access: OrganizationAccess) {
  return db
    .select({ id: eventApplications.id, done: sql<boolean>`${submitted}`.mapWith(Boolean) })
    .from(reviewAssignments)
    .innerJoin(eventApplications, ofApplication)
    .innerJoin(eventForms, ofForm)
    .leftJoin(reviews, ownReview)
    .where(queueWhere(access, user.id))
    .orderBy(...queueOrder);
}
