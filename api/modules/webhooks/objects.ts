/**
 * A webhook's `data`: the object its event is about, in the shape the API answers when the organization
 * reads it (an application as its responses show it, a payment as the billing list does, a ticket as the
 * door's list, a form as the forms list, a member as the team list), as it was when the change was made.
 * It is read once and kept on every delivery of the event, so each try and each endpoint sends the same
 * bytes. An object that is gone (a member removed) is null; the event's `activity` still names it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { webhookDeliveries, type DeliveryRow } from "#api/db/webhooks-schema.ts";
import { HttpError } from "#api/lib/errors.ts";
import { applicationResource } from "../applications/views.ts";
import { billingView } from "../billing/views.ts";
import { ticketOf } from "../check-ins/ticket-views.ts";
import { loadEventFormResource } from "../event-forms/views.ts";
import { memberView } from "../organizations/member-views.ts";

async function applicationOf(db: Db, id: number) {
  const [row] = await db
    .select({ application: eventApplications, customQuestions: eventForms.customQuestions })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(eq(eventApplications.id, id));
  return row ? applicationResource(row.application, row.customQuestions) : null;
}

const billingOf = (db: Db, id: number) =>
  billingView(db, id).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });

type Reader = (db: Db, id: number, organizationId: number) => Promise<unknown>;

/** Each kind's object, by the first part of its name. */
const OBJECTS: Partial<Record<string, Reader>> = {
  application: applicationOf,
  billing: billingOf,
  check_in: ticketOf,
  event_form: loadEventFormResource,
  member: (db, id, organizationId) => memberView(db, organizationId, id),
};

/** What the record keeps of an event, as a delivery's payload holds it (readers.ts), with the object once read. */
interface DeliveryPayload {
  subject: { id: number | null };
  organization_id: number;
  object?: unknown;
}

/**
 * Stores the object of the event `activityId` on its deliveries that have none yet, read now through `db`
 * (in the change's own transaction when the change queues them; otherwise just before the first try). Null
 * when it is gone, or when the event is about no object of ours.
 */
export async function storeObject(db: Db, activityId: number, kind: string, subjectId: number | null, organizationId: number) {
  const read = OBJECTS[kind.split(".")[0]];
  const object = read && subjectId !== null ? ((await read(db, subjectId, organizationId)) ?? null) : null;
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({ payload: sql`${d.payload} || jsonb_build_object('object', ${JSON.stringify(object)}::jsonb)` })
    .where(and(eq(d.activityId, activityId), sql`not (${d.payload} ? 'object')`));
}

/**
 * The delivery with its object, reading it first when it has none (the door's scans queue theirs in one
 * statement, with no step to read it in). Another instance may be sending the same event to another
 * endpoint at once: whichever stores first is what both send.
 */
export async function withObject(db: Db, delivery: DeliveryRow): Promise<DeliveryRow> {
  const payload = delivery.payload as unknown as DeliveryPayload;
  if (delivery.activityId === null || "object" in payload) return delivery;
  await storeObject(db, delivery.activityId, delivery.eventType, payload.subject.id, payload.organization_id);
  const [stored] = await db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, delivery.id));
  return { ...delivery, payload: stored.payload };
}
