/**
 * The notifications (and the live events beside them) that other modules' changes cause, one function per
 * cause. Each runs in the cause's own transaction `tx` and only queues messages, so a rolled-back change
 * leaves no notification and tells nobody (see api/realtime/broadcaster.ts). Titles are sentences a person
 * reads; urls are panel paths.
 */
import { eq } from "drizzle-orm";
import { formatInZone } from "#schemas/event-format.ts";
import type { FollowParty, WaitlistMoveData } from "#schemas/activity.ts";
import type { ReviewStatus } from "#schemas/events.ts";
import { REVIEW_WORDS } from "#schemas/event-kinds.ts";
import { reviewRubrics } from "#api/db/review-schema.ts";
import { APPLICATION_SUBMITTED_EVENT, eventFormChannel } from "#schemas/realtime.ts";
import type { Db } from "#api/db/client.ts";
import { coFounderInvitations } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { reviewStatusMessage } from "../notification-mail/cause-mail.ts";
import { notifyEach, repeatOf } from "./notify.ts";
import { coFounderUserIds, startupUserIds } from "./recipients.ts";

/** Everyone but the person who made the change: nobody needs telling what they just did. */
export const others = (ids: number[], actorUserId: number | null | undefined) => ids.filter((id) => id !== actorUserId);

async function accountCard(tx: Db, account: FollowParty) {
  if (account.type === "co_founder") {
    const [row] = await tx.select({ name: coFounders.name }).from(coFounders).where(eq(coFounders.id, account.id));
    return row && { name: row.name, url: `/co-founders/${account.id}` };
  }
  const [row] = await tx.select({ name: startups.name, username: startups.username }).from(startups).where(eq(startups.id, account.id));
  return row && { name: row.name, url: `/startups/${row.username}` };
}

/** A new follower: the followed account's users hear who it is, with a link to the follower's profile. */
export async function notifyNewFollower(
  tx: Db,
  queue: BroadcastQueue,
  follower: FollowParty,
  followee: FollowParty,
  actorUserId: number | null,
) {
  const card = await accountCard(tx, follower);
  if (!card) return;
  const recipients =
    followee.type === "co_founder"
      ? await coFounderUserIds(tx, followee.id)
      : await startupUserIds(tx, followee.id, { role: "organization.profile" });
  // Following, unfollowing and following again is one cause: one notification (see repeatOf).
  await notifyEach(tx, queue, others(recipients, actorUserId), {
    ...repeatOf("new_follower", `${follower.type}:${follower.id}`, `${followee.type}:${followee.id}`),
    title: `${card.name} started following you`,
    url: card.url,
    data: { follower_type: follower.type, follower_id: follower.id },
  });
}

async function invitationCard(tx: Db, id: number) {
  const [row] = await tx
    .select({
      startupId: coFounderInvitations.startupId,
      startupName: startups.name,
      coFounderId: coFounderInvitations.coFounderId,
      coFounderName: coFounders.name,
      message: coFounderInvitations.message,
      responseMessage: coFounderInvitations.responseMessage,
    })
    .from(coFounderInvitations)
    .innerJoin(startups, eq(startups.id, coFounderInvitations.startupId))
    .innerJoin(coFounders, eq(coFounders.id, coFounderInvitations.coFounderId))
    .where(eq(coFounderInvitations.id, id));
  return row;
}

/** The invited person hears which startup asked them to join. */
export async function notifyInvitationReceived(tx: Db, queue: BroadcastQueue, invitationId: number, actorUserId: number | null) {
  const card = await invitationCard(tx, invitationId);
  if (!card) return;
  // Inviting, withdrawing and inviting again is one cause, whatever the invitation's id: the notification
  // keeps the latest invitation and its message (see repeatOf).
  await notifyEach(tx, queue, others(await coFounderUserIds(tx, card.coFounderId), actorUserId), {
    ...repeatOf("invitation_received", `startup:${card.startupId}`, `co_founder:${card.coFounderId}`),
    title: `${card.startupName} invited you to join their team`,
    body: card.message,
    url: "/co-founder-invitations?box=received",
    data: { invitation_id: invitationId, startup_id: card.startupId },
  });
}

/** The inviting startup hears the answer. */
export async function notifyInvitationAnswered(
  tx: Db,
  queue: BroadcastQueue,
  invitationId: number,
  status: "accepted" | "declined",
  actorUserId: number | null,
) {
  const card = await invitationCard(tx, invitationId);
  if (!card) return;
  await notifyEach(tx, queue, others(await startupUserIds(tx, card.startupId, { role: "organization.profile" }), actorUserId), {
    type: status === "accepted" ? "invitation_accepted" : "invitation_declined",
    title: status === "accepted" ? `${card.coFounderName} accepted your invitation` : `${card.coFounderName} declined your invitation`,
    body: card.responseMessage,
    url: "/co-founder-invitations?box=sent",
    data: { invitation_id: invitationId, co_founder_id: card.coFounderId },
  });
}

export interface SubmittedApplication {
  id: number;
  eventFormId: number;
  status: string;
  applicantName: string;
  submittedAt: Date | null;
}

