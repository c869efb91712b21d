import type { BillingStatus } from "#schemas/billing";
import { billingStatusStyle } from "./status-colors";

/** A payment status as a badge, in its one colour (status-colors.ts): the same as its slice on the dashboard. */
export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return (
    <span className="inline-flex rounded-full px-2 py-0.5 text-xs font-medium" style={billingStatusStyle(status)} data-status={status}>
      {status}
    </span>
  );
}
