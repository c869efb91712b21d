/** A ticket as the door's list and its scans show it: read apart from the door's changes, so a reader of tickets needs none of them. */
import { aliasedTable, eq, type SQL } from "drizzle-orm";
import type { TicketView } from "#schemas/check-ins.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { eventApplications, eventCheckIns } from "#api/db/events-schema.ts";
import { admits } from "./tickets.ts";

const checkedInBy = aliasedTable(users, "checked_in_by");

/** Tickets with their check-in, if any, plus any `extra` columns: add `where`, order and paging. */
export const selectTickets = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({
      ...extra,
      application_id: eventApplications.id,
      eventFormId: eventApplications.eventFormId,
      name: eventApplications.applicantName,
      email: eventApplications.applicantEmail,
      ticket_code: eventApplications.ticketCode,
      status: eventApplications.status,
      checkedInAt: eventCheckIns.checkedInAt,
      checked_in_by: checkedInBy.name,
    })
    .from(eventApplications)
    .leftJoin(eventCheckIns, eq(eventCheckIns.eventApplicationId, eventApplications.id))
    .leftJoin(checkedInBy, eq(checkedInBy.id, eventCheckIns.checkedInByUserId));

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>["execute"]>>[number];

export const ticketView = (row: TicketRow, withAddress: boolean): TicketView => ({
  application_id: row.application_id,
  name: row.name,
  email: withAddress ? row.email : null,
  ticket_code: row.ticket_code ?? "",
  status: row.status,
  checked_in_at: row.checkedInAt?.toISOString() ?? null,
  checked_in_by: row.checked_in_by,
  admits: admits(row.status),
});

/** One ticket as the door's list shows it to those who see addresses, or null when there is none. */
export async function ticketOf(db: Db, applicationId: number): Promise<TicketView | null> {
  const [row] = await selectTickets(db).where(eq(eventApplications.id, applicationId));
  return row ? ticketView(row, true) : null;
}
