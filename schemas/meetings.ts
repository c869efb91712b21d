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

/** One provider's state for the caller (GET /api/v1/admin/meetings/connections). */
export interface MeetingConnectionState {
  provider: MeetingProviderKey;
  slug: string;
  label: string;
  used_for: string;
  /** Client id and secret are set on the server. */
  configured: boolean;
  /** The settings still to set when not configured, e.g. ["ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"]. */
  missing_settings: string[];
  /** The redirect URL to register with the provider: {APP_URL}/integration/{slug}/callback. */
  callback_url: string;
  connected: boolean;
  account_label: string | null;
  connected_at: string | null;
}

/** `POST …/meetings/connections/{slug}/authorize`: where to send the browser to grant the app access. */
export interface MeetingAuthorization {
  authorization_url: string;
}

/** A form's meeting as its owner sees it. */
export interface EventMeeting {
  provider: MeetingProviderKey;
  provider_label: string;
  external_id: string;
  join_url: string;
}

/** `GET /api/v1/admin/event_forms/{id}/meeting`: the form's meeting, whether it may have one, and the caller's providers. */
export interface FormMeetingView {
  meeting: EventMeeting | null;
  /** An in-person event has no video meeting. */
  can_have_meeting: boolean;
  providers: MeetingConnectionState[];
}

/** A meeting as an accepted applicant sees it: the join link and whose it is. */
export const applicantMeetingView = z.object({
  provider: z.enum(MEETING_PROVIDER_KEYS),
  provider_label: z.string(),
  join_url: z.string(),
});
export type ApplicantMeeting = z.output<typeof applicantMeetingView>;
