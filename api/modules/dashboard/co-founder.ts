/** A co-founder's cards (any user's, in fact): their own applications by status, and invitations by state. */
import { sql } from "drizzle-orm";
import { INVITATION_STATUSES } from "#schemas/invitations.ts";
import type { InvitationsSummary, MyApplicationsSummary, StatusCount } from "#schemas/dashboard.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { APPLICATION_STATUSES } from "../applications/views.ts";
import { boundsColumns, boundsCte, orderedValues, rowsOf, windowOf, windowStart, type Window } from "./window.ts";
import type { OrganizationCaller } from "#api/lib/owner.ts";
import { sendingStartupId } from "../invitations/service.ts";

type Row = { status: string; count: number; window_from: string; window_to: string };
const counts = (rows: Row[]): StatusCount[] => rows.map(({ status, count }) => ({ status, count: Number(count) }));

/** The caller's applications started in the window, drafts included (they are the caller's own). */
export async function myApplications(db: Db, userId: number, w: Window): Promise<MyApplicationsSummary> {
  const rows = await rowsOf<Row>(
    db,
    sql`with ${boundsCte(w)},
      counts as (select a.status, count(*)::int as n from event_applications a
                 where a.user_id = ${userId} and a.created_at >= ${windowStart(w)} group by 1)
      select s.value as status, coalesce(counts.n, 0)::int as count, ${boundsColumns}
      from ${orderedValues(APPLICATION_STATUSES)} s left join counts on counts.status = s.value
      order by s.ord`,
  );
  const statuses = counts(rows);
  return { ...(await windowOf(db, w, rows[0])), total: statuses.reduce((sum, s) => sum + s.count, 0), statuses };
}

/** Invitations sent in the window by the caller's startup and received by their profile, by state now. */
export async function invitations(
  db: Db,
  user: OrganizationCaller & Pick<AuthUser, "coFounderId">,
  w: Window,
): Promise<InvitationsSummary> {
  const side = (column: "startup_id" | "co_founder_id", id: number) =>
    rowsOf<Row>(
      db,
      sql`with ${boundsCte(w)},
        counts as (select i.status, count(*)::int as n from co_founder_invitations i
                   where i.${sql.raw(column)} = ${id} and i.created_at >= ${windowStart(w)} group by 1)
        select s.value as status, coalesce(counts.n, 0)::int as count, ${boundsColumns}
        from ${orderedValues(INVITATION_STATUSES)} s left join counts on counts.status = s.value
        order by s.ord`,
    );
  const sender = sendingStartupId(user);
  const [sent, received] = await Promise.all([
    sender ? side("startup_id", sender) : null,
    user.coFounderId ? side("co_founder_id", user.coFounderId) : null,
  ]);
  return {
    ...(await windowOf(db, w, sent?.[0] ?? received?.[0])),
    sent: sent ? counts(sent) : null,
    received: received ? counts(received) : null,
  };
}
