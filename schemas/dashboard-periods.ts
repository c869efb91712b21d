/* The periods the dashboard covers, without its query's rules (dashboard.ts): its period picker reads them. */
export const DASHBOARD_PERIODS = [30, 90, 365] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_PERIOD: DashboardPeriod = 30;
