/**
 * Announcements: the owner writes to one of an event's audiences (everyone with a place, everyone waiting,
 * everyone checked in). Each person gets a notification in the panel and, as their mail settings say, a
 * mail; who it went to is kept. Text only: it is stored and shown as written, and every screen and mail
 * escapes it. An event sends at most a few an hour (the announcement limit, counted per event).
 */
import { and, desc, eq, exists, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnnouncementAudience, AnnouncementInput, AnnouncementView } from "#schemas/announcements.ts";
import { NOBODY_TO_TELL } from "#schemas/announcements.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { qualified } from "#api/db/qualified.ts";
import { users } from "#api/db/schema.ts";
import {
  eventAnnouncementRecipients,
  eventAnnouncements,
  eventApplications,
  eventCheckIns,
  type eventForms,
} from "#api/db/events-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { guarded, type RateLimit } from "#api/lib/rate-limit.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { NOT_HOLDING_A_PLACE } from "../applications/availability.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { ANNOUNCEMENT_MAIL_PREFIX } from "./mail-key.ts";

export const ANNOUNCEMENT_NOT_FOUND = "Announcement not found";

type FormRow = Pick<typeof eventForms.$inferSelect, "id" | "title" | "startupId">;

/** Who is in each audience of the form now, by their application. */
const AUDIENCES: Record<AnnouncementAudience, (formId: number) => SQL | undefined> = {
  confirmed: (formId) => and(eq(eventApplications.eventFormId, formId), notInArray(eventApplications.status, NOT_HOLDING_A_PLACE)),
  waitlisted: (formId) => and(eq(eventApplications.eventFormId, formId), eq(eventApplications.status, "waitlisted")),
  checked_in: (formId) =>
    and(
      eq(eventApplications.eventFormId, formId),
      exists(
        sql`(select 1 from ${eventCheckIns} where ${qualified(eventCheckIns.eventApplicationId)} = ${qualified(eventApplications.id)})`,
      ),
    ),
};

/** The size of each audience now, shown beside the choice: one count per audience, in one query. */
export async function audienceSizes(db: Db, formId: number): Promise<Record<AnnouncementAudience, number>> {
  const counted = (audience: AnnouncementAudience) => sql<number>`count(*) filter (where ${AUDIENCES[audience](formId)})`.mapWith(Number);
  const [sizes] = await db
    .select({ confirmed: counted("confirmed"), waitlisted: counted("waitlisted"), checked_in: counted("checked_in") })
    .from(eventApplications)
    .where(eq(eventApplications.eventFormId, formId));
  return sizes;
}

const columns = {
  id: eventAnnouncements.id,
  eventFormId: eventAnnouncements.eventFormId,
  audience: eventAnnouncements.audience,
  subject: eventAnnouncements.subject,
  message: eventAnnouncements.message,
  recipientCount: eventAnnouncements.recipientCount,
  senderId: users.id,
  senderName: users.name,
  createdAt: eventAnnouncements.createdAt,
  // Each recipient's mail looked up by its key (announcementMailKey), through the outbox's unique index.
  mailedCount: sql<number>`(select count(*) from ${eventAnnouncementRecipients} r join ${mailOutbox} o
    on o.dedupe_key = ${ANNOUNCEMENT_MAIL_PREFIX}::text || r.announcement_id || ':' || r.user_id
    where r.announcement_id = ${qualified(eventAnnouncements.id)})`.mapWith(Number),
};

const selectAnnouncements = <Extra extends Record<string, SQL | SQL.Aliased>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({ ...columns, ...extra })
    .from(eventAnnouncements)
    .leftJoin(users, eq(users.id, eventAnnouncements.sentByUserId));

type Row = Awaited<ReturnType<ReturnType<typeof selectAnnouncements>["execute"]>>[number];

const view = (r: Row): AnnouncementView => ({
  id: r.id,
  event_form_id: r.eventFormId,
  audience: r.audience,
  subject: r.subject,
  message: r.message,
  recipient_count: r.recipientCount,
  mailed_count: r.mailedCount,
  sent_by: r.senderId === null ? null : { id: r.senderId, name: r.senderName ?? "" },
  created_at: r.createdAt.toISOString(),
});

/** The form's announcements, newest first. */
export async function listAnnouncements(db: Db, formId: number, query: ListQuery): Promise<PageRows<AnnouncementView>> {
  const ofForm = eq(eventAnnouncements.eventFormId, formId);
  const rows = await selectAnnouncements(db, { listTotal: totalOver() })
    .where(ofForm)
    .orderBy(desc(eventAnnouncements.createdAt), desc(eventAnnouncements.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, () => db.$count(eventAnnouncements, ofForm));
  return { total, data: rows.map(view) };
}

/** Who one of the form's announcements went to, by name; another form's announcement is not found. */
export async function announcementRecipients(db: Db, formId: number, announcementId: number, query: ListQuery) {
  const [announcement] = await db
    .select({ id: eventAnnouncements.id })
    .from(eventAnnouncements)
    .where(and(eq(eventAnnouncements.id, announcementId), eq(eventAnnouncements.eventFormId, formId)));
  if (!announcement) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  const sentTo = eq(eventAnnouncementRecipients.announcementId, announcementId);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, listTotal: totalOver() })
    .from(eventAnnouncementRecipients)
    .innerJoin(users, eq(users.id, eventAnnouncementRecipients.userId))
    .where(sentTo)
    .orderBy(users.name, users.id)
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, () => db.$count(eventAnnouncementRecipients, sentTo));
  return { total, data: rows.map(({ id, name, email }) => ({ id, name, email })) };
}

/**
 * Sends the announcement to the audience as it is now, in one transaction: the row, its recipients and
 * their notifications (mail queued with them). Only a sent announcement counts against the event's limit.
 */
export async function sendAnnouncement(
  db: Db,
  sender: Pick<AuthUser, "id" | "name">,
  form: FormRow,
  input: AnnouncementInput,
  queue: BroadcastQueue,
  limit: RateLimit,
): Promise<AnnouncementView> {
  return guarded(
    db,
    limit,
    `form:${form.id}`,
    () =>
      db.transaction(async (tx) => {
        const people = await tx
          .selectDistinct({ userId: eventApplications.userId })
          .from(eventApplications)
          .where(AUDIENCES[input.audience](form.id));
        if (!people.length) throw fieldError("audience", NOBODY_TO_TELL);
        const [row] = await tx
          .insert(eventAnnouncements)
          .values({ eventFormId: form.id, sentByUserId: sender.id, ...input, recipientCount: people.length })
          .returning({ id: eventAnnouncements.id });
        await tx.insert(eventAnnouncementRecipients).values(people.map(({ userId }) => ({ announcementId: row.id, userId })));
        await recordActivity(
          tx,
          {
            organizationId: form.startupId,
            actor: sender,
            kind: "announcement.sent",
            subject: { id: row.id, label: input.subject },
            eventFormId: form.id,
            changes: { audience: { from: null, to: input.audience }, recipients: { from: null, to: people.length } },
          },
          queue,
        );
        const [sent] = await selectAnnouncements(tx).where(eq(eventAnnouncements.id, row.id));
        return view(sent);
      }),
    (error) => error === undefined,
  );
}
