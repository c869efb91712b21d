/** What a dashboard chart shows, as plain data, whatever size it is drawn at. */
export type ChartData =
  | { kind: "line"; money?: boolean; series: { id: string; points: { x: string; y: number }[] }[] }
  | { kind: "bar"; bars: { label: string; value: number }[] }
  | { kind: "pie"; slices: PieSlice[] };

/** A donut's slice; `color` when what it stands for has a colour of its own (a payment status), else the next of CHART_COLORS. */
export interface PieSlice {
  label: string;
  value: number;
  color?: string;
}

/** A chart at one size: the server's SVG cache key and the browser's chart props. */
export type ChartSpec = ChartData & { width: number; height: number };

/**
 * The widths the server draws a chart at, narrowest first: the page shows the one made for its card's width
 * (container queries in chart.tsx) and scales it to fit exactly, so text stays within about a quarter of its
 * drawn size on a phone and on every screen. A half-width card is 290-520 px wide; the full-width one up to
 * 1,100 px. Each drawing is markup the page carries, so a card gets only the ones it can need.
 */
export const HALF_CARD_WIDTHS = [380, 640];
export const FULL_CARD_WIDTHS = [380, 640, 1100];
export const CHART_HEIGHT = 240;

/**
 * Brand blue first; each at least 3:1 (WCAG non-text contrast) against both themes' card colours, white
 * and the dark theme's slate: mid-tone colours, as a line or a slice keeps one colour in both themes.
 */
export const CHART_COLORS = ["#3b6cf6", "#ea580c", "#16a34a", "#9061f9", "#e11d48", "#0d9488"];

/** Slice i's colour: its own, or the palette's in turn. */
export const sliceColor = (slice: PieSlice, i: number) => slice.color ?? CHART_COLORS[i % CHART_COLORS.length];

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
