import { and, asc, count, desc, eq, ilike, ne, sql } from "drizzle-orm";
import type { EventFormView } from "#schemas/event-form-views.ts";
import type { EventFormInput, EventFormStatus } from "#schemas/events.ts";
import { zonedToInstant } from "#schemas/time.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms, type CustomQuestion } from "#api/db/events-schema.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { containsPattern } from "#api/lib/like.ts";
import { COLLECTION_NOT_FOUND, ownsCollection } from "../collections/service.ts";
import { assertNoScopedCoupons } from "../coupons/service.ts";
import { deleteFormsAndFiles } from "../applications/documents.ts";
import { replaceFileReference } from "../files/references.ts";
import { storeImage } from "../files/service.ts";
import { requireCity } from "../places/check-city.ts";
import { isCountryCode } from "../reference/countries.ts";
import { eventMailAfterEdit } from "../notification-mail/event-mail.ts";
import { accessPlaceholders, findManagedForm, managedFormsWhere } from "./ownership.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { changedFields, recordActivity, type Actor } from "#api/lib/activity.ts";
import { assignQuestionIds } from "./question-ids.ts";
import { RECORDED_FIELDS, STATUS_KINDS } from "./recorded.ts";
import { eventFormResource, loadEventFormResource, selectEventFormDetails, submittedApplications, type EventFormRow } from "./views.ts";

export { eventFormResource, loadEventFormResource, type EventFormRow } from "./views.ts";

export const EVENT_FORM_NOT_FOUND = "Event Form not found";

/** A form by id, whoever owns it, or null. */
export async function findEventForm(db: Db, id: number): Promise<EventFormRow | null> {
  const [row] = await db.select().from(eventForms).where(eq(eventForms.id, id));
  return row ?? null;
}

/** A form this access reaches; anybody else's, or any without access, is as good as missing (404). */
export async function managedFormOr404(
  db: Db,
  access: OrganizationAccess | null,
  id: number,
  lock?: "update" | "no key update",
): Promise<EventFormRow> {
  const row = await findManagedForm(db, access, id, lock);
  if (!row) throw notFound(EVENT_FORM_NOT_FOUND);
  return row;
}

async function resourceOf(db: Db, id: number): Promise<EventFormView> {
  const resource = await loadEventFormResource(db, id);
  if (!resource) throw notFound(EVENT_FORM_NOT_FOUND);
  return resource;
}

// ---- reading -----------------------------------------------------------------------------------

const FORM_SORTS = ["title", "created_at", "starts_at", "status"] as const;

export interface EventFormListQuery extends ListQuery {
  collection_id?: number;
  status?: EventFormStatus;
}

/** The list's filters: a new one is one more entry here, read by the request, the page and its count. */
const FORM_FILTERS = listFilters<EventFormListQuery>()({
  collection: { value: (query) => query.collection_id, where: (id) => eq(eventForms.collectionId, id) },
  status: { value: (query) => query.status, where: (status) => eq(eventForms.status, status) },
  search: { value: (query) => (query.search ? containsPattern(query.search) : undefined), where: (like) => ilike(eventForms.title, like) },
});

type FormFilterShape = ShapeOf<typeof FORM_FILTERS>;
type FormPageShape = FormFilterShape & { sortBy: (typeof FORM_SORTS)[number]; descending: boolean };

function formListWhere(shape: FormFilterShape) {
  return and(managedFormsWhere(accessPlaceholders), ...FORM_FILTERS.where(shape));
}

