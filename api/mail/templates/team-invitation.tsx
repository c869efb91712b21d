import type { AssignableRole } from "#schemas/organization-roles.ts";
import { ROLE_LABELS } from "#schemas/organization-roles.ts";
import { INVITATION_LIFETIME_DAYS } from "#schemas/team.ts";
import { appLink, mailDates, type DatePreferences } from "../format.ts";
import { MailButton, MailLayout, MailText } from "./layout.tsx";

/** An invitation to join an organization's team: one use, for seven days. */
export interface TeamInvitationProps {
  appUrl: string;
  organizationName: string;
  inviterName: string;
  role: AssignableRole;
  token: string;
  expiresAt: Date;
  dates: DatePreferences;
}

/** The organization's name is a profile name, which its form keeps to one line (headerText). */
export const teamInvitationSubject = (organizationName: string) => `Join ${organizationName} on Launchpad`;

export function TeamInvitation({ appUrl, organizationName, inviterName, role, token, expiresAt, dates }: TeamInvitationProps) {
  return (
    <MailLayout
      preview={`${inviterName} invited you to ${organizationName}`}
      heading={`Join ${organizationName}`}
      appUrl={appUrl}
      reason="You receive this because a member of this organization invited this address to its team on Launchpad. If you do not want to join, ignore this mail."
    >
      <MailText>Hello,</MailText>
      <MailText>
        {inviterName} invited you to join {organizationName} as {ROLE_LABELS[role].toLowerCase()}. The link works once, for{" "}
        {INVITATION_LIFETIME_DAYS} days (until {mailDates(dates).dayTime(expiresAt)}). Log in or register with this address to accept it.
      </MailText>
      <MailButton href={appLink(appUrl, `/team/join/${token}`)}>Join the team</MailButton>
    </MailLayout>
  );
}
