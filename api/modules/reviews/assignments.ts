/**
 * Giving applications out to reviewers, in the caller's transaction (the form locked, so two runs, or a run
 * and an application arriving, take turns and the loads they count are true). Everyone reviews everything,
 * or each application goes to a number of them by least load (spread.ts). Never to the applicant themself or
 * to one who declared a conflict; what a reviewer already submitted stays theirs.
 */
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { membersWho } from "#api/lib/members-who.ts";
import { reviewAssignments, reviewConflicts, reviewRubrics, reviews } from "#api/db/review-schema.ts";
import { UNSENT_OR_WITHDRAWN } from "../applications/availability.ts";
import { planOf, type AssignmentPlan } from "./plan.ts";
import { spreadApplications } from "./spread.ts";

const submittedOf = (formId: number) =>
  and(eq(eventApplications.eventFormId, formId), notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN));

/** Each pair of a table (application, reviewer) among the form's applications. */
async function pairsOf(tx: Db, table: typeof reviewAssignments | typeof reviewConflicts, formId: number) {
  return tx
    .select({ applicationId: table.applicationId, reviewerId: table.reviewerId })
    .from(table)
    .innerJoin(eventApplications, eq(eventApplications.id, table.applicationId))
    .where(eq(eventApplications.eventFormId, formId));
}

const grouped = (pairs: { applicationId: number; reviewerId: number }[]) => {
  const map = new Map<number, number[]>();
  for (const { applicationId, reviewerId } of pairs) map.set(applicationId, [...(map.get(applicationId) ?? []), reviewerId]);
  return map;
};

/**
 * Gives the form's submitted applications out by the plan: all of them (a run from the owner, which also takes
 * back the unfinished reviews of reviewers no longer chosen) or only `onlyIds` (an application that arrived).
 */
export async function giveOut(tx: Db, formId: number, plan: AssignmentPlan, onlyIds?: readonly number[]): Promise<void> {
  const chosen = new Set(plan.reviewerIds);
  // What a reviewer submitted stays theirs, chosen or not.
  const submitted = await tx
    .select({ applicationId: reviews.applicationId, reviewerId: reviews.reviewerId })
    .from(reviews)
    .innerJoin(eventApplications, eq(eventApplications.id, reviews.applicationId))
    .where(and(eq(eventApplications.eventFormId, formId), isNotNull(reviews.submittedAt)));
  const kept = new Set(submitted.map((p) => `${p.applicationId}:${p.reviewerId}`));
  if (onlyIds === undefined) {
    // Unfinished work of a reviewer no longer chosen goes back to be given out again.
    const dropped = (await pairsOf(tx, reviewAssignments, formId)).filter(
      (p) => !chosen.has(p.reviewerId) && !kept.has(`${p.applicationId}:${p.reviewerId}`),
    );
    for (const pair of dropped)
      await tx
        .delete(reviewAssignments)
        .where(and(eq(reviewAssignments.applicationId, pair.applicationId), eq(reviewAssignments.reviewerId, pair.reviewerId)));
  }
  const applications = await tx
    .select({ id: eventApplications.id, applicantId: eventApplications.userId })
    .from(eventApplications)
    .where(onlyIds === undefined ? submittedOf(formId) : and(submittedOf(formId), inArray(eventApplications.id, [...onlyIds])));
  if (!applications.length) return;
  const assigned = grouped(await pairsOf(tx, reviewAssignments, formId));
  const conflicts = grouped(await pairsOf(tx, reviewConflicts, formId));
  const batch = new Set(applications.map((a) => a.id));
  // What the chosen reviewers already have outside this batch: the balance counts it.
  const load = new Map<number, number>();
  for (const [applicationId, reviewerIds] of assigned)
    if (!batch.has(applicationId)) for (const id of reviewerIds) if (chosen.has(id)) load.set(id, (load.get(id) ?? 0) + 1);
  const perApplication = plan.mode === "all" ? plan.reviewerIds.length : plan.perApplication;
  const { assignments } = spreadApplications(
    applications.map((a) => ({
      id: a.id,
      applicantId: a.applicantId,
      conflicts: new Set(conflicts.get(a.id) ?? []),
      reviewers: (assigned.get(a.id) ?? []).filter((id) => chosen.has(id)),
      // Spread asks a number of reviews: one submitted by a reviewer since left counts; "all" asks everyone chosen.
      counted: plan.mode === "spread" ? (assigned.get(a.id) ?? []).filter((id) => !chosen.has(id) && kept.has(`${a.id}:${id}`)).length : 0,
    })),
    plan.reviewerIds,
    perApplication,
    { load },
  );
  const pairs = [...assignments].flatMap(([applicationId, reviewerIds]) =>
    reviewerIds.map((reviewerId) => ({ applicationId, reviewerId })),
  );
  if (pairs.length) await tx.insert(reviewAssignments).values(pairs).onConflictDoNothing();
}

/** Every submitted application of the form with its reviewers, by application id. */
export async function assignmentsOf(db: Db, formId: number) {
  const [applications, pairs] = await Promise.all([
    db.select({ id: eventApplications.id }).from(eventApplications).where(submittedOf(formId)).orderBy(eventApplications.id),
    pairsOf(db, reviewAssignments, formId),
  ]);
  const byApplication = grouped(pairs);
  return applications.map(({ id }) => ({ application_id: id, reviewer_ids: (byApplication.get(id) ?? []).sort((a, b) => a - b) }));
}

/**
 * A member left, was removed or given a role or forms that no longer read a form they review: they leave its
 * reviewers, and their unfinished applications are given out again to the others (what they submitted stays).
 */
export async function releaseReviewer(tx: Db, organizationId: number, userId: number): Promise<void> {
  const rubrics = await tx
    .select({ rubric: reviewRubrics })
    .from(reviewRubrics)
    .innerJoin(eventForms, eq(eventForms.id, reviewRubrics.eventFormId))
    .where(and(eq(eventForms.startupId, organizationId), sql`${userId} = any(${reviewRubrics.reviewerIds})`));
  for (const { rubric } of rubrics) {
    const plan = planOf(rubric);
    if (!plan) continue;
    const [stillReads] = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(membersWho(organizationId, "forms.read", rubric.eventFormId), eq(organizationMembers.userId, userId)));
    if (stillReads) continue;
    const reviewerIds = plan.reviewerIds.filter((id) => id !== userId);
    await tx.update(reviewRubrics).set({ reviewerIds }).where(eq(reviewRubrics.eventFormId, rubric.eventFormId));
    await giveOut(tx, rubric.eventFormId, { ...plan, reviewerIds });
  }
}
