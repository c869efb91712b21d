import { and, eq } from "drizzle-orm";
import type { ApplicationStatus } from "#schemas/applications.ts";
import { formatEventTime } from "#schemas/event-format.ts";
import { eventLocation } from "#schemas/event-pages.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { appLink } from "#api/mail/format.ts";
import type { EventFacts } from "#api/mail/templates/event-details.tsx";
import { ApplicationReceivedMail, EventReminderMail, EventRescheduledMail, type EventMailProps } from "#api/mail/templates/event-mail.tsx";
import { applicantMeeting, visibleOnlineLink } from "../meetings/join-link.ts";
import { eventCalendar } from "./calendar.ts";
import { mailReader, type ReaderLinks } from "./deliver.ts";
import { cancelQueuedMail, mailReaders, type MailReader } from "./preferences.ts";

/*
 * The calendar mail of an event to its applicants (the "event_calendar" kind): the invitation when an
 * application is received, the reminder the day before for those accepted, and the updated invitation
 * when the event's time changes. Each is queued in the transaction of its cause.
 */

export type EventFormRow = typeof eventForms.$inferSelect;

/** How long before the event its reminder goes. */
export const REMINDER_HOURS_BEFORE = 24;

/** The applicant's page of the event. */
export const eventPath = (formId: number) => `/form-submission?form_id=${formId}`;

/**
 * How an applicant joins an online or hybrid event, as the panel shows it to them: the Zoom or Meet
 * meeting, otherwise the owner's online link; nothing for anyone the join-link rule leaves out.
 */
export function joinLinkFor(status: ApplicationStatus | null, form: EventFormRow): EventFacts["join"] {
  if (form.nature === "in_person") return null;
  const meeting = applicantMeeting(status, form);
  if (meeting) return { label: `Join the ${meeting.provider_label} meeting`, url: meeting.join_url };
  const link = visibleOnlineLink({ owner: false, status }, form);
  return link ? { label: "Join the event online", url: link } : null;
}

const whereOf = (form: EventFormRow) => eventLocation({ nature: form.nature, venue: form.venue, venue_city: form.venueCity });

export function eventFacts(form: EventFormRow, status: ApplicationStatus | null): EventFacts {
  return {
    title: form.title,
    when: formatEventTime(form.startsAt, form.endsAt, form.timezone),
    where: whereOf(form),
    join: joinLinkFor(status, form),
  };
}

/** The event mail's shared props for one reader. */
export const eventMailProps = (reader: MailReader, links: ReaderLinks, form: EventFormRow, status: ApplicationStatus): EventMailProps => ({
  ...links,
  name: reader.name,
  event: eventFacts(form, status),
  path: eventPath(form.id),
  about: mailTypeLabel("event_calendar"),
});

/**
 * The form's calendar file, as this reader may read it: the join link only once their application is
 * accepted (`status` null: someone who has not applied). `page` is the event's page the file links to.
 */
export function calendarOf(
  appUrl: string,
  form: EventFormRow,
  status: ApplicationStatus | null,
  page = appLink(appUrl, eventPath(form.id)),
) {
  const facts = eventFacts(form, status);
  return eventCalendar(appUrl, {
    formId: form.id,
    sequence: form.calendarSequence,
    title: form.title,
    description: [form.description, facts.join ? `${facts.join.label}: ${facts.join.url}` : null, `Event page: ${page}`]
      .filter(Boolean)
      .join("\n\n"),
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    timeZone: form.timezone,
    location: facts.where,
    url: page,
  });
}

/** A mail of the calendar kind to an applicant (none when they turned it off). */
async function mailApplicant(tx: Db, userId: number, message: Parameters<typeof mailReader>[3]) {
  const [reader] = await mailReaders(tx, [userId], "event_calendar");
  if (!reader || reader.choice === "off") return null;
  return mailReader(tx, reader, "event_calendar", message);
}

/** To the applicant when their application is received: the event with its calendar invitation, once. */
export async function mailApplicationReceived(tx: Db, application: { id: number; userId: number; eventFormId: number }) {
  const form = await formOf(tx, application.eventFormId);
  if (!form) return;
  await mailApplicant(tx, application.userId, (reader, links) => ({
    what: "invitation",
    subject: `Application received: ${form.title}`,
    element: ApplicationReceivedMail(eventMailProps(reader, links, form, "pending")),
    attachments: [calendarOf(links.appUrl, form, "pending")],
    dedupeKey: `application-received:${application.id}`,
  }));
}

