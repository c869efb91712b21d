/**
 * Blind review: while an event form's rubric says so, a reviewer does not see who applied (name, email, the
 * account, the answers that identify) until they have submitted their own review of the application. Those
 * who manage the form always see everything.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { ApplicationView } from "#schemas/applications.ts";
import { roleAllows } from "#schemas/organization-roles.ts";
import { IDENTIFYING_QUESTIONS } from "#schemas/reviews.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { reviewRubrics, reviews } from "#api/db/review-schema.ts";

export const BLIND_CSV = "While review is blind, the responses' CSV is for those who manage the form.";

/**
 * The one rule of blind review: an application is read blind by a caller when its form's review is blind, the
 * caller does not manage the form, and their own review of it is not submitted.
 */
export const readsBlind = (user: Pick<AuthUser, "organizationRole">, formBlind: boolean, reviewSubmitted: boolean) =>
  formBlind && !roleAllows(user.organizationRole, "forms.manage") && !reviewSubmitted;

/** Whether this caller reads this application blind now. */
export async function applicationReadBlind(db: Db, user: AuthUser, formId: number, applicationId: number): Promise<boolean> {
  if (!(await formReadBlind(db, user, formId))) return false;
  return readsBlind(user, true, (await reviewedBy(db, user.id, [applicationId])).has(applicationId));
}

/**
 * The questions whose answers the caller does not see on the form's applications they have not reviewed: the
 * identifying standard ones and those the owner chose, while review is blind; none for those who manage it.
 */
export async function hiddenQuestions(db: Db, user: AuthUser, formId: number): Promise<string[] | null> {
  if (!readsBlind(user, true, false)) return null;
  const [rubric] = await db
    .select({ blind: reviewRubrics.blind, identifying: reviewRubrics.identifyingQuestionIds })
    .from(reviewRubrics)
    .where(eq(reviewRubrics.eventFormId, formId));
  return rubric?.blind ? [...IDENTIFYING_QUESTIONS, ...rubric.identifying] : null;
}

/** Whether the form's applications are read blind by this caller (those they have not reviewed yet). */
export const formReadBlind = async (db: Db, user: AuthUser, formId: number) => (await hiddenQuestions(db, user, formId)) !== null;

/** Of these applications, the ones the caller has submitted a review of: those they read in full. */
export async function reviewedBy(db: Db, userId: number, applicationIds: number[]): Promise<Set<number>> {
  if (!applicationIds.length) return new Set();
  const rows = await db
    .select({ id: reviews.applicationId })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, userId), inArray(reviews.applicationId, applicationIds), isNotNull(reviews.submittedAt)));
  return new Set(rows.map((r) => r.id));
}

/** The applications as this caller may read them: blind where the form is and their review is not in. */
export async function asCallerReads(db: Db, user: AuthUser, formId: number, applications: ApplicationView[]) {
  const hidden = await hiddenQuestions(db, user, formId);
  if (!hidden) return { applications, blind: new Set<number>(), formBlind: false, hidden: [] };
  const reviewed = await reviewedBy(
    db,
    user.id,
    applications.map((a) => a.id),
  );
  const blind = new Set(applications.filter((a) => !reviewed.has(a.id)).map((a) => a.id));
  return { applications: applications.map((a) => (blind.has(a.id) ? blinded(a, hidden) : a)), blind, formBlind: true, hidden };
}

/** What an application is called while who applied is hidden. */
export const blindApplicantName = (applicationId: number) => `Applicant ${applicationId}`;

/** The application with who applied left out: no name, email or account, none of the hidden answers. */
export function blinded(application: ApplicationView, hidden: readonly string[]): ApplicationView {
  const answers = Object.fromEntries(Object.entries(application.answers).filter(([key]) => !hidden.includes(key)));
  return { ...application, applicant_name: blindApplicantName(application.id), applicant_email: "", user_id: 0, answers };
}
