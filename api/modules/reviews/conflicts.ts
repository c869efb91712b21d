/**
 * A reviewer declares a conflict on an application (they know the applicant, they invested): it is never
 * theirs to review from then on, their unfinished review of it is dropped, it goes to another reviewer by the
 * form's plan, and the conflict is on the audit log.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { reviewAssignments, reviewConflicts, reviews } from "#api/db/review-schema.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";
import { notFound } from "#api/lib/errors.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { lockedForm } from "../applications/waitlist.ts";
import { APPLICATION_NOT_FOUND } from "../applications/messages.ts";
import { applicationWithForm, responsesToOwner } from "../applications/queries.ts";
import { giveOut } from "./assignments.ts";
import { planOf, rubricRowOf } from "./plan.ts";

export async function declareConflict(db: Db, access: OrganizationAccess, reviewer: NonNullable<Actor>, applicationId: number) {
  await db.transaction(async (tx) => {
    const found = await applicationWithForm(tx, applicationId, responsesToOwner(access));
    if (!found) throw notFound(APPLICATION_NOT_FOUND);
    const formId = found.application.eventFormId;
    // The form first, as every change to who holds its work takes it: a run of the plan waits its turn.
    await lockedForm(tx, formId);
    const [declared] = await tx
      .insert(reviewConflicts)
      .values({ applicationId, reviewerId: reviewer.id })
      .onConflictDoNothing()
      .returning({ applicationId: reviewConflicts.applicationId });
    // Declared before: nothing more to do.
    if (!declared) return;
    await tx
      .delete(reviews)
      .where(and(eq(reviews.applicationId, applicationId), eq(reviews.reviewerId, reviewer.id), isNull(reviews.submittedAt)));
    await tx
      .delete(reviewAssignments)
      .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, reviewer.id)));
    const plan = planOf(await rubricRowOf(tx, formId));
    if (plan) await giveOut(tx, formId, plan, [applicationId]);
    await recordActivity(tx, {
      organizationId: found.form.startupId,
      actor: reviewer,
      kind: "application.conflict_declared",
      subject: { id: applicationId, label: found.application.applicantName },
      eventFormId: formId,
    });
  });
}
