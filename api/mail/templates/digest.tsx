import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { appLink } from "../format.ts";
import { MAIL_COLORS, MailButton, MailLayout, MailText } from "./layout.tsx";
import { PreferencesNote } from "./preferences-note.tsx";

export interface DigestLine {
  title: string;
  body: string | null;
  url: string | null;
}

/** One part of the digest: the lines of one kind, under its name. */
export interface DigestSection {
  about: string;
  lines: DigestLine[];
}

export interface DigestMailProps {
  appUrl: string;
  name: string;
  /** The reader's day the digest is for, in their format. */
  day: string;
  sections: DigestSection[];
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** The day's digest: every waiting line, kind by kind, each linking to where it leads. */
export function DigestMail({ appUrl, name, day, sections, unsubscribeUrl, settingsUrl }: DigestMailProps) {
  const count = sections.reduce((sum, section) => sum + section.lines.length, 0);
  return (
    <MailLayout
      preview={`${count} update${count === 1 ? "" : "s"} from Launchpad`}
      heading={`Your Launchpad digest for ${day}`}
      appUrl={appUrl}
    >
      <MailText>Hello {name}, here is what happened since your last digest.</MailText>
      {sections.map((section) => (
        <Section key={section.about} style={{ margin: "0 0 16px" }}>
          <Text className="lp-text" style={{ fontSize: 15, fontWeight: 700, color: MAIL_COLORS.text, margin: "0 0 8px" }}>
            {section.about}
          </Text>
          {section.lines.map((line, index) => (
            <Text key={index} className="lp-text" style={{ fontSize: 14, lineHeight: "22px", color: MAIL_COLORS.text, margin: "0 0 8px" }}>
              {line.url ? (
                <Link className="lp-link" href={appLink(appUrl, line.url)} style={{ color: MAIL_COLORS.brand }}>
                  {line.title}
                </Link>
              ) : (
                line.title
              )}
              {line.body ? ` — ${line.body}` : null}
            </Text>
          ))}
        </Section>
      ))}
      <MailButton href={appLink(appUrl, "/notifications")}>Open your notifications</MailButton>
      <PreferencesNote about="the daily digest" unsubscribeUrl={unsubscribeUrl} settingsUrl={settingsUrl} />
    </MailLayout>
  );
}
