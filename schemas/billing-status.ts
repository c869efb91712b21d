/**
 * A billing's payment statuses, apart from the billing's forms and their checks: a screen that only draws a
 * status (a badge, the dashboard's payments) loads this and none of the validation behind the forms.
 */
export const BILLING_STATUSES = ["Pending", "Successful", "Failed", "Refunded", "Partially refunded", "Cancelled"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** A billing whose payment was taken and still pays for the place: a partial refund keeps it. */
export const PAID_STATUSES = ["Successful", "Partially refunded"] as const satisfies readonly BillingStatus[];
export const isPaid = (status: BillingStatus | null | undefined): boolean => status === "Successful" || status === "Partially refunded";
