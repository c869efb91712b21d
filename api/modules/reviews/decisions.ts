/**
 * Deciding in bulk: the chosen applications of a form all accepted, waitlisted or rejected in one transaction,
 * each change on the record (so on the audit log, and told to its applicant unless the committee chose not
 * to). Accepting never takes more places than are left: then nothing changes. Put on the waitlist, they
 * queue in the order chosen. A preview says what would change and shows the mail, and changes nothing.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { NOT_THIS_FORMS, onlyPlacesLeft, type DecisionInput, type DecisionsView } from "#schemas/reviews.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { NOT_HOLDING_A_PLACE, placesTaken, UNSENT_OR_WITHDRAWN } from "../applications/availability.ts";
import { recordStatusChange, statusValues } from "../applications/responses.ts";
import { fillFreedPlaces } from "../applications/waitlist.ts";
import { managedFormOr404 } from "../event-forms/service.ts";
import { reviewStatusMailPreview } from "../notification-mail/previews.ts";

export async function decide(
  db: Db,
  user: AuthUser,
  access: OrganizationAccess,
  formId: number,
  input: DecisionInput,
  queue: BroadcastQueue,
): Promise<DecisionsView> {
  return db.transaction(async (tx) => {
    // The form first, locked, as every change to its places takes it; then the applications, in id order.
    const form = await managedFormOr404(tx, access, formId, "update");
    const rows = await tx
      .select()
      .from(eventApplications)
      .where(
        and(
          inArray(eventApplications.id, input.application_ids),
          eq(eventApplications.eventFormId, formId),
          notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN),
        ),
      )
      .orderBy(asc(eventApplications.id))
      .for("update");
    if (rows.length !== input.application_ids.length) throw fieldError("application_ids", NOT_THIS_FORMS);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // In the order chosen: the waitlist keeps it.
    const changing = input.application_ids.map((id) => byId.get(id)!).filter((row) => row.status !== input.status);
    if (input.status === "accepted" && form.capacity !== null) {
      const left = Math.max(0, form.capacity - (await placesTaken(tx, formId)));
      const taking = changing.filter((row) => NOT_HOLDING_A_PLACE.includes(row.status)).length;
      if (taking > left) throw fieldError("application_ids", onlyPlacesLeft(left));
    }
    if (input.preview) {
      const mail = input.notify
        ? await reviewStatusMailPreview(
            tx,
            formId,
            input.status,
            changing.map((row) => row.userId),
          )
        : { mails: 0, subject: "", text: "" };
      const applicants = changing.map((row) => row.applicantName);
      return { updated: 0, preview: { changes: changing.length, ...mail, applicants, unchanged: rows.length - changing.length } };
    }
    for (const [index, before] of changing.entries()) {
      const [row] = await tx
        .update(eventApplications)
        .set(statusValues(input.status, sql`now() + ${index} * interval '1 millisecond'`))
        .where(eq(eventApplications.id, before.id))
        .returning();
      await recordStatusChange(tx, { user, organizationId: form.startupId, queue }, row, before.status, input.notify);
    }
    // Turned-down applicants' places go to those waiting.
    if (input.status === "rejected" && changing.length) await fillFreedPlaces(tx, formId, queue);
    return { updated: changing.length, preview: null };
  });
}
