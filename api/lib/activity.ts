import { sql, type Subquery } from "drizzle-orm";
import { ACTIVITY_KINDS, type ActivityChanges, type ActivityKind } from "#schemas/activity.ts";
import type { WebhookKind } from "#schemas/webhooks.ts";
import type { Db } from "#api/db/client.ts";
import { activities } from "#api/db/organization-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { EVENT_MAIL_READERS } from "#api/modules/notification-mail/readers.ts";
import { NOTIFICATION_READERS } from "#api/modules/notifications/readers.ts";
import { REVIEW_READERS } from "#api/modules/reviews/readers.ts";
import { deliveriesOf, WEBHOOK_READERS, WEBHOOK_STATEMENT_KINDS } from "#api/modules/webhooks/readers.ts";
import type { ActivityEntry, ActivityReaders, RecordedEntry } from "./activity-entry.ts";

export type { Actor, ActivityEntry } from "./activity-entry.ts";

/** What tells people of an entry as it is written (with live updates on the transaction's queue), in this order. */
const TELLING_READERS = [NOTIFICATION_READERS, EVENT_MAIL_READERS, REVIEW_READERS] as const satisfies readonly ActivityReaders[];
/** Everything that acts on the record as it is written, in this order: those that tell, then the webhooks' queue (which needs no live updates). */
const READERS = [...TELLING_READERS, WEBHOOK_READERS] as const;

/** The kinds somebody must be told of: recorded with the queue their live updates go out on. */
type ToldKind = KeysOfEach<(typeof TELLING_READERS)[number]>;
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
  // Rows come back in the order of the values: each entry's id, for the readers that keep it.
  const recorded: RecordedEntry[] = await tx
    .insert(activities)
    .values(
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
    )
    .returning({ id: activities.id });
  for (const [index, entry] of entries.entries()) {
    for (const readers of READERS as readonly ActivityReaders<BroadcastQueue | undefined>[]) {
      type Read = (tx: Db, queue: BroadcastQueue | undefined, entry: ActivityEntry, recorded: RecordedEntry) => Promise<void>;
      const read = readers[entry.kind] as Read | undefined;
      if (!read) continue;
      // The overloads make a told kind bring its queue; this is for a caller that cast its way past them.
      if (!queue && (TELLING_READERS as readonly ActivityReaders[]).includes(readers as ActivityReaders))
        throw new Error(`${entry.kind} is told to somebody: record it with the transaction's broadcast queue`);
      await read(tx, queue, entry, recorded[index]);
    }
  }
}

/** The name of the entry's part in a one-statement change (`recordedInStatement`). */
const ENTRY = "recorded_entry";

/**
 * The entry of a change made by one statement, as the parts of its `with`: `entry`, the row to
 * `insert … select` into activities from the change's own `returning` CTE (`source`), and the readers that
 * ride in the same statement (the webhooks' deliveries), so each is written exactly when the change took,
 * with no transaction and no round trip of its own (the door's scans).
 */
export function recordedInStatement(db: Db, source: Subquery, input: ActivityEntry<QuietKind>) {
  const entry = db.$with(ENTRY).as(db.select(activityColumns(input)).from(source));
  const kind = (WEBHOOK_STATEMENT_KINDS as Partial<Record<ActivityKind, WebhookKind>>)[input.kind];
  const readers = kind
    ? [
        db
          .$with("webhooks_queued", { n: sql<number>`n`.as("n") })
          .as(sql`${deliveriesOf(sql`select * from ${sql.identifier(ENTRY)}`, kind)} returning 1 as n`),
      ]
    : [];
  return { entry, with: [entry, ...readers] };
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

/**
 * A value as the record compares and keeps it: a moment as ISO text, and a field inside it that is null the
 * same as one that is not there (a question saved before conditions existed has no `show_if`; saved again
 * unchanged, it has `show_if: null`, and that is no change).
 */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, inner]) => (inner === null || inner === undefined ? [] : [[key, comparable(inner)]])),
    );
  return value ?? null;
}
