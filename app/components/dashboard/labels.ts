/** How statuses read on the dashboard (the API's values are lower-case words). */
export const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  pending: "Pending",
  shortlisted: "Shortlisted",
  accepted: "Accepted",
  rejected: "Rejected",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

export const periodText = (period: number) => `the last ${period} days`;
