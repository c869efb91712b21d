/**
 * A chart's static SVG, rendered on the server. nivo's render costs tens of milliseconds a chart (a spring
 * per tick and bar, even with animation off), far more than the page's SQL; the markup is a pure function
 * of its ChartSpec, so each distinct one is rendered once and kept (bounded, oldest dropped first).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { CHART_HEIGHT, type ChartData, type ChartSpec } from "./chart-spec";
import { NivoChart } from "./nivo-charts";

const MAX_ENTRIES = 500;
const rendered = new Map<string, string>();

export function chartSvg(spec: ChartSpec): string {
  const key = JSON.stringify(spec);
  const hit = rendered.get(key);
  if (hit !== undefined) {
    // Re-inserted: a Map iterates in insertion order, so the first key is always the least recently used.
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  // A viewBox lets the page scale the drawing to its card (chart.tsx); nivo draws a fixed width and height.
  const svg = renderToStaticMarkup(<NivoChart spec={spec} interactive={false} />).replace(
    "<svg ",
    `<svg viewBox="0 0 ${spec.width} ${spec.height}" `,
  );
  rendered.set(key, svg);
  if (rendered.size > MAX_ENTRIES) rendered.delete(rendered.keys().next().value as string);
  return svg;
}

/** The chart at each of `widths`, which the page chooses from, narrowest first. */
export function chartSvgs(data: ChartData, widths: readonly number[]): string[] {
  return widths.map((width) => chartSvg({ ...data, width, height: CHART_HEIGHT } as ChartSpec));
}
