/**
 * The time window every dashboard card aggregates over, as SQL: the last `period` local calendar days in
 * `zone`, today included. Bucketing happens in the database (`at time zone`), so a day or a week is the
 * zone's own, daylight-saving changes included, and only the window's rows are read.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DashboardPeriod, DashboardWindow } from "#schemas/dashboard.ts";
import type { Db } from "#api/db/client.ts";

export interface Window {
  period: DashboardPeriod;
  zone: string;
}

/** `bounds(first_day, today)`: the window's local dates. Put it first in a query's WITH list. */
export const boundsCte = (w: Window) =>
  sql`bounds as (select b.today - ${w.period - 1}::int as first_day, b.today from (select (now() at time zone ${w.zone})::date as today) b)`;

/** The instant the window starts (local midnight of its first day), for a where clause an index can use. */
export const windowStart = (w: Window) => sql`(select first_day::timestamp at time zone ${w.zone} from bounds)`;

/** The local calendar day of an instant column. */
export const localDay = (column: SQL | unknown, zone: string) => sql`(${column} at time zone ${zone})::date`;

/** The Monday starting the local week of an instant column. */
export const localWeek = (column: SQL | unknown, zone: string) => sql`date_trunc('week', ${column} at time zone ${zone})::date`;

/** `days(day)`: every local date of the window, so days without rows still appear (as 0). */
export const daysCte = sql`days as (select d::date as day from bounds, generate_series(bounds.first_day, bounds.today, interval '1 day') d)`;

/** `weeks(week)`: the Monday of every week the window touches. */
export const weeksCte = sql`weeks as (select d::date as week from bounds,
  generate_series(date_trunc('week', bounds.first_day::timestamp), date_trunc('week', bounds.today::timestamp), interval '7 days') d)`;

/** Columns that carry the window's dates on every row (`window_from`, `window_to`). */
export const boundsColumns = sql`(select to_char(first_day, 'YYYY-MM-DD') from bounds) as window_from,
  (select to_char(today, 'YYYY-MM-DD') from bounds) as window_to`;

export const isoDate = (column: SQL | unknown) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The window part of an answer, from the dates a row carried (or, with no row at all, from one query). */
export async function windowOf(db: Db, w: Window, row?: { window_from: string; window_to: string }): Promise<DashboardWindow> {
  const bounds =
    row ?? (await rowsOf<{ window_from: string; window_to: string }>(db, sql`with ${boundsCte(w)} select ${boundsColumns}`))[0];
  return { period: w.period, time_zone: w.zone, from: bounds.window_from, to: bounds.window_to };
}

/** Zero-filled counts in a fixed order: `values` lists every status, so none is missing from the answer. */
export const orderedValues = (values: readonly string[]) =>
  sql`(select v.value, v.ord from unnest(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]) with ordinality as v(value, ord))`;
