import { appLink, mailDates, type DatePreferences } from "../format.ts";
import { MailButton, MailLayout, MailText, type AccountLinkMailProps } from "./layout.tsx";

/*
 * A change of address: the link to the new address (the change applies when it is opened), and a notice to
 * the old one, so that the owner hears of a change they did not make while they can still stop it.
 */

export interface ConfirmEmailChangeProps extends AccountLinkMailProps {
  newEmail: string;
}

export const CONFIRM_EMAIL_CHANGE_SUBJECT = "Confirm your new email address for Launchpad";

export function ConfirmEmailChange({ appUrl, name, newEmail, token, expiresAt, dates }: ConfirmEmailChangeProps) {
  return (
    <MailLayout
      preview="Confirm the change of your Launchpad address"
      heading="Confirm your new email address"
      appUrl={appUrl}
      reason="You receive this because someone asked to move a Launchpad account to this address. If it was not you, ignore this mail: nothing changes."
    >
      <MailText>Hello {name},</MailText>
      <MailText>
        Your Launchpad account will use {newEmail} once you confirm it with the button below. The link works until{" "}
        {mailDates(dates).dayTime(expiresAt)}.
      </MailText>
      <MailButton href={appLink(appUrl, `/confirm-email/${token}`)}>Confirm my new address</MailButton>
    </MailLayout>
  );
}

export interface EmailChangeNoticeProps {
  appUrl: string;
  name: string;
  newEmail: string;
  requestedAt: Date;
  dates: DatePreferences;
}

export const EMAIL_CHANGE_NOTICE_SUBJECT = "Your Launchpad email address is about to change";

export function EmailChangeNotice({ appUrl, name, newEmail, requestedAt, dates }: EmailChangeNoticeProps) {
  return (
    <MailLayout
      preview={`A change of address to ${newEmail} was asked for`}
      heading="Your email address is about to change"
      appUrl={appUrl}
      reason="You receive this because it is the address of your Launchpad account."
    >
      <MailText>Hello {name},</MailText>
      <MailText>
        On {mailDates(dates).dayTime(requestedAt)} your account asked to use {newEmail} from now on. It changes only when the link we sent
        to that address is opened.
      </MailText>
      <MailText>If this was not you, choose a new password now: that cancels the change and logs everyone else out.</MailText>
      <MailButton href={appLink(appUrl, "/forgot-password")}>Choose a new password</MailButton>
    </MailLayout>
  );
}
