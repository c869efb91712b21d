/** What a dashboard chart shows, as plain data: the server's SVG cache key and the browser's chart props. */
export type ChartSpec =
  | { kind: "line"; width: number; height: number; money?: boolean; series: { id: string; points: { x: string; y: number }[] }[] }
  | { kind: "bar"; width: number; height: number; bars: { label: string; value: number }[] }
  | { kind: "pie"; width: number; height: number; slices: { label: string; value: number }[] };

/** Brand blue first; each at least 3:1 against white (WCAG non-text contrast). */
export const CHART_COLORS = ["#2563eb", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#0f766e"];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23" → "23 Nov": calendar dates as the API gives them, no time zone involved. */
export function shortDate(value: string | number | Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
  return match ? `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]}` : String(value);
}

/** "2026-11-23" → "23 Nov 2026", for tables. */
export function longDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}` : value;
}

export const LINE_SIZE = { width: 640, height: 240 };
export const BAR_SIZE = { width: 420, height: 240 };
export const PIE_SIZE = { width: 420, height: 240 };