/** When the event's reminder is due: REMINDER_HOURS_BEFORE its start. */
const reminderTime = (form: EventFormRow) => form.startsAt.getTime() - REMINDER_HOURS_BEFORE * 3600_000;

/** The reminder's key names the start it reminds of: a new start is a new reminder, the same one never twice. */
export const reminderKey = (applicationId: number, startsAt: Date) => `event-reminder:${applicationId}:${startsAt.toISOString()}`;

/**
 * Queues the reminder of an accepted application for 24 hours before the event (at once when that is past
 * and the event still ahead). Queued with its key, so however often and wherever this runs, one reminder
 * per start time is ever queued, and the outbox keeps it across restarts until its time.
 */
export async function scheduleReminder(tx: Db, application: { id: number; userId: number }, form: EventFormRow) {
  const now = Date.now();
  if (form.startsAt.getTime() <= now) return;
  const sendAfter = new Date(Math.max(now, reminderTime(form)));
  await mailApplicant(tx, application.userId, (reader, links) => ({
    what: "reminder",
    subject: `Reminder: ${form.title}, ${eventFacts(form, "accepted").when}`,
    element: EventReminderMail(eventMailProps(reader, links, form, "accepted")),
    dedupeKey: reminderKey(application.id, form.startsAt),
    sendAfter,
  }));
}

/**
 * The form, read with a share lock: an edit of it (which holds its row) finishes first, or waits for this
 * transaction, and then sees this application's new status. Either way the reminder is for the time the
 * form ends up with.
 */
async function formOf(tx: Db, formId: number): Promise<EventFormRow | undefined> {
  const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, formId)).for("share");
  return form;
}

/**
 * A review changed an application's status (in its transaction): accepted, it gets its reminder; no longer
 * accepted, its reminder (not yet sent) is dropped.
 */
export async function remindersAfterReview(tx: Db, application: { id: number; userId: number; eventFormId: number }, status: string) {
  const form = await formOf(tx, application.eventFormId);
  if (!form) return;
  if (status === "accepted") await scheduleReminder(tx, application, form);
  else await cancelQueuedMail(tx, [reminderKey(application.id, form.startsAt)]);
}

/** An applicant cancelled: their reminder, if one waits, is dropped. */
export async function dropReminder(tx: Db, applicationId: number, formId: number) {
  const form = await formOf(tx, formId);
  if (form) await cancelQueuedMail(tx, [reminderKey(applicationId, form.startsAt)]);
}

const timeChanged = (before: EventFormRow, after: EventFormRow) =>
  before.startsAt.getTime() !== after.startsAt.getTime() ||
  before.endsAt.getTime() !== after.endsAt.getTime() ||
  before.timezone !== after.timezone;

/**
 * After an edit of a form (in its transaction, the form row locked): the reminders of its accepted
 * applicants are queued anew with what the form now says, those of the old time dropped unless already
 * sent. When its time changed the form's calendar SEQUENCE goes up and every accepted applicant gets the
 * updated invitation, once per change; when the new time's reminder would be due already, that one mail
 * stands for it.
 */
export async function eventMailAfterEdit(tx: Db, before: EventFormRow, after: EventFormRow) {
  const accepted = await tx
    .select({ id: eventApplications.id, userId: eventApplications.userId })
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, after.id), eq(eventApplications.status, "accepted")));
  let form = after;
  if (timeChanged(before, after)) {
    const [raised] = await tx
      .update(eventForms)
      .set({ calendarSequence: before.calendarSequence + 1 })
      .where(eq(eventForms.id, after.id))
      .returning();
    form = raised;
  }
  if (!accepted.length) return;
  await cancelQueuedMail(
    tx,
    accepted.map((application) => reminderKey(application.id, before.startsAt)),
  );
  const moved = form.calendarSequence !== before.calendarSequence;
  // Moved within the reminder's day: the new-time mail, at once, is the reminder; another would say it twice.
  const remind = !moved || reminderTime(form) > Date.now();
  for (const application of accepted) {
    if (remind) await scheduleReminder(tx, application, form);
    if (!moved) continue;
    await mailApplicant(tx, application.userId, (reader, links) => ({
      what: "updated",
      subject: `New time: ${form.title}, ${eventFacts(form, "accepted").when}`,
      element: EventRescheduledMail(eventMailProps(reader, links, form, "accepted")),
      attachments: [calendarOf(links.appUrl, form, "accepted")],
      dedupeKey: `event-updated:${application.id}:${form.calendarSequence}`,
    }));
  }
}
