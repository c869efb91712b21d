/**
 * The owner's run of `POST /api/v1/admin/event_forms/{id}/review_assignments`: who reviews, how, kept on the
 * rubric so that applications arriving later are given out the same way (readers.ts), and the applications
 * given out now. The reviewers must be members whose role reads this form.
 */
import { and, inArray } from "drizzle-orm";
import { NOT_A_REVIEWER, type AssignmentInput, type ReviewAssignmentsView } from "#schemas/reviews.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";
import { fieldError } from "#api/lib/errors.ts";
import { membersWho } from "#api/lib/members-who.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { managedFormOr404 } from "../event-forms/service.ts";
import { assignmentsOf, giveOut } from "./assignments.ts";
import { rubricRowOf, saveRubricSettings } from "./plan.ts";

/** Refuses, on `reviewer_ids`, anyone who is not a member of the organization reading this form. */
async function assertReviewers(tx: Db, organizationId: number, formId: number, ids: readonly number[]) {
  const members = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(membersWho(organizationId, "forms.read", formId), inArray(organizationMembers.userId, [...ids])));
  const readers = new Set(members.map((m) => m.userId));
  if (ids.some((id) => !readers.has(id))) throw fieldError("reviewer_ids", NOT_A_REVIEWER);
}

export async function assignReviewers(
  db: Db,
  access: OrganizationAccess,
  actor: Actor,
  formId: number,
  input: AssignmentInput,
): Promise<ReviewAssignmentsView> {
  await db.transaction(async (tx) => {
    const form = await managedFormOr404(tx, access, formId, "update");
    await assertReviewers(tx, form.startupId, formId, input.reviewer_ids);
    const rubric = await rubricRowOf(tx, formId);
    const perApplication = input.per_application ?? rubric?.reviewersPerApplication ?? 2;
    await saveRubricSettings(tx, formId, {
      assignmentMode: input.mode,
      reviewerIds: input.reviewer_ids,
      reviewersPerApplication: perApplication,
    });
    await giveOut(tx, formId, { mode: input.mode, reviewerIds: input.reviewer_ids, perApplication });
    await recordActivity(tx, {
      organizationId: form.startupId,
      actor,
      kind: "event_form.reviewers_assigned",
      subject: { id: formId, label: form.title },
      eventFormId: formId,
      changes: {
        mode: { from: rubric?.assignmentMode ?? null, to: input.mode },
        reviewers: { from: rubric?.reviewerIds.length ?? 0, to: input.reviewer_ids.length },
        ...(input.mode === "spread" ? { per_application: { from: rubric?.reviewersPerApplication ?? null, to: perApplication } } : {}),
      },
    });
  });
  return { assignments: await assignmentsOf(db, formId) };
}
