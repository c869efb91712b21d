import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { MAIL_COLORS } from "./layout.tsx";

/** What an event mail says about the event: when on its own clock, where, and (for those let in) how to join. */
export interface EventFacts {
  title: string;
  /** "Tue, 1 Dec 2026, 18:00 – 21:00 (Africa/Lagos)" (formatEventTime, as the panel shows it). */
  when: string;
  /** The venue of an in-person or hybrid event; "Online" for an online one. */
  where: string;
  /** For an accepted applicant of an online or hybrid event, as the panel shows it to them. */
  join?: { label: string; url: string } | null;
}

const row = { fontSize: 14, lineHeight: "22px", color: MAIL_COLORS.text, margin: "0 0 4px" };

export function EventDetails({ event }: { event: EventFacts }) {
  return (
    <Section style={{ margin: "0 0 16px", padding: "12px 16px", borderLeft: `3px solid ${MAIL_COLORS.brand}` }}>
      <Text className="lp-text" style={{ ...row, fontWeight: 700 }}>
        {event.title}
      </Text>
      <Text className="lp-text" style={row}>
        When: {event.when}
      </Text>
      <Text className="lp-text" style={row}>
        Where: {event.where}
      </Text>
      {event.join ? (
        <Text className="lp-text" style={{ ...row, fontWeight: 600 }}>
          {event.join.label}:{" "}
          <Link className="lp-link" href={event.join.url} style={{ color: MAIL_COLORS.brand, wordBreak: "break-all" }}>
            {event.join.url}
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}
