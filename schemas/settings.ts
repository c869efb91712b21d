/* A user's preferences: stored on the server, read with the caller, applied by the panel. */
import { z } from "zod";
import { MAIL_CHOICES, MAIL_ONLY_LABELS, MAIL_TYPES, mailPreferencesSchema, type MailType } from "./mail-preferences.ts";
import { NOTIFICATION_TYPES, type NotificationType } from "./notifications";
import { isListedTimeZone } from "./time";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = { system: "Same as my device", light: "Light", dark: "Dark" };

/** How dates read; times are always 24-hour, as everywhere else in the panel. */
export const DATE_FORMATS = ["medium", "iso", "day-month", "month-day"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  medium: "1 Dec 2026",
  iso: "2026-12-01",
  "day-month": "01/12/2026",
  "month-day": "12/01/2026",
};

/** "auto" follows the screen's width (the viewport cookie); the others override it. */
export const LAYOUTS = ["auto", "comfortable", "compact"] as const;
export type Layout = (typeof LAYOUTS)[number];
export const LAYOUT_LABELS: Record<Layout, string> = {
  auto: "Fit my screen",
  comfortable: "Always full navigation",
  compact: "Always compact",
};

export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  new_follower: "Someone follows you",
  invitation_received: "You receive a co-founder invitation",
  invitation_accepted: "Your invitation is accepted",
  invitation_declined: "Your invitation is declined",
  application_received: "Your event receives an application",
  review_status_changed: "Your application's review status changes",
  waitlist_moved: "You join an event's waitlist, or a place opens for you",
  event_announcement: "An event you applied to sends an announcement",
  payment_status_changed: "A payment's status changes",
  message_received: "You receive a chat message",
  mentioned: "A team member mentions you in a comment on an application",
  webhook_disabled: "A webhook of your organization is turned off after days of failing",
};

/** What a kind of mail is about, in the settings page's words (an unsubscribe page names it the same way). */
export function mailTypeLabel(type: MailType): string {
  return type in MAIL_ONLY_LABELS ? MAIL_ONLY_LABELS[type as keyof typeof MAIL_ONLY_LABELS] : NOTIFICATION_LABELS[type as NotificationType];
}

export const userSettings = z.object({
  time_zone: z.string(),
  date_format: z.enum(DATE_FORMATS),
  theme: z.enum(THEMES),
  layout: z.enum(LAYOUTS),
  /** The notification types the user receives; a type added later is received until turned off. */
  notifications: z.array(z.enum(NOTIFICATION_TYPES)),
});
export type UserSettings = z.output<typeof userSettings>;

export const DEFAULT_SETTINGS: UserSettings = {
  time_zone: "UTC",
  date_format: "medium",
  theme: "system",
  layout: "auto",
  notifications: [...NOTIFICATION_TYPES],
};

/** The settings screen's answer: the preferences above and, per kind, which mail the user receives. */
export const settingsView = userSettings.extend({ mail: z.record(z.enum(MAIL_TYPES), z.enum(MAIL_CHOICES)) });
export type SettingsView = z.output<typeof settingsView>;

export const SETTINGS_SAVED = "Settings saved";

/** The settings form and PUT /api/v1/admin/settings: every field, each from its list. */
export const settingsSchema = z.object({
  time_zone: z
    .string({ error: "Choose a time zone." })
    .trim()
    .min(1, "Choose a time zone.")
    .refine(isListedTimeZone, "Choose a time zone from the list."),
  date_format: z.enum(DATE_FORMATS, { error: "Choose a date format from the list." }),
  theme: z.enum(THEMES, { error: "Choose light, dark or the same as your device." }),
  layout: z.enum(LAYOUTS, { error: "Choose a layout from the list." }),
  // Unchecked boxes send nothing: a missing list is "receive none", a single box arrives as one string.
  notifications: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(NOTIFICATION_TYPES, { error: "Choose notification types from the list." })).max(NOTIFICATION_TYPES.length),
  ),
  mail: mailPreferencesSchema.optional(),
});
export type SettingsInput = z.output<typeof settingsSchema>;
