/**
 * What the notifications read on the record of what happened (api/lib/activity.ts): for
 * each kind somebody must hear of, who is told and what (with the mail and the live updates beside it). The
 * module that made the change only records it; it never calls this module.
 */
import type { ReviewStatus } from "#schemas/events.ts";
import type { BillingStatus } from "#schemas/billing.ts";
import { notifyCommented } from "./comment-cause.ts";
import { recordedId, type ActivityReaders } from "#api/lib/activity-entry.ts";
import { notifyAnnouncement } from "./announcement-cause.ts";
import {
  notifyApplicationReceived,
  notifyInvitationAnswered,
  notifyInvitationReceived,
  notifyNewFollower,
  notifyReviewStatusChanged,
  notifyWaitlistMoved,
} from "./causes.ts";
import { notifyPaymentStatusChanged, notifyUnappliedRefund } from "./payment-causes.ts";
import { notifyWebhookDisabled } from "./webhook-cause.ts";

export const NOTIFICATION_READERS = {
  "application.submitted": async (tx, queue, { actor, subject, eventFormId, data }) => {
    const application = { id: recordedId(subject.id), eventFormId: recordedId(eventFormId), userId: data.applicant_id };
    await notifyApplicationReceived(
      tx,
      queue,
      {
        ...application,
        status: data.status,
        applicantName: subject.label,
        submittedAt: data.submitted_at === null ? null : new Date(data.submitted_at),
      },
      actor?.id ?? null,
    );
    if (data.waitlist_position !== null)
      await notifyWaitlistMoved(tx, queue, application, { move: "joined", position: data.waitlist_position });
  },
  "application.waitlist_moved": async (tx, queue, { subject, eventFormId, data }) => {
    const { applicant_id, ...move } = data;
    await notifyWaitlistMoved(tx, queue, { id: recordedId(subject.id), eventFormId: recordedId(eventFormId), userId: applicant_id }, move);
  },
  "application.commented": async (tx, queue, { actor, subject, eventFormId, data }) => {
    await notifyCommented(tx, queue, {
      id: data.comment_id,
      applicationId: recordedId(subject.id),
      formId: recordedId(eventFormId),
      authorName: actor?.name ?? "",
      mentionedIds: data.mentioned_ids,
      excerpt: data.excerpt,
    });
  },
  "application.status_changed": async (tx, queue, { actor, subject, data }) => {
    if (data.quiet) return;
    await notifyReviewStatusChanged(tx, queue, recordedId(subject.id), data.status as ReviewStatus, actor?.id ?? null);
  },
  "billing.status_changed": async (tx, queue, { actor, subject, data }) => {
    await notifyPaymentStatusChanged(tx, queue, recordedId(subject.id), data.status as BillingStatus, actor?.id ?? null);
  },
  "billing.refunded": async (tx, queue, { actor, subject, data }) => {
    if (data.unapplied_amount !== null) await notifyUnappliedRefund(tx, queue, recordedId(subject.id), data.unapplied_amount);
    else await notifyPaymentStatusChanged(tx, queue, recordedId(subject.id), data.status as BillingStatus, actor?.id ?? null);
  },
  "announcement.sent": async (tx, queue, { subject }) => {
    await notifyAnnouncement(tx, queue, recordedId(subject.id));
  },
  "follow.created": async (tx, queue, { actor, data }) => {
    await notifyNewFollower(tx, queue, data.follower, data.followee, actor?.id ?? null);
  },
  "co_founder_invitation.sent": async (tx, queue, { actor, subject }) => {
    await notifyInvitationReceived(tx, queue, recordedId(subject.id), actor?.id ?? null);
  },
  "co_founder_invitation.accepted": async (tx, queue, { actor, subject }) => {
    await notifyInvitationAnswered(tx, queue, recordedId(subject.id), "accepted", actor?.id ?? null);
  },
  "co_founder_invitation.declined": async (tx, queue, { actor, subject }) => {
    await notifyInvitationAnswered(tx, queue, recordedId(subject.id), "declined", actor?.id ?? null);
  },
  "webhook.disabled": async (tx, queue, { organizationId, data }) => {
    await notifyWebhookDisabled(tx, queue, recordedId(organizationId), data.url);
  },
} satisfies ActivityReaders;
