import { useEffect, useId, useState, type ComponentType, type ReactNode } from "react";
import type { ChartSpec } from "./chart-spec";

/** A chart in the loader's data: its spec only (the server's SVG travels beside the data, see below). */
export interface RenderedChart {
  spec: ChartSpec;
}

/**
 * The server's static SVG of each chart of the render under way, kept beside the loader data instead of in
 * it: in the data, React Router would send every SVG a second time, escaped, in the page's hydration
 * script (most of the page's weight and of its serialising). The loader (data.server.ts) registers the
 * SVG of each chart object it returns; the server's render finds it here; the browser hydrates with the
 * markup already in the page, read back from the DOM. Weak: entries go with the request's data.
 */
const serverSvgs = new WeakMap<RenderedChart, string>();

/** A chart for the loader's data, with its server-rendered SVG (chart-svg.server.tsx) for this render. */
export function renderedChart(spec: ChartSpec, svg: string): RenderedChart {
  const chart = { spec };
  serverSvgs.set(chart, svg);
  return chart;
}

/** On the server, the registered SVG; in the browser, at hydration, the markup the server put in the page. */
function staticSvg(chart: RenderedChart, id: string): string {
  const svg = serverSvgs.get(chart);
  if (svg !== undefined) return svg;
  return typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "");
}

type Live = ComponentType<{ spec: ChartSpec; interactive: boolean }>;

/**
 * A chart with an accessible name and its numbers as a table. The page arrives with the server's SVG, so it
 * is complete without JavaScript and hydrates as is; then nivo is loaded (only here, only on this page) and
 * the same chart becomes interactive, with tooltips.
 */
export function ChartFigure({ title, label, chart, table }: { title: string; label: string; chart: RenderedChart; table: ReactNode }) {
  const [Chart, setChart] = useState<Live | null>(null);
  const svgId = useId();
  const [svg] = useState(() => staticSvg(chart, svgId));
  useEffect(() => {
    let mounted = true;
    void import("./nivo-charts").then((module) => mounted && setChart(() => module.NivoChart));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <figure className="space-y-2">
      <figcaption className="font-medium text-slate-800">{title}</figcaption>
      {/* Fixed-size SVG: on a narrow screen it scrolls sideways, and a scrolling region must take keyboard focus. */}
      <div className="max-w-full overflow-x-auto" tabIndex={0}>
        <div role="img" aria-label={label} className="w-fit" data-testid="chart">
          {Chart ? <Chart spec={chart.spec} interactive /> : <div id={svgId} dangerouslySetInnerHTML={{ __html: svg }} />}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2">{table}</div>
      </details>
    </figure>
  );
}

/** A plain table of the chart's numbers: a caption, a header row, then one row per point. */
export function NumbersTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {head.map((cell, i) => (
            <th key={cell} scope="col" className={`py-1 pr-4 font-medium text-slate-700 ${i > 0 ? "text-right" : ""}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-slate-100">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1 pr-4 font-normal text-slate-700">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1 pr-4 text-right tabular-nums text-slate-900">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
