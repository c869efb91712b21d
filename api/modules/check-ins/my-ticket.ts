import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { MyTicket } from "#schemas/check-ins.ts";
import type { Db } from "#api/db/client.ts";
import { eventCheckIns, type eventApplications } from "#api/db/events-schema.ts";
import { admits, ticketToken } from "./tickets.ts";

type ApplicationRow = typeof eventApplications.$inferSelect;

/** The applicant's ticket, while their application admits them (submitted, neither cancelled nor rejected). */
export async function myTicket(db: Db, application: ApplicationRow | null): Promise<MyTicket | null> {
  if (!application?.ticketCode || !admits(application.status)) return null;
  const [checkIn] = await db
    .select({ at: eventCheckIns.checkedInAt })
    .from(eventCheckIns)
    .where(eq(eventCheckIns.eventApplicationId, application.id));
  const token = await ticketToken(db, application.ticketCode);
  return {
    code: application.ticketCode,
    token,
    qr_code_svg: await QRCode.toString(token, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
    checked_in_at: checkIn?.at.toISOString() ?? null,
  };
}
