import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { MAIL_COLORS } from "./layout.tsx";

/**
 * The end of every notification mail: why it came, and the two ways to get less of it, one click for this
 * kind (the same page as the List-Unsubscribe header's) or the settings page for all of them.
 */
export function PreferencesNote({ about, unsubscribeUrl, settingsUrl }: { about: string; unsubscribeUrl: string; settingsUrl: string }) {
  const link = { color: MAIL_COLORS.brand };
  return (
    <Text className="lp-muted" style={{ fontSize: 12, lineHeight: "18px", color: MAIL_COLORS.muted, margin: "16px 0 0" }}>
      You receive this mail about “{about}” because of your mail settings.{" "}
      <Link className="lp-link" href={unsubscribeUrl} style={link}>
        Unsubscribe from this kind of mail
      </Link>{" "}
      or{" "}
      <Link className="lp-link" href={settingsUrl} style={link}>
        choose which mail you receive
      </Link>
      .
    </Text>
  );
}
