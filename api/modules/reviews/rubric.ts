/**
 * An event form's rubric: read by everyone who reads the form's responses (a reviewer reads its guidance),
 * set by those who manage the form. A criterion keeps its id across saves, so its scores stay its own: a
 * criterion already scored may be renamed, its guidance or weight changed, but not its scale, nor removed.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  CRITERION_HAS_SCORES,
  NOT_A_CUSTOM_QUESTION,
  DEFAULT_DISCUSS_THRESHOLD,
  SCALE_HAS_SCORES,
  UNKNOWN_CRITERION,
  type RubricInput,
  type RubricScale,
  type RubricView,
} from "#schemas/reviews.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { reviewCriteria, reviews } from "#api/db/review-schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import { membersWho } from "#api/lib/members-who.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { users } from "#api/db/schema.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { managedFormOr404 } from "../event-forms/service.ts";
import { changedFields, recordActivity, type Actor } from "#api/lib/activity.ts";
import { rubricRowOf, saveRubricSettings } from "./plan.ts";

/** The criteria of the form that any review has scored. */
async function scoredCriteria(db: Db, formId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: sql<string>`jsonb_object_keys(${reviews.scores})` })
    .from(reviews)
    .innerJoin(eventApplications, eq(eventApplications.id, reviews.applicationId))
    .where(eq(eventApplications.eventFormId, formId));
  return new Set(rows.map((r) => Number(r.id)));
}

async function rubricView(db: Db, organizationId: number, formId: number): Promise<RubricView> {
  const [rubric, criteria, scored, candidates] = await Promise.all([
    rubricRowOf(db, formId),
    db.select().from(reviewCriteria).where(eq(reviewCriteria.eventFormId, formId)).orderBy(asc(reviewCriteria.position)),
    scoredCriteria(db, formId),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(and(membersWho(organizationId, "forms.read", formId), eq(users.isActive, true)))
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  return {
    event_form_id: formId,
    criteria: criteria.map((c) => ({
      id: c.id,
      name: c.name,
      guidance: c.guidance,
      weight: c.weight,
      scale_max: c.scaleMax as RubricScale,
      has_scores: scored.has(c.id),
    })),
    blind: rubric?.blind ?? false,
    reviewers_per_application: rubric?.reviewersPerApplication ?? 2,
    discuss_threshold: rubric?.discussThreshold ?? DEFAULT_DISCUSS_THRESHOLD,
    identifying_questions: rubric?.identifyingQuestionIds ?? [],
    assignment: rubric?.assignmentMode ? { mode: rubric.assignmentMode, reviewer_ids: rubric.reviewerIds } : null,
    candidates,
  };
}

/** The rubric of a form the access reaches (404 for any other). */
export async function getRubric(db: Db, access: OrganizationAccess, formId: number): Promise<RubricView> {
  const form = await managedFormOr404(db, access, formId);
  return rubricView(db, form.startupId, formId);
}

/** A rubric's settings and criteria as one comparable record, for the audit log's before → after. */
const summary = (view: RubricView) => ({
  blind: view.blind,
  reviewers: view.reviewers_per_application,
  threshold: view.discuss_threshold,
  identifying: view.identifying_questions.join(", "),
  criteria: view.criteria.map((c) => `${c.name} (×${c.weight}, 1–${c.scale_max})`).join("; "),
});

/**
 * Replaces the form's rubric with the one given, in one transaction with the form locked (two saves at once
 * apply one after the other). Criteria given with an id are that criterion, edited; without one, new; those
 * left out are removed. Refused, with nothing changed: an id that is not one of the form's criteria, a scored
 * criterion's new scale or its removal.
 */
export async function saveRubric(
  db: Db,
  access: OrganizationAccess,
  actor: Actor,
  formId: number,
  input: RubricInput,
): Promise<RubricView> {
  await db.transaction(async (tx) => {
    const form = await managedFormOr404(tx, access, formId, "no key update");
    const before = await rubricView(tx, form.startupId, formId);
    const existing = new Map(before.criteria.map((c) => [c.id, c]));
    input.criteria.forEach((criterion, index) => {
      if (criterion.id === undefined) return;
      const known = existing.get(criterion.id);
      if (!known) throw fieldError(`criteria.${index}.id`, UNKNOWN_CRITERION);
      if (known.has_scores && known.scale_max !== criterion.scale_max) throw fieldError(`criteria.${index}.scale_max`, SCALE_HAS_SCORES);
    });
    const questions = new Set(form.customQuestions.map((q) => q.id));
    if (input.identifying_questions.some((id) => !questions.has(id))) throw fieldError("identifying_questions", NOT_A_CUSTOM_QUESTION);
    const kept = new Set(input.criteria.flatMap((c) => (c.id === undefined ? [] : [c.id])));
    const removed = before.criteria.filter((c) => !kept.has(c.id));
    if (removed.some((c) => c.has_scores)) throw fieldError("criteria", CRITERION_HAS_SCORES);
    if (removed.length)
      await tx.delete(reviewCriteria).where(
        inArray(
          reviewCriteria.id,
          removed.map((c) => c.id),
        ),
      );
    for (const [position, criterion] of input.criteria.entries()) {
      const values = {
        name: criterion.name,
        guidance: criterion.guidance ?? null,
        weight: criterion.weight,
        scaleMax: criterion.scale_max,
        position,
      };
      if (criterion.id === undefined) await tx.insert(reviewCriteria).values({ ...values, eventFormId: formId });
      else
        await tx
          .update(reviewCriteria)
          .set(values)
          .where(and(eq(reviewCriteria.id, criterion.id), eq(reviewCriteria.eventFormId, formId)));
    }
    await saveRubricSettings(tx, formId, {
      blind: input.blind,
      reviewersPerApplication: input.reviewers_per_application,
      discussThreshold: input.discuss_threshold,
      identifyingQuestionIds: input.identifying_questions,
    });
    const changes = changedFields(summary(before), summary(await rubricView(tx, form.startupId, formId)), {
      blind: "blind",
      reviewers: "reviewers_per_application",
      threshold: "discuss_threshold",
      identifying: "identifying_questions",
      criteria: "criteria",
    });
    if (Object.keys(changes).length)
      await recordActivity(tx, {
        organizationId: form.startupId,
        actor,
        kind: "event_form.rubric_updated",
        subject: { id: formId, label: form.title },
        eventFormId: formId,
        changes,
      });
  });
  return rubricView(db, access.organizationId, formId);
}
