import { ACTIVITY_KINDS, type ActivityChanges, type ActivityKind } from "#schemas/activity.ts";
import type { Db } from "#api/db/client.ts";
import { activities } from "#api/db/organization-schema.ts";

/** Who made a change: an account (by value, so the entry outlives it), or nobody (the system did). */
export type Actor = { id: number; name: string } | null;

export interface ActivityInput {
  organizationId: number;
  actor: Actor;
  kind: ActivityKind;
  subject: { id: number | null; label: string };
  /** The event form the change concerns, for the log's filter. */
  eventFormId?: number | null;
  changes?: ActivityChanges;
}

/**
 * Writes what happened, in the caller's transaction: the entry exists exactly when the change does. The
 * subject's type follows from the kind.
 */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<void> {
  await tx.insert(activities).values({
    organizationId: input.organizationId,
    actorId: input.actor?.id ?? null,
    actorName: input.actor?.name ?? null,
    kind: input.kind,
    subjectType: ACTIVITY_KINDS[input.kind],
    subjectId: input.subject.id,
    subjectLabel: input.subject.label,
    eventFormId: input.eventFormId ?? null,
    changes: input.changes ?? {},
  });
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