/** The list page, prepared per filter and order (its SQL is built once, not on every request). */
const formPageQuery = preparedPerShape("event_form_page", (db, shape: FormPageShape, name) => {
  const column = {
    title: sql`lower(${eventForms.title}) collate "C"`,
    created_at: eventForms.createdAt,
    starts_at: eventForms.startsAt,
    // In the order a form goes through them.
    status: sql`case ${eventForms.status} when 'draft' then 0 when 'published' then 1 else 2 end`,
  }[shape.sortBy];
  const direction = shape.descending ? desc : asc;
  return selectEventFormDetails(db, { listTotal: totalOver(), applications: submittedApplications })
    .where(formListWhere(shape))
    .orderBy(direction(column), direction(eventForms.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

const formCountQuery = preparedPerShape("event_form_count", (db, shape: FormFilterShape, name) =>
  db.select({ n: count() }).from(eventForms).where(formListWhere(shape)).prepare(name),
);

export async function listEventForms(db: Db, access: OrganizationAccess, query: EventFormListQuery): Promise<PageRows<EventFormView>> {
  if (query.collection_id !== undefined && !(await ownsCollection(db, access.organizationId, query.collection_id))) {
    throw notFound(COLLECTION_NOT_FOUND);
  }
  const { shape: filters, values: filterValues } = FORM_FILTERS.read(query);
  const values = { ...access, ...filterValues, ...pageValues(query) };
  const shape = { ...filters, sortBy: sortColumn(query.sort_by, FORM_SORTS, "created_at"), descending: query.sort_order === "desc" };
  const rows = await formPageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await formCountQuery(db, filters).execute(values))[0].n);
  return { total, data: rows.map((row) => eventFormResource(row, row.applications)) };
}

/** A form this access reaches, as a resource, in one statement: access is part of its where clause. */
export async function getEventForm(db: Db, access: OrganizationAccess, id: number): Promise<EventFormView> {
  const [row] = await selectEventFormDetails(db, { applications: submittedApplications }).where(managedFormsWhere(access, id));
  if (!row) throw notFound(EVENT_FORM_NOT_FOUND);
  return eventFormResource(row, row.applications);
}

// ---- writing -----------------------------------------------------------------------------------

/**
 * An in-person or hybrid event's country and city, the city as the list spells it (422 with suggestions
 * when the country has no such city, as setup and billing say); an online event has none.
 */
function venuePlace(input: EventFormInput): { venueCountry: string | null; venueCity: string | null } {
  if (input.nature === "online" || !input.venue_country || !input.venue_city) return { venueCountry: null, venueCity: null };
  if (!isCountryCode(input.venue_country)) throw fieldError("venue_country", "The selected venue country is invalid.");
  return { venueCountry: input.venue_country, venueCity: requireCity("venue_city", input.venue_country, input.venue_city) };
}

/** The stored columns for a validated form (times become instants in the form's zone). */
function formColumns(input: EventFormInput, existingQuestions: readonly CustomQuestion[]) {
  const paid = input.type_of_event === "paid" && input.paid_event_information;
  return {
    collectionId: input.collection_id,
    title: input.title,
    description: input.description,
    category: input.category,
    nature: input.nature,
    timezone: input.timezone,
    startsAt: zonedToInstant(input.starts_at, input.timezone),
    endsAt: zonedToInstant(input.ends_at, input.timezone),
    venue: input.venue ?? null,
    ...venuePlace(input),
    onlineLink: input.online_link ?? null,
    capacity: input.capacity ?? null,
    waitlistEnabled: input.waitlist_enabled,
    waitlistOfferHours: input.waitlist_offer_hours,
    applicationDeadline: input.application_deadline ? zonedToInstant(input.application_deadline, input.timezone) : null,
    typeOfEvent: input.type_of_event,
    // The schema guarantees price and currency for a paid event.
    paidEventInformation:
      paid && paid.price && paid.currency ? { price: paid.price, currency: paid.currency, includes: paid.includes ?? null } : null,
    questions: input.questions,
    customQuestions: assignQuestionIds(input.custom_questions, existingQuestions),
  };
}

/** Who edits a form: the account (for its files and the record of the change) and their access to the organization's forms. */
export interface FormEditor {
  userId: number;
  name: string;
  access: OrganizationAccess;
}

const actorOf = (caller: FormEditor): Actor => ({ id: caller.userId, name: caller.name });

async function assertCollection(db: Db, startupId: number, collectionId: number) {
  if (!(await ownsCollection(db, startupId, collectionId))) throw fieldError("collection_id", "The selected collection is invalid.");
}

export async function createEventForm(db: Db, caller: FormEditor, input: EventFormInput): Promise<EventFormView> {
  const id = await db.transaction(async (tx) => {
    await assertCollection(tx, caller.access.organizationId, input.collection_id);
    // Stored in the same transaction, so a refused form leaves no orphaned file behind.
    const bannerFileId = input.banner ? await storeImage(tx, input.banner, caller.userId, "banner") : null;
    const [row] = await tx
      .insert(eventForms)
      .values({
        ...formColumns(input, []),
        startupId: caller.access.organizationId,
        bannerFileId,
        createdByUserId: caller.userId,
        status: "draft",
      })
      .returning({ id: eventForms.id });
    await recordActivity(tx, {
      organizationId: caller.access.organizationId,
      actor: actorOf(caller),
      kind: "event_form.created",
      subject: { id: row.id, label: input.title },
      eventFormId: row.id,
    });
    return row.id;
  });
  return resourceOf(db, id);
}

/**
 * Replaces the form's content; its status stays, and so does its banner unless a new one is sent. Accepted
 * applicants' reminders follow the new content, and a new time sends them the updated invitation.
 */
/** Saves the form; answers it as saved, and the row as it was before (what a follow-up compares with). */
export async function updateEventForm(db: Db, caller: FormEditor, id: number, input: EventFormInput) {
  const before = await db.transaction(async (tx) => {
    // Locked against a concurrent edit, while applications may still arrive.
    const form = await managedFormOr404(tx, caller.access, id, "no key update");
    await assertCollection(tx, caller.access.organizationId, input.collection_id);
    if (input.banner)
      await replaceFileReference(
        tx,
        eventForms.bannerFileId,
        eq(eventForms.id, id),
        await storeImage(tx, input.banner, caller.userId, "banner"),
      );
    const columns = formColumns(input, form.customQuestions);
    // A published event that moves keeps where it started before, for its page's "rescheduled".
    const moved = form.status !== "draft" && columns.startsAt.getTime() !== form.startsAt.getTime();
    const [updated] = await tx
      .update(eventForms)
      .set({ ...columns, ...(moved ? { previousStartsAt: form.startsAt } : {}), updatedAt: sql`now()` })
      .where(eq(eventForms.id, id))
      .returning();
    await eventMailAfterEdit(tx, form, updated);
    const changes = changedFields(form, updated, RECORDED_FIELDS);
    // A save that changed nothing is no change to record.
    if (Object.keys(changes).length)
      await recordActivity(tx, {
        organizationId: form.startupId,
        actor: actorOf(caller),
        kind: "event_form.updated",
        subject: { id, label: updated.title },
        eventFormId: id,
        changes,
      });
    return form;
  });
  return { eventForm: await resourceOf(db, id), before };
}

export async function setEventFormStatus(
  db: Db,
  access: OrganizationAccess,
  actor: Actor,
  id: number,
  status: EventFormStatus,
): Promise<EventFormView> {
  await db.transaction(async (tx) => {
    const form = await managedFormOr404(tx, access, id, "update");
    // Applicants keep seeing a form they applied to: it may close, not go back to draft.
    if (status === "draft" && (await hasSubmittedApplications(tx, id))) {
      throw fieldError("status", "A form with applications cannot go back to draft. Close it instead.");
    }
    await tx
      .update(eventForms)
      .set({
        status,
        ...(status === "published" ? { publishedAt: sql`coalesce(${eventForms.publishedAt}, now())` } : {}),
        updatedAt: sql`now()`,
      })
      .where(managedFormsWhere(access, id));
    if (form.status !== status)
      await recordActivity(tx, {
        organizationId: form.startupId,
        actor,
        kind: STATUS_KINDS[status],
        subject: { id, label: form.title },
        eventFormId: id,
        changes: { status: { from: form.status, to: status } },
      });
  });
  return resourceOf(db, id);
}

async function hasSubmittedApplications(db: Db, formId: number) {
  const [submitted] = await db
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, formId), ne(eventApplications.status, "draft")))
    .limit(1);
  return Boolean(submitted);
}

/** A form people have applied to is closed, not deleted, so their applications stay. */
export async function deleteEventForm(db: Db, access: OrganizationAccess, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    // Locked outright, so no application can arrive between the check and the delete.
    const form = await managedFormOr404(tx, access, id, "update");
    if (await hasSubmittedApplications(tx, id))
      throw fieldError("event_form", "This form has applications. Close it instead of deleting it.");
    // Payment records are kept for good, so a form someone has billed for is closed, not deleted.
    const [billed] = await tx.select({ id: eventBillings.id }).from(eventBillings).where(eq(eventBillings.eventFormId, id)).limit(1);
    if (billed) throw fieldError("event_form", "This form has billings. Close it instead of deleting it.");
    await assertNoScopedCoupons(tx, [id], "event_form");
    // The banner and the drafts' uploaded documents go with the form.
    await deleteFormsAndFiles(tx, [id]);
    await recordActivity(tx, {
      organizationId: form.startupId,
      actor,
      kind: "event_form.deleted",
      subject: { id, label: form.title },
      eventFormId: id,
    });
  });
}
