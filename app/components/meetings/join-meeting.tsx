import type { ApplicantMeeting } from "#schemas/meetings";

/** An accepted applicant's way in: the API sends the link to nobody else. */
export function JoinMeeting({ meeting }: { meeting: ApplicantMeeting }) {
  return (
    <p className="mt-3 text-sm" data-testid="join-meeting">
      <a href={meeting.join_url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
        Join the {meeting.provider_label} meeting
      </a>{" "}
      <span className="break-all text-slate-600">({meeting.join_url})</span>
    </p>
  );
}
