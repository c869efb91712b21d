import { sql } from "drizzle-orm";
import { ACTIVITY_KINDS, type ActivityChanges, type ActivityKind } from "#schemas/activity.ts";
import type { Db } from "#api/db/client.ts";
import { activities } from "#api/db/organization-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { EVENT_MAIL_READERS } from "#api/modules/notification-mail/readers.ts";
import { NOTIFICATION_READERS } from "#api/modules/notifications/readers.ts";
import { REVIEW_READERS } from "#api/modules/reviews/readers.ts";
import type { ActivityEntry, ActivityReaders } from "./activity-entry.ts";

export type { Actor, ActivityEntry } from "./activity-entry.ts";

/** Everything that acts on the record as it is written, in this order. */
const READERS = [NOTIFICATION_READERS, EVENT_MAIL_READERS, REVIEW_READERS] as const satisfies readonly ActivityReaders[];

/** The kinds somebody must be told of: recorded with the queue their live updates go out on. */
type ToldKind = KeysOfEach<(typeof READERS)[number]>;
type KeysOfEach<Union> = Union extends unknown ? keyof Union : never;
/** The kinds only the audit log reads. */
export type QuietKind = Exclude<ActivityKind, ToldKind>;

/**
 * Writes what happened, in the caller's transaction: the entry exists exactly when the change does, and so
 * does what its readers do with it (notifications, their mail and live updates, all queued with it). The
 * changing module tells nobody itself. The subject's type follows from the kind. Several entries (one change
 * touching many rows) are one insert. A kind somebody is told of needs the transaction's broadcast queue.
 */
export async function recordActivity(tx: Db, input: ActivityEntry<QuietKind> | ActivityEntry<QuietKind>[]): Promise<void>;
export async function recordActivity(tx: Db, input: ActivityEntry | ActivityEntry[], queue: BroadcastQueue): Promise<void>;
export async function recordActivity(tx: Db, input: ActivityEntry | ActivityEntry[], queue?: BroadcastQueue): Promise<void> {
  const entries = Array.isArray(input) ? input : [input];
  if (!entries.length) return;
  await tx.insert(activities).values(
    entries.map((entry) => ({
      organizationId: entry.organizationId,
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? null,
      kind: entry.kind,
      subjectType: ACTIVITY_KINDS[entry.kind],
      subjectId: entry.subject.id,
      subjectLabel: entry.subject.label,
      eventFormId: entry.eventFormId ?? null,
      changes: entry.changes ?? {},
      data: entry.data ?? {},
    })),
  );
  for (const entry of entries) {
    for (const readers of READERS as readonly ActivityReaders[]) {
      const read = readers[entry.kind] as ((tx: Db, queue: BroadcastQueue, entry: ActivityEntry) => Promise<void>) | undefined;
      if (!read) continue;
      // The overloads make a told kind bring its queue; this is for a caller that cast its way past them.
      if (!queue) throw new Error(`${entry.kind} is told to somebody: record it with the transaction's broadcast queue`);
      await read(tx, queue, entry);
    }
  }
}

/**
 * The entry as the columns of a `select`, for a change made by one statement: `insert … select` these
 * from the change's own `returning` CTE, so the entry is written exactly when the change took, with no
 * transaction and no round trip of its own (the door's scans).
 */
export function activityColumns(input: ActivityEntry<QuietKind>) {
  // Every column in the table's order, as `insert … select` needs them: the defaults spelled out.
  return {
    id: sql<number>`nextval(pg_get_serial_sequence('activities', 'id'))`.as("id"),
    organizationId: sql<number>`${input.organizationId}::int`.as("organization_id"),
    actorId: sql<number | null>`${input.actor?.id ?? null}::int`.as("actor_id"),
    actorName: sql<string | null>`${input.actor?.name ?? null}::text`.as("actor_name"),
    kind: sql<ActivityKind>`${input.kind}::text`.as("kind"),
    subjectType: sql<string>`${ACTIVITY_KINDS[input.kind]}::text`.as("subject_type"),
    subjectId: sql<number | null>`${input.subject.id}::int`.as("subject_id"),
    subjectLabel: sql<string>`${input.subject.label}::text`.as("subject_label"),
    eventFormId: sql<number | null>`${input.eventFormId ?? null}::int`.as("event_form_id"),
    changes: sql<ActivityChanges>`${JSON.stringify(input.changes ?? {})}::jsonb`.as("changes"),
    at: sql<Date>`now()`.as("at"),
    data: sql<Record<string, unknown>>`${JSON.stringify(input.data ?? {})}::jsonb`.as("data"),
  };
}

/** The fields whose values differ between two versions of a row, before → after, by the names given. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: Partial<Record<keyof T, string>>,
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const [key, name] of Object.entries(fields) as [keyof T, string][]) {
    const from = comparable(before[key]);
    const to = comparable(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[name] = { from, to };
  }
  return changes;
}

const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));
