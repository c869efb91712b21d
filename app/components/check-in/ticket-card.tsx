import { formatTicketCode, type MyTicket } from "#schemas/check-ins";
import { Card } from "~/components/ui/layout";
import { useDates } from "~/lib/dates";

/**
 * The applicant's ticket: its QR code (drawn by the server, so it is in the page and shows offline once
 * loaded) and its code to type if the QR code will not scan. Printing the page prints the ticket alone.
 */
export function TicketCard({ ticket, eventTitle }: { ticket: MyTicket; eventTitle: string }) {
  const dates = useDates();
  return (
    <Card className="ticket-card space-y-3" aria-labelledby="ticket-heading" data-testid="ticket">
      <h2 id="ticket-heading" className="text-lg font-semibold">
        Your ticket
      </h2>
      <div className="flex flex-wrap items-center gap-6">
        {/* Its own white margin keeps the code scannable in the dark theme. */}
        <div
          role="img"
          aria-label={`QR code of your ticket to ${eventTitle}`}
          className="size-44 shrink-0 bg-white"
          dangerouslySetInnerHTML={{ __html: ticket.qr_code_svg }}
        />
        <div className="space-y-1">
          <p className="text-sm text-slate-600">Show this at the door, or give the code:</p>
          <p className="font-mono text-2xl font-bold tracking-wider text-slate-900" data-testid="ticket-code">
            {formatTicketCode(ticket.code)}
          </p>
          {ticket.checked_in_at ? <p className="text-sm text-green-700">Checked in {dates.dayTime(ticket.checked_in_at)}</p> : null}
          <p className="text-sm text-slate-500 print:hidden">Print this page to take the ticket on paper.</p>
        </div>
      </div>
    </Card>
  );
}
