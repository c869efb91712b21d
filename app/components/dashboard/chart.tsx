import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from "react";
import { sliceColor, type ChartData, type ChartSpec, type PieSlice } from "./chart-spec";
import { DataTable } from "~/components/ui/data-table";

/** A chart in the loader's data: what it shows and the widths it is drawn at (the SVGs travel beside the data). */
export interface RenderedChart {
  data: ChartData;
  widths: readonly number[];
}

/**
 * The server's static SVGs of each chart of the render under way (one per width it is drawn at), kept beside
 * the loader data instead of in it: in the data, React Router would send every SVG a second time, escaped, in
 * the page's hydration script (most of the page's weight and of its serialising). The loader (data.server.ts)
 * registers the SVGs of each chart object it returns; the server's render finds them here; the browser
 * hydrates with the markup already in the page, read back from the DOM. Weak: entries go with the request's data.
 */
const serverSvgs = new WeakMap<RenderedChart, string[]>();

/** A chart for the loader's data, with its server-rendered SVGs (chart-svg.server.tsx) for this render. */
export function renderedChart(data: ChartData, widths: readonly number[], svgs: string[]): RenderedChart {
  const chart = { data, widths };
  serverSvgs.set(chart, svgs);
  return chart;
}

/** On the server, the registered SVGs; in the browser, at hydration, the markup the server put in the page. */
function staticSvgs(chart: RenderedChart, id: string): string[] {
  const svgs = serverSvgs.get(chart);
  if (svgs !== undefined) return svgs;
  if (typeof document === "undefined") return chart.widths.map(() => "");
  return chart.widths.map((_, i) => document.getElementById(`${id}-${i}`)?.innerHTML ?? "");
}

/**
 * Which drawing shows at which card width (the figure is a size container): each is made for a band of
 * widths, scaled to fill it (its SVG has a viewBox), so a chart always fits its card, on a phone too.
 */
const WIDTH_BANDS: Record<number, string[]> = {
  2: ["@md:hidden", "hidden @md:block"],
  3: ["@md:hidden", "hidden @md:block @4xl:hidden", "hidden @4xl:block"],
};

type Live = ComponentType<{ spec: ChartSpec; interactive: boolean }>;

/**
 * A chart with an accessible name and its numbers as a table. The page arrives with the server's SVGs, so it
 * is complete without JavaScript and hydrates as is, with no chart library. Only when someone points at or
 * focuses the chart is nivo loaded, and the chart drawn again at the card's width with tooltips.
 */
export function ChartFigure({ title, label, chart, table }: { title: string; label: string; chart: RenderedChart; table: ReactNode }) {
  const [Chart, setChart] = useState<Live | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const svgId = useId();
  const [svgs] = useState(() => staticSvgs(chart, svgId));
  const wake = () => {
    if (Chart) return;
    void import("./nivo-charts").then((module) => setChart(() => module.NivoChart));
  };
  useEffect(() => {
    const element = box.current;
    if (!Chart || !element) return;
    // Drawn again at the size the server's drawing had on this card, then following the card's width.
    const ratio = element.clientHeight / Math.max(1, element.clientWidth);
    const measure = () => setSize({ width: element.clientWidth, height: Math.round(element.clientWidth * ratio) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [Chart]);
  return (
    <figure className="@container min-w-0 space-y-2" onPointerEnter={wake} onFocus={wake}>
      <figcaption className="font-medium text-slate-800">{title}</figcaption>
      <div ref={box} role="img" aria-label={label} data-testid="chart">
        {Chart && size ? (
          <Chart spec={{ ...chart.data, ...size }} interactive />
        ) : (
          chart.widths.map((drawnWidth, i) => (
            <div
              key={drawnWidth}
              id={`${svgId}-${i}`}
              className={`${WIDTH_BANDS[chart.widths.length][i]} [&_svg]:h-auto [&_svg]:w-full`}
              dangerouslySetInnerHTML={{ __html: svgs[i] }}
            />
          ))
        )}
      </div>
      {chart.data.kind === "pie" ? <SliceKey slices={chart.data.slices} /> : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2">{table}</div>
      </details>
    </figure>
  );
}

/** What each colour of a donut stands for, as text that wraps on any card, in the slices' own colours. */
function SliceKey({ slices }: { slices: PieSlice[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" data-testid="chart-key">
      {slices.map((slice, i) => (
        <li key={slice.label} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: sliceColor(slice, i) }} />
          {slice.label}
        </li>
      ))}
    </ul>
  );
}

/** A plain table of the chart's numbers: a caption, a header row, then one row per point. */
export function NumbersTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <DataTable
      look="plain"
      caption={caption}
      // A row's first cell names it, but may be markup (a status badge): rows are keyed by place.
      rows={rows.map((cells, place) => ({ cells, place }))}
      rowKey={(row) => row.place}
      columns={head.map((label, i) => ({
        label,
        key: String(i),
        rowHeader: i === 0,
        alignRight: i > 0,
        className: i === 0 ? undefined : "tabular-nums",
        cell: (row: { cells: ReactNode[]; place: number }) => row.cells[i],
      }))}
    />
  );
}
