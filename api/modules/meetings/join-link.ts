import { MEETING_PROVIDER_LABELS, type ApplicantMeeting } from "../../../schemas/meetings.ts";
import type { ApplicationStatus, eventForms } from "../../db/events-schema.ts";

/**
 * The one rule for who sees a form's meeting link among applicants: only an accepted application does.
 * Every answer an applicant gets goes through here, so the link never reaches anyone else's browser.
 */
export function applicantMeeting(
  status: ApplicationStatus | null | undefined,
  form: Pick<typeof eventForms.$inferSelect, "meetingProvider" | "meetingJoinUrl">,
): ApplicantMeeting | null {
  if (status !== "accepted" || !form.meetingProvider || !form.meetingJoinUrl) return null;
  return { provider: form.meetingProvider, provider_label: MEETING_PROVIDER_LABELS[form.meetingProvider], join_url: form.meetingJoinUrl };
}
