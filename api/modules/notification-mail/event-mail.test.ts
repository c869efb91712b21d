/**
 * The event mail an applicant receives, delivered to a real SMTP server on loopback and read back as a mail
 * client would: the calendar invitation (parsed by ical.js), the review with the join link, the reminder
 * the day before (once, however often it is scheduled) and the updated invitation when the time changes.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { mailDigestItems } from "#api/db/realtime-schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { registered } from "#api/testing/fixtures.ts";
import { sendApplication } from "#api/testing/application-fixtures.ts";
import { ownerWithCollection, publishedEventForm, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import {
  calendarIn,
  headerOf,
  mailDelivery,
  outboxOf as queuedMail,
  unsubscribeLinkOf,
  type MailDelivery,
} from "#api/testing/mail-fixtures.ts";
import { reminderKey, scheduleReminder } from "./event-mail.ts";
import { withAppLinks } from "#api/lib/app-links.ts";
import { unsubscribeToken } from "./unsubscribe.ts";

const APP_URL = "https://launchpad.example.com";
let t: TestApi;
let mail: MailDelivery;
beforeAll(async () => {
  t = await createTestApi({ appUrl: APP_URL });
  mail = await mailDelivery(t);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

/** An online event on 1 June 2035, 18:00–21:00 in Lagos (UTC+1), asking only for a name and an email. */
const EVENT = {
  nature: "online",
  venue: null,
  venue_country: null,
  venue_city: null,
  online_link: "https://meet.example.com/demo-day",
  questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
  custom_questions: [],
};

async function eventWithApplicant(title: string) {
  const owner = await ownerWithCollection(t);
  const form = await publishedEventForm(owner.client, owner.collection.id, { ...EVENT, title });
  const applicant = await registered(t, "Ada Applicant");
  const applied = await sendApplication(applicant.client, form.id, { full_name: "Ada Applicant", email: applicant.email });
  expect(applied.status).toBe(201);
  return { owner, form, applicant, applicationId: applied.body.event_application.id as number };
}

const review = (owner: TestClient, id: number, status: string) => owner.put(`/api/v1/admin/event_applications/${id}/status`, { status });
const outboxOf = (userId: number, kind: string) => queuedMail(t.database.db, userId, kind);