/**
 * A submitted application: the form's startup users who may read responses get a notification, and the
 * form's channel (the open responses screen) gets the new row.
 */
export async function notifyApplicationReceived(
  tx: Db,
  queue: BroadcastQueue,
  application: SubmittedApplication,
  actorUserId: number | null,
) {
  const [form] = await tx
    .select({ title: eventForms.title, startupId: eventForms.startupId })
    .from(eventForms)
    .where(eq(eventForms.id, application.eventFormId));
  if (!form) return;
  const formId = application.eventFormId;
  const readers = others(
    await startupUserIds(tx, form.startupId, { role: "forms.read", account: "event response read", formId }),
    actorUserId,
  );
  // While review is blind, only those who manage the form are told who applied.
  const [rubric] = await tx.select({ blind: reviewRubrics.blind }).from(reviewRubrics).where(eq(reviewRubrics.eventFormId, formId));
  const named = rubric?.blind
    ? new Set(await startupUserIds(tx, form.startupId, { role: "forms.manage", account: "event response read", formId }))
    : null;
  const told = (body: string) => ({
    type: "application_received" as const,
    title: `New application to ${form.title}`,
    body,
    url: `/event-responses/${formId}/form/${application.id}`,
    data: { event_form_id: formId, event_application_id: application.id },
  });
  await notifyEach(tx, queue, named ? readers.filter((id) => named.has(id)) : readers, told(`${application.applicantName} applied.`));
  if (named)
    await notifyEach(
      tx,
      queue,
      readers.filter((id) => !named.has(id)),
      told("A new application is waiting for review."),
    );
  queue.add({
    channels: [eventFormChannel(formId)],
    event: APPLICATION_SUBMITTED_EVENT,
    data: {
      application: {
        id: application.id,
        event_form_id: formId,
        status: application.status,
        submitted_at: application.submittedAt?.toISOString() ?? null,
      },
    },
  });
}

/** The applicant hears the review's outcome (by mail too, with the join link once accepted to an online event). */
export async function notifyReviewStatusChanged(
  tx: Db,
  queue: BroadcastQueue,
  applicationId: number,
  status: ReviewStatus,
  actorUserId: number | null,
) {
  const [row] = await tx
    .select({ userId: eventApplications.userId, formId: eventForms.id, title: eventForms.title })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(eq(eventApplications.id, applicationId));
  if (!row) return;
  await notifyEach(tx, queue, others([row.userId], actorUserId), {
    type: "review_status_changed",
    title: `Your application to ${row.title} is ${REVIEW_WORDS[status]}`,
    url: "/event-applications",
    data: { event_form_id: row.formId, event_application_id: applicationId, status },
    mail: await reviewStatusMessage(tx, row.formId, status, REVIEW_WORDS[status]),
  });
}

/** What each step says: the status it leaves, the words after "Your application to {event} is", and more. */
function waitlistWords(move: WaitlistMoveData, timezone: string): { status: ReviewStatus | "cancelled"; words: string; body: string } {
  switch (move.move) {
    case "offered":
      return {
        status: "waitlisted",
        words: `offered a place: pay by ${formatInZone(new Date(move.offered_until), timezone)} to take it`,
        body: "The place is held for you until then; after that it goes to the next one in line.",
      };
    case "lapsed":
      return {
        status: "cancelled",
        words: "off the waitlist: the place offered to you was not paid for in time",
        body: "It went to the next one in line.",
      };
    case "joined":
      return {
        status: "waitlisted",
        words: `on the waitlist, number ${move.position} in line`,
        body: "If a place opens, it goes to the first one in line at once, and you are told.",
      };
    case "admitted":
      return { status: "pending", words: "in: a place opened for you", body: "Your ticket is on the event's page in the panel." };
  }
}

/**
 * The applicant's place in a waitlist moved: they joined it (with their number in line), a place opened and
 * is theirs (or, on a paid event, is offered to them until a time), or an offer lapsed unpaid. Nobody acted
 * for them, so nobody is left out as the actor.
 */
export async function notifyWaitlistMoved(
  tx: Db,
  queue: BroadcastQueue,
  application: { id: number; userId: number; eventFormId: number },
  move: WaitlistMoveData,
) {
  const [form] = await tx
    .select({ title: eventForms.title, timezone: eventForms.timezone })
    .from(eventForms)
    .where(eq(eventForms.id, application.eventFormId));
  if (!form) return;
  const { status, words, body } = waitlistWords(move, form.timezone);
  await notifyEach(tx, queue, [application.userId], {
    type: "waitlist_moved",
    title: `Your application to ${form.title} is ${words}`,
    body,
    url: `/form-submission?form_id=${application.eventFormId}`,
    data: { event_form_id: application.eventFormId, event_application_id: application.id, status },
    // Out of the line there is no application to show: the mail is the notification's own words.
    mail: status === "cancelled" ? undefined : await reviewStatusMessage(tx, application.eventFormId, status, words, "waitlist_moved"),
  });
}
