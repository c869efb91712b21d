/** Tickets and the door: what the check-in API answers. */
import { z } from "zod";
import type { Page } from "./answers.ts";
import type { ApplicationStatus } from "./applications.ts";

/** How a scan or a typed code went at the door. */
export type CheckInOutcome = "checked_in" | "already_checked_in" | "cancelled" | "another_event" | "not_found";

/** The door's figures: tickets let in, and tickets that may come (submitted, neither cancelled nor rejected). */
export const checkInCountsView = z.object({ checked_in: z.number().int(), expected: z.number().int() });
export type CheckInCounts = z.output<typeof checkInCountsView>;

/** One ticket as the door sees it. */
export interface TicketView {
  application_id: number;
  name: string;
  /** Null for a member whose role works the door only: they see names, tickets and statuses, no addresses. */
  email: string | null;
  ticket_code: string;
  status: ApplicationStatus;
  checked_in_at: string | null;
  checked_in_by: string | null;
  /** Whether the ticket lets its holder in: false while the application holds no place (waitlisted, rejected, cancelled). */
  admits: boolean;
}

/**
 * `POST /api/v1/admin/event_forms/{id}/check_ins` `{code}`: 201 checked in; 409 already checked in (the
 * message says when and by whom), cancelled, or another of the owner's events; 404 a ticket nobody was given.
 */
export interface CheckInAnswer {
  outcome: CheckInOutcome;
  message: string;
  ticket: TicketView | null;
  counts: CheckInCounts;
}

/** `GET /api/v1/admin/event_forms/{id}/check_ins`: the event's tickets (searchable by name, email or code), with the figures. */
export type CheckInPage = Page<TicketView> & {
  counts: CheckInCounts;
  event_form: { id: number; title: string; starts_at: string; ends_at: string; timezone: string };
};

/** The applicant's own ticket on their application's page: the code to type, the signed text of its QR code. */
export interface MyTicket {
  code: string;
  token: string;
  /** The token as a QR code (SVG markup the API drew), shown on the page and printed. */
  qr_code_svg: string;
  checked_in_at: string | null;
}

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
