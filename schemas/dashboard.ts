import { z } from "zod";
import { BILLING_STATUSES } from "./billing-status.ts";
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
export const dashboardWindow = z.object({
  period: z.union(DASHBOARD_PERIODS.map((period) => z.literal(period))),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
});
export type DashboardWindow = z.output<typeof dashboardWindow>;

export const dayCount = z.object({ date: z.string(), count: z.number().int() });
export type DayCount = z.output<typeof dayCount>;
/** `week`: the Monday the week starts on. */
export const weekCount = z.object({ week: z.string(), count: z.number().int() });
export type WeekCount = z.output<typeof weekCount>;
export const statusCount = z.object({ status: z.string(), count: z.number().int() });
export type StatusCount = z.output<typeof statusCount>;

/** The event forms a card can be narrowed to (the per-form picker). */
export const dashboardForm = z.object({ id: z.number().int(), title: z.string() });
export type DashboardForm = z.output<typeof dashboardForm>;

export const applicationsPerDay = dashboardWindow.extend({
  event_form: dashboardForm.nullable(),
  total: z.number().int(),
  days: z.array(dayCount),
  /** The forms the card can be narrowed to: the latest FORM_PICKER_LIMIT by start. */
  forms: z.array(dashboardForm),
});
export type ApplicationsPerDay = z.output<typeof applicationsPerDay>;
export const FORM_PICKER_LIMIT = 100;

export const applicationsByStage = dashboardWindow.extend({
  event_form: dashboardForm.nullable(),
  total: z.number().int(),
  stages: z.array(statusCount),
});
export type ApplicationsByStage = z.output<typeof applicationsByStage>;

/** Totals are decimal strings, as money is everywhere in the API. */
export const currencyRevenue = z.object({
  currency: z.string(),
  total: z.string(),
  weeks: z.array(z.object({ week: z.string(), total: z.string() })),
});
export type CurrencyRevenue = z.output<typeof currencyRevenue>;

export const billingsSummary = dashboardWindow.extend({
  total: z.number().int(),
  statuses: z.array(z.object({ status: z.enum(BILLING_STATUSES), count: z.number().int() })),
  revenue: z.array(currencyRevenue),
});
export type BillingsSummary = z.output<typeof billingsSummary>;

export const followersPerWeek = dashboardWindow.extend({
  account: z.object({ type: z.enum(["startup", "organization", "co_founder"]), id: z.number().int() }),
  followers_count: z.number().int(),
  total: z.number().int(),
  weeks: z.array(weekCount),
});
export type FollowersPerWeek = z.output<typeof followersPerWeek>;

export const upcomingEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  capacity: z.number().int().nullable(),
  /** Submitted applications that hold a place (not cancelled). */
  places_taken: z.number().int(),
  /** Tickets checked in at the door so far. */
  checked_in: z.number().int(),
});
export type UpcomingEvent = z.output<typeof upcomingEvent>;
export const upcomingEvents = z.object({ total: z.number().int(), events: z.array(upcomingEvent) });
export type UpcomingEvents = z.output<typeof upcomingEvents>;

export const myApplicationsSummary = dashboardWindow.extend({ total: z.number().int(), statuses: z.array(statusCount) });
export type MyApplicationsSummary = z.output<typeof myApplicationsSummary>;

export const invitationsSummary = dashboardWindow.extend({
  sent: z.array(statusCount).nullable(),
  received: z.array(statusCount).nullable(),
});
export type InvitationsSummary = z.output<typeof invitationsSummary>;
