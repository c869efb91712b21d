import type { BillingStatus } from "#schemas/billing";

/** How each payment status reads as a badge. */
export const BILLING_STATUS_TONES: Record<BillingStatus, "slate" | "green" | "red" | "blue"> = {
  Pending: "blue",
  Successful: "green",
  Failed: "red",
  Refunded: "slate",
  "Partially refunded": "slate",
  Cancelled: "red",
};
