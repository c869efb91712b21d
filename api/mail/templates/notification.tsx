import { appLink } from "../format.ts";
import { MailButton, MailLayout, MailParagraphs, MailText } from "./layout.tsx";
import { PreferencesNote } from "./preferences-note.tsx";

/** A notification as a mail of its own: what it says, and a button to where it leads in the panel. */
export interface NotificationMailProps {
  appUrl: string;
  name: string;
  title: string;
  body?: string | null;
  /** The panel path the notification opens. */
  url?: string | null;
  about: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

export function NotificationMail({ appUrl, name, title, body, url, about, unsubscribeUrl, settingsUrl }: NotificationMailProps) {
  return (
    <MailLayout preview={body ? `${title}: ${body}` : title} heading={title} appUrl={appUrl}>
      <MailText>Hello {name},</MailText>
      {body ? <MailParagraphs text={body} /> : null}
      {url ? <MailButton href={appLink(appUrl, url)}>Open in Launchpad</MailButton> : null}
      <PreferencesNote about={about} unsubscribeUrl={unsubscribeUrl} settingsUrl={settingsUrl} />
    </MailLayout>
  );
}
