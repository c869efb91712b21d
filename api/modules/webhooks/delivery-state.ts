/*
 * The deliveries' state changes, each one statement: claiming due ones under a lease, and recording what
 * became of a try. As in the mail outbox, the lease is what makes one worker send a delivery: a claimed one
 * is "sending" until its lease ends, and only then (its worker died mid-call) may another claim it again, so
 * a delivery is sent twice only when its worker died between the receiver's answer and the mark.
 */
import { sql } from "drizzle-orm";
import { WEBHOOK_BODY_LIMIT } from "#schemas/webhooks.ts";
import type { Db } from "#api/db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { rowsOf } from "#api/modules/dashboard/window.ts";
import { recordActivity } from "#api/lib/activity.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { utf8Head, type CallOutcome } from "./send.ts";

/** Tries in all; the last failure gives the delivery up. */
export const MAX_ATTEMPTS = 8;
/** The longest wait between two tries. */
const MAX_DELAY_SECONDS = 24 * 60 * 60;
/** An endpoint failing this long is turned off. */
export const DISABLE_AFTER_DAYS = 3;

/** The wait after the `attempts`-th failed try: the first setting, six times longer each time, up to a day. */
export const retryDelaySeconds = (firstSeconds: number, attempts: number) =>
  Math.min(firstSeconds * 6 ** Math.max(0, attempts - 1), MAX_DELAY_SECONDS);

const d = webhookDeliveries;
const e = webhookEndpoints;

/** Due: waiting and its time has come, or being sent by a worker whose lease ran out. */
const due = (alias: string) =>
  sql.raw(
    `((${alias}.state = 'pending' and ${alias}.next_attempt_at <= now()) or (${alias}.state = 'sending' and ${alias}.locked_until < now()))`,
  );

/**
 * Claims due deliveries for up to `endpoints` endpoints (those waiting longest first): for each, its oldest
 * due ones, at most `perEndpoint`, which the worker sends one after the other, so an endpoint gets its
 * events in the order they happened while it answers; an endpoint with a call under way is left to that
 * call. A turned-off endpoint gets only what a person asked for. The rows are locked with their due state
 * re-checked (FOR UPDATE SKIP LOCKED), so workers claiming at once on PostgreSQL never claim one twice.
 */
export async function claimDueDeliveries(db: Db, endpoints: number, perEndpoint: number, leaseMs: number): Promise<number[]> {
  const claimed = await rowsOf<{ id: number }>(
    db,
    sql`
    with claimable as (
      select d.id, d.endpoint_id, d.next_attempt_at, row_number() over (partition by d.endpoint_id order by d.id) as place
      from ${d} d join ${e} e on e.id = d.endpoint_id
      where ${due("d")} and (e.enabled or d.manual)
        and not exists (select 1 from ${d} s where s.endpoint_id = d.endpoint_id and s.state = 'sending' and s.locked_until >= now())
    ), chosen as (
      select endpoint_id from claimable where place = 1 order by next_attempt_at, id limit ${endpoints}
    ), picked as (
      select d.id from ${d} d
      where d.id in (select id from claimable where place <= ${perEndpoint} and endpoint_id in (select endpoint_id from chosen))
        and ${due("d")}
      for update skip locked
    )
    update ${d} set state = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (select id from picked)
    returning id`,
  );
  return claimed.map((row) => Number(row.id));
}

/** Claimed but not tried (an earlier one to the same endpoint failed, or the worker is stopping): due again at once, the try not counted. */
export async function releaseClaims(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update ${d} set state = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0)
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and state = 'sending'`);
}

/** Due deliveries exist: a read, so an idle worker asks without writing. */
export async function hasDueDeliveries(db: Db): Promise<boolean> {
  // A turned-off endpoint's deliveries wait for it to be turned on: not due until then.
  const [row] = await rowsOf<{ due: boolean }>(
    db,
    sql`select exists (select 1 from ${d} d join ${e} e on e.id = d.endpoint_id where ${due("d")} and (e.enabled or d.manual)) as due`,
  );
  return Boolean(row?.due);
}

/** What a delivery keeps of a body: at most 8 KB of UTF-8, as the column's text, never half a character. */
const cut = (text: string | null) => (text === null ? null : utf8Head(Buffer.from(text, "utf8"), WEBHOOK_BODY_LIMIT));

/** What one try came to, on the delivery: delivered, tried again later, or given up after the last try. */
export async function recordTry(
  db: Db,
  id: number,
  attempts: number,
  requestBody: string,
  outcome: CallOutcome,
  retrySeconds: number,
): Promise<void> {
  const state = outcome.ok ? "delivered" : attempts >= MAX_ATTEMPTS ? "failed" : "pending";
  const delay = retryDelaySeconds(retrySeconds, attempts) * (1 + Math.random() * 0.1);
  await db.execute(sql`
    update ${d} set state = ${state}, locked_until = null, last_attempt_at = now(),
      status_code = ${outcome.statusCode}, duration_ms = ${outcome.durationMs}, error = ${outcome.error},
      request_body = ${cut(requestBody)}, response_body = ${cut(outcome.responseBody)},
      next_attempt_at = ${state === "pending" ? sql`now() + make_interval(secs => ${delay})` : null}
    where id = ${id} and state = 'sending'`);
}

/**
 * An endpoint's health after a try: an answer clears its failing time; a failure starts it, and once it
 * is three days old the endpoint is turned off, on the record (whose readers tell the owner) in the same
 * transaction.
 */
export async function recordHealth(db: Db, endpointId: number, ok: boolean, queue: BroadcastQueue): Promise<void> {
  if (ok) {
    await db.execute(sql`update ${e} set failing_since = null where id = ${endpointId} and failing_since is not null`);
    return;
  }
  await db.transaction(async (tx) => {
    const [turnedOff] = await rowsOf<{ organization_id: number; url: string; failing_since: string }>(
      tx,
      sql`
      with before as (select id, enabled from ${e} where id = ${endpointId} for update),
      updated as (
        update ${e} set failing_since = coalesce(${e}.failing_since, now()),
          enabled = ${e}.enabled and coalesce(${e}.failing_since, now()) > now() - make_interval(days => ${DISABLE_AFTER_DAYS})
        from before where ${e}.id = before.id
        returning ${e}.organization_id, ${e}.url, to_char(${e}.failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as failing_since,
          before.enabled as was_enabled, ${e}.enabled as now_enabled
      )
      select organization_id, url, failing_since from updated where was_enabled and not now_enabled`,
    );
    if (!turnedOff) return;
    await recordActivity(
      tx,
      {
        organizationId: turnedOff.organization_id,
        actor: null,
        kind: "webhook.disabled",
        subject: { id: endpointId, label: turnedOff.url },
        data: { url: turnedOff.url, failing_since: turnedOff.failing_since },
      },
      queue,
    );
  });
}

/** How long a finished delivery (delivered or given up) stays listed. */
export const KEEP_DELIVERIES_DAYS = 30;

/** Forgets finished deliveries older than a month: the list is for seeing what happened lately, not an archive. */
export async function pruneWebhookDeliveries(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${d} where state in ('delivered', 'failed')
      and created_at < now() - make_interval(days => ${KEEP_DELIVERIES_DAYS})`);
}
