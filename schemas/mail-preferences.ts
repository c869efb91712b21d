/* Mail a user receives about what happens to them: one choice per kind, next to the in-app notifications. */
import { z } from "zod";
import { NOTIFICATION_TYPES } from "./notifications.ts";

/**
 * What mail is about: every notification type, and the calendar mail of events one applied to (the
 * invitation with an .ics when an application is received, the reminder the day before, a changed time),
 * which has no in-app notification of its own.
 */
export const MAIL_TYPES = [...NOTIFICATION_TYPES, "event_calendar"] as const;
export type MailType = (typeof MAIL_TYPES)[number];

/** immediately: a mail each time; digest: one mail a day listing them; off: none. */
export const MAIL_CHOICES = ["immediately", "digest", "off"] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];
export const MAIL_CHOICE_LABELS: Record<MailChoice, string> = { immediately: "Immediately", digest: "Daily digest", off: "Off" };

export type MailPreferences = Record<MailType, MailChoice>;

/**
 * What nobody changed: what needs an answer or concerns money comes at once (invitations, an application's
 * review, payments, calendar mail); what only keeps one informed waits for the day's digest (followers, new
 * applications to one's events, chat messages, these only when still unread 15 minutes after they were sent).
 */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = {
  new_follower: "digest",
  invitation_received: "immediately",
  invitation_accepted: "immediately",
  invitation_declined: "immediately",
  application_received: "digest",
  review_status_changed: "immediately",
  waitlist_moved: "immediately",
  event_announcement: "immediately",
  payment_status_changed: "immediately",
  message_received: "digest",
  mentioned: "immediately",
  webhook_disabled: "immediately",
  event_calendar: "immediately",
};

/** Calendar mail is an invitation or a reminder for a given moment: a digest the next morning could come too late. */
export const mailChoicesFor = (type: MailType): readonly MailChoice[] =>
  type === "event_calendar" ? MAIL_CHOICES.filter((choice) => choice !== "digest") : MAIL_CHOICES;

/** The settings page's wording for what each kind of mail is about (the in-app types keep their own labels). */
export const MAIL_ONLY_LABELS = {
  event_calendar: "Calendar invitations, reminders and time changes of events you applied to",
} as const;

/** Chat messages are mailed (or put in the digest) only when still unread this long after they were sent. */
export const CHAT_MAIL_DELAY_MINUTES = 15;
/** The hour of the reader's day (in their time zone) from which their daily digest goes out. */
export const DIGEST_LOCAL_HOUR = 8;

const choiceField = (type: MailType) =>
  z.enum(mailChoicesFor(type) as [MailChoice, ...MailChoice[]], {
    error: type === "event_calendar" ? "Choose immediately or off." : "Choose immediately, daily digest or off.",
  });

/**
 * The mail choices as the settings form and PUT /api/v1/admin/settings send them: every kind, each from its
 * list. The whole object may be left out (a client that does not know about mail keeps what was saved).
 */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(MAIL_TYPES.map((type) => [type, choiceField(type)])) as { [T in MailType]: ReturnType<typeof choiceField> },
);

/**
 * What a one-click unsubscribe link turns off: one kind of mail, or the daily digest (every kind the user
 * gets by digest).
 */
export const UNSUBSCRIBE_TARGETS = [...MAIL_TYPES, "digest"] as const;
export type UnsubscribeTarget = (typeof UNSUBSCRIBE_TARGETS)[number];

/** GET /api/v1/mail/unsubscribe/{token}: what the link turns off, and whether that mail still comes. */
export const unsubscribeView = z.object({
  target: z.enum(UNSUBSCRIBE_TARGETS),
  /** What the mail is about, as the settings page words it. */
  label: z.string(),
  /** False once it is off (the link was used, or the settings say so). */
  subscribed: z.boolean(),
});
export type UnsubscribeView = z.output<typeof unsubscribeView>;

/** POST /api/v1/mail/unsubscribe/{token}: the mail turned off, and a sentence saying so. */
export const unsubscribeResult = z.object({ message: z.string(), data: unsubscribeView });
export type UnsubscribeResult = z.output<typeof unsubscribeResult>;

export const DIGEST_LABEL = "The daily digest";
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. Change which mail you receive on your settings page.";
/* A kind's label reads as a sentence of its own ("Someone follows you"), so the pages quote it. */
export const unsubscribedMessage = (label: string) => `You will no longer get mail for “${label}”.`;
export const alreadyUnsubscribedMessage = (label: string) => `You no longer get mail for “${label}”.`;
export const unsubscribeQuestion = (label: string) => `Stop mail for “${label}”?`;
