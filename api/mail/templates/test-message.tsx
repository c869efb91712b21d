import { appLink, mailDates, type DatePreferences } from "../format.ts";
import { MailButton, MailLayout, MailText } from "./layout.tsx";

/** A message that proves mail works end to end: the tests send it, and it shows every part a template uses. */
export interface TestMessageProps {
  appUrl: string;
  name: string;
  sentAt: Date;
  dates: DatePreferences;
  /** The panel path the button opens. */
  path?: string;
}

export function TestMessage({ appUrl, name, sentAt, dates, path = "/dashboard" }: TestMessageProps) {
  return (
    <MailLayout
      preview={`A test message for ${name}`}
      heading="Mail from Launchpad works"
      appUrl={appUrl}
      reason="You receive this because someone tested Launchpad's mail."
    >
      <MailText>Hello {name},</MailText>
      <MailText>This message was written on {mailDates(dates).dayTime(sentAt)}.</MailText>
      <MailButton href={appLink(appUrl, path)}>Open Launchpad</MailButton>
    </MailLayout>
  );
}
