import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import { and, count, eq, ne, or, sql } from "drizzle-orm";
import type { ApplicationView, MyApplication } from "#schemas/applications.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { startups } from "#api/db/schema.ts";
import { eventApplications, eventForms, type ApplicationStatus } from "#api/db/events-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { offset, sortColumn, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { readFile } from "../files/service.ts";
import { applicantMeeting } from "../meetings/join-link.ts";
import { dropReminder } from "../notification-mail/event-mail.ts";
import { answerFileIds, discardDraft } from "./documents.ts";
import { ALREADY_CANCELLED, APPLICATION_NOT_FOUND } from "./messages.ts";
import { applicationWithForm, direction, responsesToOwner } from "./queries.ts";
import { applicationResource } from "./views.ts";
import { fillFreedPlaces, lockedForm } from "./waitlist.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { recordActivity } from "#api/lib/activity.ts";

const MY_SORTS = ["created_at", "submitted_at", "status"] as const;

export async function listMyApplications(
  db: Db,
  userId: number,
  query: ListQuery & { status?: ApplicationStatus },
): Promise<PageRows<MyApplication>> {
  const where = and(eq(eventApplications.userId, userId), query.status ? eq(eventApplications.status, query.status) : undefined);
  const column = {
    created_at: eventApplications.createdAt,
    submitted_at: eventApplications.submittedAt,
    status: eventApplications.status,
  }[sortColumn(query.sort_by, MY_SORTS, "created_at")];
  const [{ total }] = await db.select({ total: count() }).from(eventApplications).where(where);
  const rows = await db
    .select({
      application: eventApplications,
      form: {
        id: eventForms.id,
        title: eventForms.title,
        startsAt: eventForms.startsAt,
        endsAt: eventForms.endsAt,
        timezone: eventForms.timezone,
        status: eventForms.status,
        typeOfEvent: eventForms.typeOfEvent,
        customQuestions: eventForms.customQuestions,
        meetingProvider: eventForms.meetingProvider,
        meetingJoinUrl: eventForms.meetingJoinUrl,
      },
      startup: { name: startups.name, username: startups.username },
    })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(where)
    .orderBy(direction(column, query.sort_order), direction(eventApplications.id, query.sort_order))
    .limit(query.per_page)
    .offset(offset(query));
  const data = rows.map(({ application, form, startup }) => ({
    ...applicationResource(application, form.customQuestions),
    event_form: {
      id: form.id,
      title: form.title,
      starts_at: form.startsAt.toISOString(),
      ends_at: form.endsAt.toISOString(),
      timezone: form.timezone,
      status: form.status,
      type_of_event: form.typeOfEvent,
      startup,
      meeting: applicantMeeting(application.status, form),
    },
  }));
  return { total, data };
}

/**
 * The applicant sees their own application; the form's owner sees submitted ones, and only with the
 * permission the responses screens need. Decided by the query: anything else is not found.
 */
async function visibleApplication(db: Db, user: Pick<AuthUser, "id" | "permissions"> & OrganizationCaller, id: number) {
  const readsResponses = user.permissions.has("event response read");
  const found = await applicationWithForm(
    db,
    id,
    or(eq(eventApplications.userId, user.id), readsResponses ? responsesToOwner(organizationAccess(user, "forms.read")) : undefined),
  );
  if (!found) throw notFound(APPLICATION_NOT_FOUND);
  return found;
}

export async function getApplication(
  db: Db,
  user: Pick<AuthUser, "id" | "permissions"> & OrganizationCaller,
  id: number,
): Promise<ApplicationView> {
  const found = await visibleApplication(db, user, id);
  return applicationResource(found.application, found.form.customQuestions);
}

/** A document answered in an application, for whoever may see that application. */
export async function applicationFile(db: Db, user: AuthUser, id: number, fileId: string, headOnly = false) {
  const found = await visibleApplication(db, user, id);
  const answered = answerFileIds(found.application.answers, found.form.customQuestions).includes(fileId);
  // The file must also be the applicant's own upload: an answer's text is never enough to reach a file.
  const file = answered ? await readFile(db, fileId, { includePrivate: true, ownerUserId: found.application.userId, headOnly }) : null;
  if (!file) throw notFound("File not found");
  return file;
}

export async function cancelApplication(db: Db, userId: number, id: number, queue: BroadcastQueue): Promise<ApplicationView | null> {
  const found = await applicationWithForm(db, id, eq(eventApplications.userId, userId));
  if (!found) throw notFound(APPLICATION_NOT_FOUND);
  if (found.application.status === "draft") {
    // A draft is discarded (row and uploads), so it never reaches the owner and the user may apply afresh.
    // One submitted or discarded in the meantime (another tab) is not found, rather than cancelled.
    if (!(await discardDraft(db, userId, id, found.form.customQuestions))) throw notFound(APPLICATION_NOT_FOUND);
    return null;
  }
  // Conditional, so two racing cancels cannot both succeed. The place it held goes to the waitlist's first.
  const row = await db.transaction(async (tx) => {
    await lockedForm(tx, found.application.eventFormId);
    const [cancelled] = await tx
      .update(eventApplications)
      .set({ status: "cancelled", cancelledAt: sql`now()`, waitlistedAt: null, updatedAt: sql`now()` })
      .where(and(eq(eventApplications.id, id), ne(eventApplications.status, "cancelled")))
      .returning();
    if (!cancelled) return cancelled;
    await recordActivity(
      tx,
      {
        organizationId: found.form.startupId,
        actor: { id: userId, name: cancelled.applicantName },
        kind: "application.cancelled",
        subject: { id: cancelled.id, label: cancelled.applicantName },
        eventFormId: cancelled.eventFormId,
      },
      queue,
    );
    await fillFreedPlaces(tx, cancelled.eventFormId, queue);
    return cancelled;
  });
  if (!row) throw fieldError("application", ALREADY_CANCELLED);
  await dropReminder(db, row.id, row.eventFormId);
  return applicationResource(row, found.form.customQuestions);
}
