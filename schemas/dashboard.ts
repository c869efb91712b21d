import { z } from "zod";
import type { BillingStatus } from "./billing.ts";
import { optionalIdField } from "./id-fields.ts";
import { isListedTimeZone } from "./time.ts";
import { DASHBOARD_PERIODS, DEFAULT_PERIOD, type DashboardPeriod } from "./dashboard-periods.ts";

/**
 * The dashboard's cards: one API call each under /api/v1/admin/dashboard/*, all sharing the query below.
 * Dates in answers are local calendar dates ("YYYY-MM-DD") in `time_zone`; weeks start on Monday.
 */
export { DASHBOARD_PERIODS, DEFAULT_PERIOD, type DashboardPeriod } from "./dashboard-periods.ts";

export const PERIOD_INVALID = "The selected period is invalid.";
export const TIME_ZONE_INVALID = "The selected time zone is invalid.";

const blankIsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

export const dashboardQuerySchema = z.object({
  period: z.preprocess(
    blankIsAbsent,
    z
      .enum(DASHBOARD_PERIODS.map(String) as [string, ...string[]], { error: PERIOD_INVALID })
      .default(String(DEFAULT_PERIOD))
      .transform((value) => Number(value) as DashboardPeriod),
  ),
  tz: z.preprocess(blankIsAbsent, z.string({ error: TIME_ZONE_INVALID }).refine(isListedTimeZone, TIME_ZONE_INVALID).optional()),
  form_id: optionalIdField("The selected event form is invalid."),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** What every card's answer says about its window. `from`/`to` are local dates, both included. */
export interface DashboardWindow {
  period: DashboardPeriod;
  time_zone: string;
  from: string;
  to: string;
}

export interface DayCount {
  date: string;
  count: number;
}
export interface WeekCount {
  /** The Monday the week starts on. */
  week: string;
  count: number;
}
export interface StatusCount<S extends string = string> {
  status: S;
  count: number;
}

export interface ApplicationsPerDay extends DashboardWindow {
  event_form: { id: number; title: string } | null;
  total: number;
  days: DayCount[];
  /** The forms the card can be narrowed to: the latest FORM_PICKER_LIMIT by start. */
  forms: DashboardForm[];
}
export const FORM_PICKER_LIMIT = 100;

export interface ApplicationsByStage extends DashboardWindow {
  event_form: { id: number; title: string } | null;
  total: number;
  stages: StatusCount[];
}

export interface CurrencyRevenue {
  currency: string;
  /** Decimal strings, as money is everywhere in the API. */
  total: string;
  weeks: { week: string; total: string }[];
}

export interface BillingsSummary extends DashboardWindow {
  total: number;
  statuses: StatusCount<BillingStatus>[];
  revenue: CurrencyRevenue[];
}

export interface FollowersPerWeek extends DashboardWindow {
  account: { type: "startup" | "organization" | "co_founder"; id: number };
  followers_count: number;
  total: number;
  weeks: WeekCount[];
}

export interface UpcomingEvent {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  capacity: number | null;
  /** Submitted applications that hold a place (not cancelled). */
  places_taken: number;
  /** Tickets checked in at the door so far. */
  checked_in: number;
}
export interface UpcomingEvents {
  total: number;
  events: UpcomingEvent[];
}

export interface MyApplicationsSummary extends DashboardWindow {
  total: number;
  statuses: StatusCount[];
}

export interface InvitationsSummary extends DashboardWindow {
  sent: StatusCount[] | null;
  received: StatusCount[] | null;
}

/** The event forms a card can be narrowed to (the per-form picker). */
export interface DashboardForm {
  id: number;
  title: string;
}
