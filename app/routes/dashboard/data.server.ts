/** The dashboard's loader: one API call per card the user has, in parallel, each card's charts rendered once. */
import type { ApplicationsByStage, ApplicationsPerDay, BillingsSummary, FollowersPerWeek } from "#schemas/dashboard";
import { API } from "#schemas/contract/index";
import { DASHBOARD_PERIODS, DEFAULT_PERIOD, type DashboardPeriod } from "#schemas/dashboard";
import { parseId } from "#schemas/ids";
import { BILLING_STATUS_COLORS } from "~/components/billing/status-colors";
import { renderedChart, type RenderedChart } from "~/components/dashboard/chart";
import { FULL_CARD_WIDTHS, HALF_CARD_WIDTHS, type ChartData } from "~/components/dashboard/chart-spec";
import { chartSvgs } from "~/components/dashboard/chart-svg.server";
import { STATUS_LABELS } from "~/components/dashboard/labels";
import { can, canInOrganization } from "~/lib/guards.server";
import { roleCan } from "~/lib/permissions";
import type { ApiClient, ApiResult } from "~/lib/api.server";
import type { CurrentUser } from "#schemas/auth";

/** A card's answer, or why it could not be shown (one failing card leaves the others). */
export type Card<T> = { ok: true; data: T } | { ok: false; message: string };

const render = (data: ChartData, widths = HALF_CARD_WIDTHS): RenderedChart => renderedChart(data, widths, chartSvgs(data, widths));
const label = (status: string) => STATUS_LABELS[status] ?? status;

export const perDayChart = (d: ApplicationsPerDay) =>
  render({ kind: "line", series: [{ id: "Applications", points: d.days.map((p) => ({ x: p.date, y: p.count })) }] }, FULL_CARD_WIDTHS);
export const stagesChart = (d: ApplicationsByStage) =>
  render({ kind: "bar", bars: d.stages.map((s) => ({ label: label(s.status), value: s.count })) });
export const billingStatusChart = (d: BillingsSummary) =>
  render({
    kind: "pie",
    slices: d.statuses.filter((s) => s.count > 0).map((s) => ({ label: s.status, value: s.count, color: BILLING_STATUS_COLORS[s.status] })),
  });
export const revenueChart = (revenue: BillingsSummary["revenue"][number]) =>
  render({
    kind: "line",
    money: true,
    series: [{ id: revenue.currency, points: revenue.weeks.map((w) => ({ x: w.week, y: Number(w.total) })) }],
  });
export const followersChart = (d: FollowersPerWeek) =>
  render({ kind: "line", series: [{ id: "New followers", points: d.weeks.map((w) => ({ x: w.week, y: w.count })) }] });
export const statusBars = (statuses: { status: string; count: number }[]) =>
  render({ kind: "bar", bars: statuses.map((s) => ({ label: label(s.status), value: s.count })) });

/**
 * What the page's address asks the dashboard to show, read leniently (an unknown period falls back to the
 * default and says so). Not the API's `DashboardQuery` (schemas/dashboard.ts), which it is turned into.
 */
export interface DashboardSelection {
  period: DashboardPeriod;
  formId: number | null;
  /** The period asked for was not one of 30/90/365 (the default is shown instead). */
  periodRefused: boolean;
}

export function readSelection(url: URL): DashboardSelection {
  const asked = url.searchParams.get("period");
  const period = DASHBOARD_PERIODS.find((p) => String(p) === asked);
  return {
    period: period ?? DEFAULT_PERIOD,
    formId: parseId(url.searchParams.get("form_id")) ?? null,
    periodRefused: Boolean(asked) && !period,
  };
}

async function card<T, R>(call: Promise<ApiResult<{ data: T }>>, shape: (data: T) => R): Promise<Card<R>> {
  const result = await call;
  if (!result.ok) return { ok: false, message: result.body.message };
  return { ok: true, data: shape(result.body.data) };
}

export async function loadDashboard(api: ApiClient, user: CurrentUser, selection: DashboardSelection) {
  const owner = user.startup_id !== null;
  // Days and weeks are the reader's own, in the zone chosen on /settings (UTC until they choose one).
  const query = { period: String(selection.period), tz: user.settings?.time_zone ?? "UTC" };
  const formQuery = selection.formId ? { ...query, form_id: selection.formId } : query;
  const skip = null;
  const [perDay, stages, billings, upcoming, followers, mine, invitations] = await Promise.all([
    owner && canInOrganization(user, "event response read", "forms.read")
      ? card(api.request(API.applicationsPerDay, { query: formQuery }), (d) => ({ ...d, chart: perDayChart(d) }))
      : skip,
    owner && canInOrganization(user, "event response read", "forms.read")
      ? card(api.request(API.applicationsByStage, { query: formQuery }), (d) => ({ ...d, chart: stagesChart(d) }))
      : skip,
    owner && canInOrganization(user, "event billing read", "money")
      ? card(api.request(API.billingsSummary, { query }), (d) => ({
          ...d,
          chart: billingStatusChart(d),
          revenueCharts: d.revenue.map((r) => ({ currency: r.currency, chart: revenueChart(r) })),
        }))
      : skip,
    owner && can(user, "event form read") && (roleCan(user, "forms.read") || roleCan(user, "check_in"))
      ? card(api.request(API.upcomingEvents, { query }), (d) => d)
      : skip,
    owner || user.co_founder_id !== null
      ? card(api.request(API.followersPerWeek, { query }), (d) => ({ ...d, chart: followersChart(d) }))
      : skip,
    // Anyone may apply to events, so everyone sees their own applications.
    card(api.request(API.myApplicationsSummary, { query }), (d) => ({ ...d, chart: statusBars(d.statuses) })),
    owner || user.co_founder_id !== null
      ? card(api.request(API.invitationsSummary, { query }), (d) => ({
          ...d,
          sentChart: d.sent ? statusBars(d.sent) : null,
          receivedChart: d.received ? statusBars(d.received) : null,
        }))
      : skip,
  ]);
  return { perDay, stages, billings, upcoming, followers, mine, invitations };
}
export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
