/** The owner's payments card: billings by payment status, and revenue per week in each currency. */
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import { sql } from "drizzle-orm";
import type { BillingStatus } from "#schemas/billing.ts";
import type { BillingsSummary, CurrencyRevenue } from "#schemas/dashboard.ts";
import type { Db } from "#api/db/client.ts";
import { BILLING_STATUSES, PAID_STATUS_LIST } from "#api/db/billing-schema.ts";
import {
  boundsColumns,
  boundsCte,
  isoDate,
  localWeek,
  orderedValues,
  rowsOf,
  weeksCte,
  windowOf,
  windowStart,
  type Window,
} from "./window.ts";

/** When a successful billing's money came in (net of refunds, in the week it came in): its payment time (older rows may lack it: their last change). */
const paidAt = sql`coalesce(b.paid_at, b.updated_at)`;

/** Billings of the startup's forms: the owner's scope is the join, not a list of ids read first. */
const ownBillings = (access: OrganizationAccess) =>
  sql`from event_billings b join event_forms on event_forms.id = b.event_form_id where ${managedFormsWhere(access)}`;

export async function billingsSummary(db: Db, access: OrganizationAccess, w: Window): Promise<BillingsSummary> {
  const statusRows = await rowsOf<{ status: BillingStatus; count: number; window_from: string; window_to: string }>(
    db,
    sql`with ${boundsCte(w)},
      counts as (select b.payment_status as status, count(*)::int as n ${ownBillings(access)} and b.created_at >= ${windowStart(w)} group by 1)
      select s.value as status, coalesce(counts.n, 0)::int as count, ${boundsColumns}
      from ${orderedValues(BILLING_STATUSES)} s left join counts on counts.status = s.value
      order by s.ord`,
  );
  // Every week of the window for each currency that took money in it: zero weeks included, so lines align.
  const revenueRows = await rowsOf<{ currency: string; week: string; total: string; currency_total: string }>(
    db,
    sql`with ${boundsCte(w)}, ${weeksCte},
      paid as (select b.currency, ${localWeek(paidAt, w.zone)} as week, sum(b.total - b.refunded) as total
               ${ownBillings(access)} and b.payment_status in (${PAID_STATUS_LIST}) and ${paidAt} >= ${windowStart(w)}
               group by 1, 2),
      currencies as (select distinct currency from paid)
      select c.currency, ${isoDate(sql`weeks.week`)} as week, coalesce(paid.total, 0)::numeric(12, 2)::text as total,
             (sum(coalesce(paid.total, 0)) over (partition by c.currency))::numeric(14, 2)::text as currency_total
      from currencies c cross join weeks left join paid on paid.currency = c.currency and paid.week = weeks.week
      order by c.currency, weeks.week`,
  );
  const revenue = new Map<string, CurrencyRevenue>();
  for (const row of revenueRows) {
    let entry = revenue.get(row.currency);
    if (!entry) revenue.set(row.currency, (entry = { currency: row.currency, total: row.currency_total, weeks: [] }));
    entry.weeks.push({ week: row.week, total: row.total });
  }
  const statuses = statusRows.map(({ status, count }) => ({ status, count: Number(count) }));
  return {
    ...(await windowOf(db, w, statusRows[0])),
    total: statuses.reduce((sum, s) => sum + s.count, 0),
    statuses,
    revenue: [...revenue.values()],
  };
}
