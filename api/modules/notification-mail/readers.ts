/**
 * What the event mails read on the record of what happened (api/lib/activity.ts): the
 * applicant's confirmation when an application arrives, and the reminder that follows a review's outcome.
 * The module that made the change only records it.
 */
import { recordedId, type ActivityReaders } from "#api/lib/activity-entry.ts";
import { mailApplicationReceived, remindersAfterReview } from "./event-mail.ts";

export const EVENT_MAIL_READERS = {
  "application.submitted": async (tx, _queue, { subject, eventFormId, data }) => {
    // One waiting in line hears of the waitlist instead (its notification's mail).
    if (data.waitlist_position !== null) return;
    await mailApplicationReceived(tx, { id: recordedId(subject.id), userId: data.applicant_id, eventFormId: recordedId(eventFormId) });
  },
  "application.status_changed": async (tx, _queue, { subject, eventFormId, data }) => {
    const application = { id: recordedId(subject.id), userId: data.applicant_id, eventFormId: recordedId(eventFormId) };
    await remindersAfterReview(tx, application, data.status);
  },
} satisfies ActivityReaders;
