/**
 * What review reads on the record of what happened (api/lib/activity.ts): an application that arrives on a
 * form whose owner has given applications out is given out the same way, in the same transaction; a member
 * who no longer reads a form they review (removed, left, another role or other forms) gives their unfinished
 * applications back to the others.
 */
import { recordedId, type ActivityReaders } from "#api/lib/activity-entry.ts";
import type { ActivityEntry } from "#api/lib/activity-entry.ts";
import type { Db } from "#api/db/client.ts";
import { giveOut, releaseReviewer } from "./assignments.ts";
import { planOf, rubricRowOf } from "./plan.ts";

const reviewerGone = async (tx: Db, _queue: unknown, { organizationId, subject }: ActivityEntry) => {
  if (organizationId !== null) await releaseReviewer(tx, organizationId, recordedId(subject.id));
};

export const REVIEW_READERS = {
  "application.submitted": async (tx, _queue, { subject, eventFormId }) => {
    const formId = recordedId(eventFormId);
    const plan = planOf(await rubricRowOf(tx, formId));
    if (plan) await giveOut(tx, formId, plan, [recordedId(subject.id)]);
  },
  "member.removed": reviewerGone,
  "member.left": reviewerGone,
  "member.role_changed": reviewerGone,
} satisfies ActivityReaders;
