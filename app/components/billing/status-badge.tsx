import type { BillingStatus } from "#schemas/billing-status";
import { Badge } from "~/components/ui/layout";
import { billingStatusStyle } from "./status-colors";

/** A payment status as a badge, in its one colour (status-colors.ts): the same as its slice on the dashboard. */
export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return (
    <Badge style={billingStatusStyle(status)} data-status={status}>
      {status}
    </Badge>
  );
}