describe("an application received", () => {
  it("mails the applicant the event with a calendar invitation on the event's clock, and an unsubscribe link", async () => {
    const { form, applicant, owner } = await eventWithApplicant("Lagos demo day");
    const received = await mail.mailTo(applicant.email, /^Application received: Lagos demo day$/);

    expect(received.text).toContain("Hello Ada Applicant,");
    expect(received.text).toContain("When: Fri, 1 Jun 2035, 18:00 – 21:00 (Africa/Lagos)");
    expect(received.text).toContain("Where: Online");
    expect(received.text).not.toContain("meet.example.com");
    expect(received.html).toContain(`href="${APP_URL}/form-submission?form_id=${form.id}"`);
    expect(received.html).toContain("prefers-color-scheme: dark");

    expect(headerOf(received, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(headerOf(received, "List-Unsubscribe")).toMatch(
      new RegExp(`^<${APP_URL}/unsubscribe/${applicant.id}\\.event_calendar\\.[\\w-]+>$`),
    );
    expect(received.html).toContain(`href="${APP_URL}${unsubscribeLinkOf(received)}"`);

    const { event, attachment } = calendarIn(received);
    expect(attachment.filename).toBe("event.ics");
    // Every line ends with CRLF, the last one too (RFC 5545 3.1).
    const ics = attachment.content.toString("utf8");
    expect(ics.endsWith("\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(event.uid).toBe(`event-form-${form.id}@launchpad.example.com`);
    expect(event.sequence).toBe(0);
    expect(event.summary).toBe("Lagos demo day");
    expect(event.startDate.zone?.tzid).toBe("Africa/Lagos");
    expect(event.startDate.toString()).toBe("2035-06-01T18:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2035-06-01T17:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2035-06-01T20:00:00.000Z");

    // The owners hear of it in the day's digest by default, not by a mail of its own.
    expect(await outboxOf(owner.id, "application_received")).toHaveLength(0);
    const waiting = await t.database.db.select().from(mailDigestItems).where(eq(mailDigestItems.userId, owner.id));
    expect(waiting).toMatchObject([{ type: "application_received", title: "New application to Lagos demo day", mailedAt: null }]);
  });

  it("sends nothing to an applicant who turned calendar mail off", async () => {
    const owner = await ownerWithCollection(t);
    const form = await publishedEventForm(owner.client, owner.collection.id, { ...EVENT, title: "Quiet event" });
    const applicant = await registered(t, "Quiet Applicant");
    const settings = await applicant.client.get("/api/v1/admin/settings");
    const { mail: choices, ...rest } = settings.body.data;
    expect((await applicant.client.put("/api/v1/admin/settings", { ...rest, mail: { ...choices, event_calendar: "off" } })).status).toBe(
      200,
    );
    expect((await sendApplication(applicant.client, form.id, { full_name: "Quiet", email: applicant.email })).status).toBe(201);
    expect(await outboxOf(applicant.id, "event_calendar/invitation")).toHaveLength(0);
  });
});

describe("a review", () => {
  it("mails an accepted applicant once, with the join link as the panel shows it, and schedules one reminder, even when sent ten times at once", async () => {
    const { owner, applicant, applicationId, form } = await eventWithApplicant("Accepted day");
    const answers = await Promise.all(Array.from({ length: 10 }, () => review(owner.client, applicationId, "accepted")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    const accepted = await mail.mailTo(applicant.email, /is accepted$/);
    expect(accepted.subject).toBe("Your application to Accepted day is accepted");
    expect(accepted.text).toContain("Join the event online: https://meet.example.com/demo-day");
    expect(await outboxOf(applicant.id, "review_status_changed/accepted")).toHaveLength(1);

    const reminders = await outboxOf(applicant.id, "event_calendar/reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ status: "queued", dedupeKey: `event-reminder:${applicationId}:2035-06-01T17:00:00.000Z` });
    expect(reminders[0].nextAttemptAt.toISOString()).toBe("2035-05-31T17:00:00.000Z");
    expect(reminders[0].text).toContain("Join the event online: https://meet.example.com/demo-day");

    // Scheduling it again, from anywhere and at once, queues nothing more.
    const [row] = await t.database.db.select().from(eventForms).where(eq(eventForms.id, form.id));
    await withAppLinks({ appUrl: APP_URL }, () =>
      Promise.all(Array.from({ length: 10 }, () => scheduleReminder(t.database.db, { id: applicationId, userId: applicant.id }, row))),
    );
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(1);

    // No longer accepted: the reminder that has not gone is dropped; accepted again, it is queued again.
    expect((await review(owner.client, applicationId, "waitlisted")).status).toBe(200);
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(0);
    await mail.mailTo(applicant.email, /is waitlisted$/);
    expect((await review(owner.client, applicationId, "accepted")).status).toBe(200);
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(1);
    expect((await applicant.client.put(`/api/v1/admin/event_applications/${applicationId}/cancel_apply`)).status).toBe(200);
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(0);
  });

  it("drops the reminder waiting for next week when the applicant unsubscribes from calendar mail", async () => {
    const { owner, applicant, applicationId } = await eventWithApplicant("Unsubscribed day");
    expect((await review(owner.client, applicationId, "accepted")).status).toBe(200);
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(1);
    const token = await unsubscribeToken(t.database.db, applicant.id, "event_calendar");
    const visitor = t.client();
    expect((await visitor.get(`/api/v1/mail/unsubscribe/${token}`)).body.data).toEqual({
      target: "event_calendar",
      label: "Calendar invitations, reminders and time changes of events you applied to",
      subscribed: true,
    });
    expect((await visitor.post(`/api/v1/mail/unsubscribe/${token}`)).status).toBe(200);
    expect(await outboxOf(applicant.id, "event_calendar/reminder")).toHaveLength(0);
    expect(await outboxOf(applicant.id, "review_status_changed/accepted")).toHaveLength(1);
  });
});

describe("a changed event time", () => {
  it("replaces the accepted applicants' reminders and mails them the updated invitation once, however many edits run at once", async () => {
    const { owner, applicant, applicationId, form } = await eventWithApplicant("Moving day");
    expect((await review(owner.client, applicationId, "accepted")).status).toBe(200);
    const fields = validEventFormFields(owner.collection.id, { ...EVENT, title: "Moving day" });

    // Another title only: the reminder is written anew (same time, same key), no updated invitation.
    expect((await owner.client.put(`/api/v1/admin/event_forms/${form.id}`, { ...fields, title: "Moving day!" })).status).toBe(200);
    const [retitled] = await outboxOf(applicant.id, "event_calendar/reminder");
    expect(retitled.subject).toMatch(/^Reminder: Moving day!, /);
    expect(await outboxOf(applicant.id, "event_calendar/updated")).toHaveLength(0);

    const moved = { ...fields, title: "Moving day!", starts_at: "2035-06-02T10:00", ends_at: "2035-06-02T12:00" };
    const edits = await Promise.all(Array.from({ length: 5 }, () => owner.client.put(`/api/v1/admin/event_forms/${form.id}`, moved)));
    expect(edits.map((edit) => edit.status)).toEqual(Array(5).fill(200));

    const reminders = await outboxOf(applicant.id, "event_calendar/reminder");
    expect(reminders.map((r) => r.dedupeKey)).toEqual([reminderKey(applicationId, new Date("2035-06-02T09:00:00.000Z"))]);
    expect(reminders[0].nextAttemptAt.toISOString()).toBe("2035-06-01T09:00:00.000Z");

    const updated = await mail.mailTo(applicant.email, /^New time: Moving day!/);
    expect(updated.text).toContain("When: Sat, 2 Jun 2035, 10:00 – 12:00 (Africa/Lagos)");
    const { event } = calendarIn(updated);
    expect(event.uid).toBe(`event-form-${form.id}@launchpad.example.com`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toString()).toBe("2035-06-02T10:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2035-06-02T09:00:00.000Z");
    expect(await outboxOf(applicant.id, "event_calendar/updated")).toHaveLength(1);
    const invitations = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, applicant.id), like(mailOutbox.kind, "event_calendar/%")));
    expect(invitations.map((m) => m.kind).sort()).toEqual([
      "event_calendar/invitation",
      "event_calendar/reminder",
      "event_calendar/updated",
    ]);
  });

  it("moved within a day of it, sends an accepted applicant the one mail with the new time, and no second reminder", async () => {
    // An event six hours from now, on UTC's clock: accepting it queues its reminder at once.
    const local = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * 3600_000).toISOString().slice(0, 16);
    const owner = await ownerWithCollection(t);
    const fields = validEventFormFields(owner.collection.id, {
      ...EVENT,
      title: "Soon day",
      timezone: "UTC",
      starts_at: local(6),
      ends_at: local(8),
      application_deadline: local(5),
    });
    const form = await publishedEventForm(owner.client, owner.collection.id, fields);
    const applicant = await registered(t, "Sam Soon");
    const applied = await sendApplication(applicant.client, form.id, { full_name: "Sam Soon", email: applicant.email });
    expect((await review(owner.client, applied.body.event_application.id, "accepted")).status).toBe(200);
    const calendarMail = () =>
      t.database.db
        .select({ kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, applicant.id), like(mailOutbox.kind, "event_calendar/%")))
        .orderBy(mailOutbox.id);
    expect((await calendarMail()).map((m) => m.kind)).toEqual(["event_calendar/invitation", "event_calendar/reminder"]);
    await mail.mailTo(applicant.email, /^Reminder: Soon day/);

    const moved = await owner.client.put(`/api/v1/admin/event_forms/${form.id}`, { ...fields, starts_at: local(7), ends_at: local(9) });
    expect(moved.status).toBe(200);
    expect((await calendarMail()).map((m) => m.kind)).toEqual([
      "event_calendar/invitation",
      "event_calendar/reminder",
      "event_calendar/updated",
    ]);
    await mail.mailTo(applicant.email, /^New time: Soon day/);
  });
});
