import { isPaid } from "#schemas/billing.ts";
import { eq, inArray, sql } from "drizzle-orm";
import type { ApplicationView } from "#schemas/applications.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { files } from "#api/db/schema.ts";
import { eventApplications, type Answers, type ApplicationStatus } from "#api/db/events-schema.ts";
import { fieldError, notFound, validationFailed } from "#api/lib/errors.ts";
import { billingOfUser } from "../billing/views.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { deleteFiles } from "../files/released-objects.ts";
import { storeUpload } from "../files/service.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { ANSWER_FILE_RULES, planAnswers, questionsOf, type Intent } from "./answers.ts";
import { newTicketCode } from "../check-ins/tickets.ts";
import { closedReasonGiven, joinsWaitlist, placesTaken } from "./availability.ts";
import { lockedForm, waitlistPosition } from "./waitlist.ts";
import { ALREADY_APPLIED, FORM_NOT_FOUND, PAY_FIRST } from "./messages.ts";
import { applicationOf, visibleFormWithStartup } from "./queries.ts";
import { applicationResource, type ApplicationRow, type FormRow } from "./views.ts";

/** A paid form takes applications (drafts too) only from a payer whose billing is Successful. */
async function assertPaid(db: Db, form: FormRow, userId: number) {
  if (form.typeOfEvent !== "paid") return;
  const billing = await billingOfUser(db, form.id, userId);
  if (!isPaid(billing?.payment_status)) throw fieldError("application", PAY_FIRST);
}

/**
 * Saves a draft or submits the caller's application. The form row is locked for the write, so the
 * capacity check and the insert happen one applicant at a time: concurrent submits never overfill. A paid
 * form needs the caller's Successful billing first. A submission notifies the form's owners in the same
 * transaction (queued on `queue`, published by the route after the commit), and mails the applicant the
 * event's calendar invitation.
 */
/** What an applicant sends: draft or submit, the answers by question key, and whether the event's page may show them. */
export interface ApplicationInput {
  intent: Intent;
  answers: Map<string, unknown>;
  showOnEventPage: boolean;
}

export async function apply(
  db: Db,
  user: AuthUser,
  formId: number,
  { intent, answers: input, showOnEventPage }: ApplicationInput,
  queue: BroadcastQueue,
): Promise<{ application: ApplicationView; created: boolean }> {
  const found = await visibleFormWithStartup(db, user, formId);
  if (!found) throw notFound(FORM_NOT_FOUND);
  const before = await applicationOf(db, formId, user.id);
  if (before && before.status !== "draft") throw fieldError("application", ALREADY_APPLIED);
  // Places are counted only when the form has a limit: an open form never needs the count.
  const takenBefore = found.form.capacity === null ? 0 : await placesTaken(db, formId);
  const reason = closedReasonGiven(found.form, takenBefore);
  if (reason) throw fieldError("application", reason);
  if (!joinsWaitlist(found.form, takenBefore)) await assertPaid(db, found.form, user.id);

  const plan = await planAnswers(questionsOf(found.form), input, before?.answers ?? {}, intent);
  if (Object.keys(plan.errors).length) throw validationFailed(plan.errors);

  return db.transaction(async (tx) => {
    const form = await lockedForm(tx, formId);
    if (!form) throw notFound(FORM_NOT_FOUND);
    const existing = await applicationOf(tx, formId, user.id);
    if (existing && existing.status !== "draft") throw fieldError("application", ALREADY_APPLIED);
    const taken = form.capacity === null ? 0 : await placesTaken(tx, formId);
    const lockedReason = closedReasonGiven(form, taken);
    if (lockedReason) throw fieldError("application", lockedReason);
    // Full, with a waitlist: the submission waits in line for a place instead of taking one.
    const waits = intent === "submit" && joinsWaitlist(form, taken);
    // Joining the line costs nothing: a paid event's first in line pays once a place is offered to them.
    if (!joinsWaitlist(form, taken)) await assertPaid(tx, form, user.id);

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
      status: (intent === "draft" ? "draft" : waits ? "waitlisted" : "pending") as ApplicationStatus,
      answers,
      applicantName: name,
      applicantEmail: email,
      submittedAt: intent === "submit" ? sql`now()` : null,
      showOnEventPage,
      // A submitted application holds a place, and its ticket is how its holder gets in.
      ticketCode: intent === "submit" && !waits ? newTicketCode() : null,
      waitlistedAt: waits ? sql`now()` : null,
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
    if (replacedFiles.length) await deleteFiles(tx, inArray(files.id, replacedFiles));
    if (intent === "submit") {
      await recordActivity(
        tx,
        {
          organizationId: form.startupId,
          actor: user,
          kind: "application.submitted",
          subject: { id: row.id, label: row.applicantName },
          eventFormId: formId,
          data: {
            applicant_id: user.id,
            status: row.status,
            submitted_at: row.submittedAt?.toISOString() ?? null,
            waitlist_position: waits ? ((await waitlistPosition(tx, row)) ?? 1) : null,
          },
        },
        queue,
      );
    }
    return { application: applicationResource(row, form.customQuestions), created: !existing };
  });
}
