import type { ApplicationStatus } from "#schemas/applications";
import { formatMoney } from "#schemas/event-format";

// The event's clock and money are formatted by one rule for the panel and for mail.
export { calendarLeaf, formatEventTime, formatInZone, formatMoney } from "#schemas/event-format";

export const NATURE_LABELS: Record<string, string> = { online: "Online", in_person: "In person", hybrid: "Hybrid" };

export const STATUS_TONES: Record<string, "slate" | "green" | "red" | "blue"> = {
  draft: "slate",
  published: "green",
  closed: "red",
  pending: "blue",
  shortlisted: "blue",
  accepted: "green",
  rejected: "red",
  waitlisted: "slate",
  cancelled: "red",
};

/** An event card's word for where the viewer's own application stands (a review in progress reads "Applied"). */
export const MY_APPLICATION_LABELS: Record<ApplicationStatus, string> = {
  draft: "Draft saved",
  pending: "Applied",
  shortlisted: "Applied",
  accepted: "Accepted",
  rejected: "Not accepted",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
};

export const price = (info: { price: string; currency: string } | null) => (info ? formatMoney(info.price, info.currency) : "Free");

/** An answer as one line of text (lists joined, yes/no spelled out, a file named as such). */
export function answerText(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return "File";
  return String(value);
}
