import { MEETING_PROVIDER_LABELS, type ApplicantMeeting } from "#schemas/meetings.ts";
import type { ApplicationStatus, eventForms } from "#api/db/events-schema.ts";

/** Who is looking at a form: its owner or not, and their own application's status, if any. */
export interface FormViewer {
  owner: boolean;
  status: ApplicationStatus | null | undefined;
}

/**
 * The one rule for who learns how to join a form's event (the Zoom or Meet join link, an online link
 * typed in by the owner): the form's owner and an applicant whose application is accepted. Anyone else
 * could otherwise walk into the meeting without having been let in.
 */
export const seesJoinLinks = ({ owner, status }: FormViewer): boolean => owner || status === "accepted";

/**
 * The form's meeting as an applicant's answers show it (the owner reads it from the form's own screens).
 * Every answer an applicant gets goes through here, so the link never reaches anyone else's browser.
 */
export function applicantMeeting(
  status: ApplicationStatus | null | undefined,
  form: Pick<typeof eventForms.$inferSelect, "meetingProvider" | "meetingJoinUrl">,
): ApplicantMeeting | null {
  if (!seesJoinLinks({ owner: false, status }) || !form.meetingProvider || !form.meetingJoinUrl) return null;
  return { provider: form.meetingProvider, provider_label: MEETING_PROVIDER_LABELS[form.meetingProvider], join_url: form.meetingJoinUrl };
}

/** The form's manually entered online link for this viewer: null for anyone the join-link rule leaves out. */
export function visibleOnlineLink(viewer: FormViewer, form: Pick<typeof eventForms.$inferSelect, "onlineLink">): string | null {
  return seesJoinLinks(viewer) ? form.onlineLink : null;
}
