import type { PendingEmailChange } from "#schemas/account-links";
import { useDates } from "~/lib/dates";

/** On /account while a new address waits for its link to be opened: the account still uses the old one. */
export function PendingEmailNotice({ pending }: { pending: PendingEmailChange }) {
  const dates = useDates();
  if (!pending.pending_email) return null;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-800" data-testid="pending-email">
      Waiting for you to open the link we sent to <strong>{pending.pending_email}</strong> (until {dates.dayTime(pending.expires_at)}). Your
      email stays as it is until then; asking for another address replaces this one.
    </p>
  );
}
