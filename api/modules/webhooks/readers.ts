/**
 * What the webhooks read on the record of what happened (api/lib/activity.ts): for each kind an endpoint may
 * subscribe to, one delivery per enabled endpoint of the organization subscribed to it, queued in the
 * change's own transaction (or its own statement, for a change made by one: the door's scans). Nothing is
 * sent here: the delivery worker sends after the commit, so a remote server never holds a transaction open,
 * and a crash between the two leaves the delivery queued for the next start.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ActivityKind } from "#schemas/activity.ts";
import type { WebhookKind } from "#schemas/webhooks.ts";
import { activities } from "#api/db/organization-schema.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import type { Db } from "#api/db/client.ts";
import type { ActivityEntry, ActivityReaders, RecordedEntry } from "#api/lib/activity-entry.ts";
import { rowsOf } from "#api/modules/dashboard/window.ts";
import { storeObject } from "./objects.ts";
import { notifyWebhooksQueued, signalWebhooksQueued } from "./wake.ts";

/**
 * The deliveries of entries of the record, as one `insert … select`: `entries` is a query of rows shaped
 * like `activities` (the table itself, or the entry of a one-statement change). The payload's `data` is the
 * entry as the record keeps it: its subject by value, the form, who did it, the changed fields and what the
 * kind carries (`details`), so it says what happened even after the subject is gone; the object itself is
 * added beside it (objects.ts).
 */
export function deliveriesOf(entries: SQL, kind: WebhookKind): SQL {
  const d = webhookDeliveries;
  const e = webhookEndpoints;
  return sql`insert into ${d} (endpoint_id, activity_id, event_type, occurred_at, payload)
    select e.id, a.id, ${kind}::text, a.at, jsonb_build_object(
      'subject', jsonb_build_object('type', a.subject_type, 'id', a.subject_id, 'label', a.subject_label),
      'organization_id', a.organization_id,
      'event_form_id', a.event_form_id,
      'actor', case when a.actor_id is null and a.actor_name is null then null
                    else jsonb_build_object('id', a.actor_id, 'name', a.actor_name) end,
      'changes', a.changes,
      'details', a.data)
    from (${entries}) a
    join ${e} e on e.organization_id = a.organization_id and e.enabled and ${kind}::text = any(e.kinds)
    order by a.id, e.id`;
}

/** The entry just written, by the id its insert answered. */
const entryById = (id: number) => sql`select * from ${activities} where id = ${id}`;

/** A kind read as one webhook kind, or (a function) as the one its data says, or as none. */
type Mapping<K extends ActivityKind> = WebhookKind | ((entry: ActivityEntry<K>) => WebhookKind | null);

function queued<K extends ActivityKind>(mapping: Mapping<K>) {
  return async (tx: Db, _queue: unknown, entry: ActivityEntry<K>, recorded: RecordedEntry) => {
    const kind = typeof mapping === "function" ? mapping(entry) : mapping;
    if (!kind || entry.organizationId === null) return;
    const queued = await rowsOf(tx, sql`${deliveriesOf(entryById(recorded.id), kind)} returning 1`);
    if (!queued.length) return;
    // The object as the change left it, read in its transaction (only when someone listens).
    await storeObject(tx, recorded.id, kind, entry.subject.id, entry.organizationId);
    await tx.execute(notifyWebhooksQueued());
    signalWebhooksQueued();
  };
}

/** The record's kinds as the webhooks' (named like the record's; a payment is "paid" when its status became Successful). */
export const WEBHOOK_READERS = {
  "application.submitted": queued("application.submitted"),
  // An application withdrawn on the organization's side (a full refund gives its place up) is a status
  // change to "cancelled": its own kind for receivers.
  "application.status_changed": queued<"application.status_changed">(({ data }) =>
    data.status === "cancelled" ? "application.cancelled" : "application.status_changed",
  ),
  // The applicant cancelling their own application.
  "application.cancelled": queued("application.cancelled"),
  // A waitlist offer that lapsed unpaid withdraws the application: cancelled, as receivers know it.
  "application.waitlist_moved": queued<"application.waitlist_moved">(({ data }) =>
    data.move === "lapsed" ? "application.cancelled" : null,
  ),
  "billing.status_changed": queued<"billing.status_changed">(({ data }) => (data.status === "Successful" ? "billing.paid" : null)),
  "billing.refunded": queued("billing.refunded"),
  "event_form.published": queued("event_form.published"),
  "event_form.updated": queued("event_form.updated"),
  "member.joined": queued("member.joined"),
  "member.removed": queued("member.removed"),
  // A member who leaves is no longer on the team, as one removed is; `subject` and `actor` tell the two apart.
  "member.left": queued("member.removed"),
} satisfies ActivityReaders<unknown>;

/** The kinds written by a change of one statement (activityColumns), with the webhook kind each is sent as. */
export const WEBHOOK_STATEMENT_KINDS = {
  "application.checked_in": "check_in.created",
  "application.check_in_undone": "check_in.undone",
} as const satisfies Partial<Record<ActivityKind, WebhookKind>>;
