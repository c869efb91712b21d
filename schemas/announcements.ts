/* Announcements: what an event's owner writes to its people, and the history of what went to whom. */
import { z } from "zod";
import { tryAgainIn } from "./plural.ts";
import { pageOf, timestamp } from "./contract/answers.ts";
import { headerText, requiredText } from "./fields.ts";

/**
 * Who an announcement goes to: everyone holding a place (submitted, not turned down or withdrawn), everyone
 * waiting in line, or everyone let in at the door.
 */
export const ANNOUNCEMENT_AUDIENCES = ["confirmed", "waitlisted", "checked_in"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  confirmed: "Everyone with a place",
  waitlisted: "Everyone on the waitlist",
  checked_in: "Everyone checked in",
};

/** An event's announcements per hour: people hear from an event now and then, never a stream. */
export const ANNOUNCEMENT_RATE = { maxAnnouncements: 5, windowSeconds: 3600 } as const;
export const ANNOUNCEMENTS_THROTTLED = (seconds: number) =>
  `This event has sent ${ANNOUNCEMENT_RATE.maxAnnouncements} announcements in the last hour. ${tryAgainIn(seconds)}`;
export const NOBODY_TO_TELL = "Nobody is in this group yet: there is no one to send it to.";

export const announcementSchema = z.object({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? "The audience field is required." : "The selected audience is invalid.",
  }),
  subject: headerText("subject", 150),
  message: requiredText("message", 5000),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;

const sender = z.object({ id: z.number().int(), name: z.string() });

/** One announcement in an event's history. */
export const announcementView = z.object({
  id: z.number().int(),
  event_form_id: z.number().int(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  subject: z.string(),
  message: z.string(),
  /** Who it went to (each has it in the panel). */
  recipient_count: z.number().int(),
  /** Of them, how many it was mailed to at once (the others chose the daily digest or no mail of it). */
  mailed_count: z.number().int(),
  sent_by: sender.nullable(),
  created_at: timestamp,
});
export type AnnouncementView = z.output<typeof announcementView>;

/** `GET /api/v1/admin/event_forms/{id}/announcements`: the history, newest first, with the audiences' sizes now. */
export const announcementPage = pageOf(announcementView).extend({
  event_form: z.object({ id: z.number().int(), title: z.string() }),
  audience_sizes: z.record(z.enum(ANNOUNCEMENT_AUDIENCES), z.number().int()),
});
export type AnnouncementPage = z.output<typeof announcementPage>;

/** `GET …/announcements/{announcementId}/recipients`: who one announcement went to. */
export const announcementRecipientPage = pageOf(z.object({ id: z.number().int(), name: z.string(), email: z.string() }));
export type AnnouncementRecipientPage = z.output<typeof announcementRecipientPage>;

/** `POST …/announcements`: the announcement sent. */
export const announcementSent = z.object({ announcement: announcementView });
export type AnnouncementSent = z.output<typeof announcementSent>;
