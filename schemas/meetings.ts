import { z } from "zod";

/** Video-meeting providers, as stored (`event_forms.meeting_provider`, `meeting_connections.provider`). */
export const MEETING_PROVIDER_KEYS = ["zoom", "google_meet"] as const;
export type MeetingProviderKey = (typeof MEETING_PROVIDER_KEYS)[number];

/** Each provider's name in addresses: /integration/zoom, /api/v1/admin/meetings/connections/google-meet. */
export const MEETING_PROVIDER_SLUGS: Record<MeetingProviderKey, string> = { zoom: "zoom", google_meet: "google-meet" };

export const MEETING_PROVIDER_LABELS: Record<MeetingProviderKey, string> = { zoom: "Zoom", google_meet: "Google Meet" };

/** The provider an address names, or undefined. */
export function providerFromSlug(slug: string | undefined): MeetingProviderKey | undefined {
  return MEETING_PROVIDER_KEYS.find((key) => MEETING_PROVIDER_SLUGS[key] === slug);
}

/** What a connection is used for, said on /integration and each provider's page. */
export const MEETING_PROVIDER_USES: Record<MeetingProviderKey, string> = {
  zoom:
    "Creates a Zoom meeting for an online or hybrid event form, from the form's edit page, " +
    "and moves it when the event's time changes. Accepted applicants see its join link.",
  google_meet:
    "Creates an event with a Google Meet link in your primary Google Calendar for an online or hybrid event form, " +
    "and moves it when the event's time changes. Accepted applicants see its join link.",
};

/** POST /api/v1/admin/event_forms/{id}/meeting */
export const createMeetingSchema = z.object({
  provider: z.enum(MEETING_PROVIDER_KEYS, { error: "The selected provider is invalid." }),
});

/** What the provider sent back to the callback address, as the panel forwards it. */
export const meetingCallbackSchema = z.object({
  state: z.string({ error: "The state field is required." }).trim().min(1, "The state field is required.").max(512),
  code: z.string().trim().max(2048).optional(),
  error: z.string().trim().max(200).optional(),
});

/** One provider's state for the caller (GET /api/v1/admin/meetings/connections). */
export const meetingConnectionState = z.object({
  provider: z.enum(MEETING_PROVIDER_KEYS),
  slug: z.string(),
  label: z.string(),
  used_for: z.string(),
  /** Client id and secret are set on the server. */
  configured: z.boolean(),
  /** The settings still to set when not configured, e.g. ["ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"]. */
  missing_settings: z.array(z.string()),
  /** The redirect URL to register with the provider: {APP_URL}/integration/{slug}/callback. */
  callback_url: z.string(),
  connected: z.boolean(),
  account_label: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type MeetingConnectionState = z.output<typeof meetingConnectionState>;

/** `POST …/meetings/connections/{slug}/authorize`: where to send the browser to grant the app access. */
export const meetingAuthorization = z.object({ authorization_url: z.string() });
export type MeetingAuthorization = z.output<typeof meetingAuthorization>;

/** A form's meeting as its owner sees it. */
export const eventMeeting = z.object({
  provider: z.enum(MEETING_PROVIDER_KEYS),
  provider_label: z.string(),
  external_id: z.string(),
  join_url: z.string(),
});
export type EventMeeting = z.output<typeof eventMeeting>;

/** `GET /api/v1/admin/event_forms/{id}/meeting`: the form's meeting, whether it may have one, and the caller's providers. */
export const formMeetingView = z.object({
  meeting: eventMeeting.nullable(),
  /** An in-person event has no video meeting. */
  can_have_meeting: z.boolean(),
  providers: z.array(meetingConnectionState),
});
export type FormMeetingView = z.output<typeof formMeetingView>;

/** A meeting as an accepted applicant sees it: the join link and whose it is. */
export const applicantMeetingView = z.object({
  provider: z.enum(MEETING_PROVIDER_KEYS),
  provider_label: z.string(),
  join_url: z.string(),
});
export type ApplicantMeeting = z.output<typeof applicantMeetingView>;
