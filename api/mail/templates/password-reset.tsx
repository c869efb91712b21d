import { LINK_LIFETIME_MINUTES } from "#schemas/account-links.ts";
import { appLink, mailDates } from "../format.ts";
import { MailButton, MailLayout, MailText, type AccountLinkMailProps } from "./layout.tsx";

/** The link of /forgot-password: one use, for an hour. */
export type PasswordResetProps = AccountLinkMailProps;

export const PASSWORD_RESET_SUBJECT = "Reset your Launchpad password";

export function PasswordReset({ appUrl, name, token, expiresAt, dates }: PasswordResetProps) {
  return (
    <MailLayout
      preview="A link to choose a new password"
      heading="Reset your password"
      appUrl={appUrl}
      reason="You receive this because someone asked to reset the password of the Launchpad account with this address. If it was not you, ignore this mail: your password stays as it is."
    >
      <MailText>Hello {name},</MailText>
      <MailText>
        Choose a new password with the button below. The link works once, for {LINK_LIFETIME_MINUTES.password_reset} minutes (until{" "}
        {mailDates(dates).dayTime(expiresAt)}). Setting a new password logs you out everywhere else.
      </MailText>
      <MailButton href={appLink(appUrl, `/reset-password/${token}`)}>Choose a new password</MailButton>
    </MailLayout>
  );
}
