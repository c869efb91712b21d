/** An entry of the record of what happened, as its writers give it and its readers receive it. */
import type { ActivityChanges, ActivityDataByKind, ActivityKind } from "#schemas/activity.ts";
import type { Db } from "#api/db/client.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";

/** Who made a change: an account (by value, so the entry outlives it), or nobody (the system did). */
export type Actor = { id: number; name: string } | null;

interface EntryFields<Kind extends ActivityKind> {
  /** The organization it happened in; none for what a person did for themself (a co-founder following). */
  organizationId: number | null;
  actor: Actor;
  kind: Kind;
  subject: { id: number | null; label: string };
  /** The event form the change concerns, for the log's filter. */
  eventFormId?: number | null;
  changes?: ActivityChanges;
}

/** One entry of a kind, with the data its kind carries (schemas/activity.ts) and none for the others. */
export type ActivityEntry<Kind extends ActivityKind = ActivityKind> = {
  [K in Kind]: EntryFields<K> & (K extends keyof ActivityDataByKind ? { data: ActivityDataByKind[K] } : { data?: undefined });
}[Kind];

/** The entry as its insert wrote it: its id, for a reader that keeps a reference to it (the webhooks). */
export interface RecordedEntry {
  id: number;
}

/** What reads the record as it is written: for each kind it acts on, a step in the change's own transaction. */
export type ActivityReaders<Queue = BroadcastQueue> = {
  [K in ActivityKind]?: (tx: Db, queue: Queue, entry: ActivityEntry<K>, recorded: RecordedEntry) => Promise<void>;
};

/** An id the kind always records (its subject, its form): missing, the entry was written wrongly. */
export function recordedId(id: number | null | undefined): number {
  if (id === null || id === undefined) throw new Error("This kind of entry is recorded with its subject and form");
  return id;
}
