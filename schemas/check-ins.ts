/** Tickets and the door: what the check-in API answers. */
import { z } from "zod";
import { pageOf } from "./contract/answers.ts";
import { applicationStatus } from "./event-form-views.ts";

/** How a scan or a typed code went at the door. */
export const CHECK_IN_OUTCOMES = ["checked_in", "already_checked_in", "cancelled", "another_event", "not_found"] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** The door's figures: tickets let in, and tickets that may come (submitted, neither cancelled nor rejected). */
export const checkInCounts = z.object({ checked_in: z.number().int(), expected: z.number().int() });
export type CheckInCounts = z.output<typeof checkInCounts>;

/** One ticket as the door sees it. */
export const ticketView = z.object({
  application_id: z.number().int(),
  name: z.string(),
  /** Null for a member whose role works the door only: they see names, tickets and statuses, no addresses. */
  email: z.string().nullable(),
  ticket_code: z.string(),
  status: applicationStatus,
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
  /** Whether the ticket lets its holder in: false while the application holds no place (waitlisted, rejected, cancelled). */
  admits: z.boolean(),
});
export type TicketView = z.output<typeof ticketView>;

/**
 * `POST /api/v1/admin/event_forms/{id}/check_ins` `{code}`: 201 checked in; 409 already checked in (the
 * message says when and by whom), cancelled, or another of the owner's events; 404 a ticket nobody was given.
 */
export const checkInAnswer = z.object({
  outcome: z.enum(CHECK_IN_OUTCOMES),
  message: z.string(),
  ticket: ticketView.nullable(),
  counts: checkInCounts,
});
export type CheckInAnswer = z.output<typeof checkInAnswer>;

/** `GET /api/v1/admin/event_forms/{id}/check_ins`: the event's tickets (searchable by name, email or code), with the figures. */
export const checkInPage = pageOf(ticketView).extend({
  counts: checkInCounts,
  event_form: z.object({ id: z.number().int(), title: z.string(), starts_at: z.string(), ends_at: z.string(), timezone: z.string() }),
});
export type CheckInPage = z.output<typeof checkInPage>;

/** A scanned QR code's text or a typed code. */
export const scanSchema = z.object({
  code: z.string({ error: "The code field is required." }).trim().min(1, "The code field is required.").max(200, "The code is too long."),
});

/** A check-in taken back: the door's figures now. */
export const checkInUndone = z.object({ message: z.string(), counts: checkInCounts });

/** The applicant's own ticket on their application's page: the code to type, the signed text of its QR code. */
export const myTicket = z.object({
  code: z.string(),
  token: z.string(),
  /** The token as a QR code (SVG markup the API drew), shown on the page and printed. */
  qr_code_svg: z.string(),
  checked_in_at: z.string().nullable(),
});
export type MyTicket = z.output<typeof myTicket>;

/** A code as people read it: two groups of four ("ABCD-EFGH"). */
export const formatTicketCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

export const TICKET_NOT_FOUND = "Ticket not found";
export const CHECKED_IN = "Checked in.";
export const CHECK_IN_UNDONE = "Check-in undone.";
export const TICKET_CANCELLED = "This ticket was cancelled.";
export const TICKET_REJECTED = "This ticket's application was rejected.";
export const TICKET_WAITLISTED = "This ticket's application is on the waitlist: it holds no place yet.";
export const NOT_CHECKED_IN = "This ticket is not checked in.";
export const alreadyCheckedIn = (at: string, by: string | null) => `Already checked in at ${at}${by ? ` by ${by}` : ""}`;
export const ticketForAnotherEvent = (title: string) => `This ticket is for another event: ${title}.`;
