/**
 * What the scoring screen reads for one application: the rubric, the caller's own review, their place in
 * their queue, and the other reviewers' reviews. A reviewer sees the others' only once their own is
 * submitted, so what they score is their own judgement; one who manages the form and does not review this
 * application sees them at any time. Anyone else is told the application is not theirs (404).
 */
import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { roleAllows } from "#schemas/organization-roles.ts";
import type { OtherReview, QueueNeighbours, ReviewReading } from "#schemas/review-queue.ts";
import { NOT_ASSIGNED } from "#schemas/reviews.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { users } from "#api/db/schema.ts";
import { reviewAssignments, reviews } from "#api/db/review-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { readsBlind } from "../applications/blind.ts";
import { applicationWithForm, responsesToOwner } from "../applications/queries.ts";
import { queueOrderOf } from "./queue.ts";
import { reviewView } from "./review.ts";
import { getRubric } from "./rubric.ts";

/** The applications either side of this one in the queue, and the next not yet submitted (after it, then from the start). */
export function neighbours(queue: readonly { id: number; done: boolean }[], applicationId: number): QueueNeighbours {
  const at = queue.findIndex((item) => item.id === applicationId);
  const after = at === -1 ? queue : [...queue.slice(at + 1), ...queue.slice(0, at)];
  return {
    previous_id: at > 0 ? queue[at - 1].id : null,
    next_id: at !== -1 && at < queue.length - 1 ? queue[at + 1].id : null,
    next_unreviewed_id: after.find((item) => !item.done)?.id ?? null,
    position: at === -1 ? null : at + 1,
    total: queue.length,
  };
}

async function othersOf(db: Db, applicationId: number, reviewerId: number): Promise<OtherReview[]> {
  const rows = await db
    .select({ review: reviews, name: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.applicationId, applicationId), ne(reviews.reviewerId, reviewerId), isNotNull(reviews.submittedAt)))
    .orderBy(asc(reviews.submittedAt), asc(reviews.id));
  return rows.map(({ review, name }) => ({
    reviewer_id: review.reviewerId,
    reviewer_name: name,
    scores: review.scores,
    recommendation: review.recommendation,
    note: review.note,
    submitted_at: review.submittedAt!.toISOString(),
  }));
}

export async function reviewReading(db: Db, user: AuthUser, access: OrganizationAccess, applicationId: number): Promise<ReviewReading> {
  const found = await applicationWithForm(db, applicationId, responsesToOwner(access));
  const [assignment] = found
    ? await db
        .select({ id: reviewAssignments.applicationId })
        .from(reviewAssignments)
        .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, user.id)))
    : [];
  const manager = roleAllows(user.organizationRole, "forms.manage");
  if (!found || (!assignment && !manager)) throw notFound(NOT_ASSIGNED);
  const formId = found.application.eventFormId;
  const [[form], rubric, [own], queue] = await Promise.all([
    db.select({ title: eventForms.title, status: eventForms.status }).from(eventForms).where(eq(eventForms.id, formId)),
    getRubric(db, access, formId),
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.applicationId, applicationId), eq(reviews.reviewerId, user.id))),
    queueOrderOf(db, user, access),
  ]);
  const submitted = Boolean(own?.submittedAt);
  const othersShown = assignment ? submitted : manager;
  return {
    application_id: applicationId,
    event_form_id: formId,
    event_form_title: form.title,
    criteria: rubric.criteria.map(({ id, name, guidance, weight, scale_max }) => ({ id, name, guidance, weight, scale_max })),
    blind: readsBlind(user, rubric.blind, submitted),
    form_blind: rubric.blind,
    assigned: Boolean(assignment),
    closed: form.status === "closed",
    review: own ? reviewView(own) : null,
    submitted,
    queue: neighbours(queue, applicationId),
    others: othersShown ? await othersOf(db, applicationId, user.id) : null,
  };
}
