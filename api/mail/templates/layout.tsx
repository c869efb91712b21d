import type { DatePreferences } from "../format.ts";
import type { ReactNode } from "react";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";

/*
 * The product's look in mail: the panel's brand blue and slate greys on a light page, and the same on a
 * dark one where the mail client follows prefers-color-scheme. Colours are chosen to read on both, because
 * some clients invert a mail's colours on their own instead: the button is white on brand blue (5.9:1),
 * which survives either way. Class names carry the dark overrides, inline styles the light defaults (mail
 * clients drop <style> blocks more often than inline styles); every element that sets a colour inline
 * carries the class that changes it in the dark, so every text reads at 4.5:1 or more in both schemes
 * (contrast.test.ts measures the rendered mails).
 */

export const MAIL_COLORS = {
  brand: "#2552e8",
  page: "#f1f5f9",
  card: "#ffffff",
  text: "#0f172a",
  muted: "#475569",
  border: "#e2e8f0",
} as const;

const DARK_STYLES = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .lp-page { background-color: #0f172a !important; }
    .lp-card { background-color: #1e293b !important; border-color: #334155 !important; }
    .lp-text { color: #e2e8f0 !important; }
    .lp-muted { color: #94a3b8 !important; }
    .lp-link { color: #93b4ff !important; }
    .lp-rule { border-color: #334155 !important; }
  }
`;

export interface MailLayoutProps {
  /** The line mail clients show next to the subject in a list of messages. */
  preview: string;
  heading: string;
  /** APP_URL: the footer links to the app. */
  appUrl: string;
  /** Why the reader gets this mail (a line under the content). */
  reason?: string;
  children: ReactNode;
}

export function MailLayout({ preview, heading, appUrl, reason, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_STYLES}</style>
      </Head>
      <Preview>{preview}</Preview>
      {/*
       * Not React Email's Body: it repeats the page's background on a cell of its own without the class,
       * which then stays light under dark text. The page's colour is on the body and on this one table,
       * both with the class that turns them dark.
       */}
      <body className="lp-page" style={{ backgroundColor: MAIL_COLORS.page, margin: 0, padding: 0 }}>
        <Section className="lp-page" style={{ backgroundColor: MAIL_COLORS.page, padding: "24px 0", fontFamily: FONT }}>
          <Container style={{ maxWidth: 560, padding: "0 16px" }}>
            <Text className="lp-link" style={{ fontSize: 18, fontWeight: 700, color: MAIL_COLORS.brand, margin: "0 0 16px" }}>
              Launchpad
            </Text>
            <Section
              className="lp-card"
              style={{ backgroundColor: MAIL_COLORS.card, border: `1px solid ${MAIL_COLORS.border}`, borderRadius: 8, padding: "24px" }}
            >
              <Heading
                as="h1"
                className="lp-text"
                style={{ fontSize: 20, lineHeight: "28px", color: MAIL_COLORS.text, margin: "0 0 16px" }}
              >
                {heading}
              </Heading>
              {children}
            </Section>
            <Hr className="lp-rule" style={{ borderColor: MAIL_COLORS.border, margin: "24px 0 12px" }} />
            {reason ? (
              <Text className="lp-muted" style={{ fontSize: 12, lineHeight: "18px", color: MAIL_COLORS.muted, margin: "0 0 4px" }}>
                {reason}
              </Text>
            ) : null}
            <Text className="lp-muted" style={{ fontSize: 12, lineHeight: "18px", color: MAIL_COLORS.muted, margin: 0 }}>
              Sent by{" "}
              <Link className="lp-link" href={appUrl} style={{ color: MAIL_COLORS.brand }}>
                Launchpad
              </Link>
            </Text>
          </Container>
        </Section>
      </body>
    </Html>
  );
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A paragraph of a mail's content. */
export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text className="lp-text" style={{ fontSize: 15, lineHeight: "24px", color: MAIL_COLORS.text, margin: "0 0 16px" }}>
      {children}
    </Text>
  );
}

/**
 * Text as its writer broke it (an announcement, a message): a blank line starts a paragraph and a single
 * line break stays one, in the HTML and so in the plain-text part made from it.
 */
export function MailParagraphs({ text }: { text: string }) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph, index) => (
      <MailText key={index}>{paragraph.split("\n").flatMap((line, at) => (at ? [<br key={at} />, line] : [line]))}</MailText>
    ));
}

/** The mail's one call to action; its address is also written out below it for clients that hide buttons. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: MAIL_COLORS.brand,
          color: "#ffffff",
          borderRadius: 6,
          padding: "10px 18px",
          fontSize: 15,
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
      <Text
        className="lp-muted"
        style={{ fontSize: 12, lineHeight: "18px", color: MAIL_COLORS.muted, margin: "12px 0 0", wordBreak: "break-all" }}
      >
        Or open this address:{" "}
        <Link className="lp-link" href={href} style={{ color: MAIL_COLORS.brand }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** What every mail carrying an account link (reset, verification, change of address) is made from. */
export interface AccountLinkMailProps {
  appUrl: string;
  name: string;
  token: string;
  expiresAt: Date;
  dates: DatePreferences;
}
