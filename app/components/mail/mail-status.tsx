import { MAIL_STATUS_LABELS, type MailStatus } from "#schemas/mail";
import { Badge } from "~/components/ui/layout";

const TONES: Record<MailStatus, "slate" | "green" | "red" | "blue"> = {
  queued: "blue",
  sending: "blue",
  sent: "green",
  failed: "red",
  bounced: "red",
  kept: "slate",
};

/** A message's state in the outbox, as a badge. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge tone={TONES[status]}>{MAIL_STATUS_LABELS[status]}</Badge>;
}
