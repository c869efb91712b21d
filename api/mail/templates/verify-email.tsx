import { appLink, mailDates } from "../format.ts";
import { MailButton, MailLayout, MailText, type AccountLinkMailProps } from "./layout.tsx";

/** Sent on registration and on "Resend": opening the link proves the address. */
export type VerifyEmailProps = AccountLinkMailProps;

export const VERIFY_EMAIL_SUBJECT = "Verify your email address for Launchpad";

export function VerifyEmail({ appUrl, name, token, expiresAt, dates }: VerifyEmailProps) {
  return (
    <MailLayout
      preview="One click to verify your address"
      heading="Verify your email address"
      appUrl={appUrl}
      reason="You receive this because a Launchpad account was created with this address. If it was not you, ignore this mail."
    >
      <MailText>Hello {name},</MailText>
      <MailText>
        Welcome to Launchpad. Confirm that this address is yours with the button below; the link works until{" "}
        {mailDates(dates).dayTime(expiresAt)}.
      </MailText>
      <MailButton href={appLink(appUrl, `/verify-email/${token}`)}>Verify my email address</MailButton>
    </MailLayout>
  );
}
