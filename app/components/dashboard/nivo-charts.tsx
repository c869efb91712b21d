/**
 * The dashboard's nivo charts at a given size (no Responsive* wrapper: the server has no layout to measure).
 * The server renders them once per distinct data and width to static SVG (chart-svg.server.tsx); the browser
 * loads this module only when someone points at or focuses a chart, to make it interactive (chart.tsx).
 */
import { Bar } from "@nivo/bar";
import { Line } from "@nivo/line";
import { Pie } from "@nivo/pie";
import { CHART_COLORS, shortDate, sliceColor, type ChartSpec } from "./chart-spec";

/**
 * The panel's slate scale, which the dark theme turns over (theme.css): nivo writes these into style
 * attributes, where CSS variables apply, so one server-drawn SVG is right in both themes.
 */
const TEXT = "var(--color-slate-700)";
const theme = {
  text: { fontSize: 13, fill: TEXT },
  axis: {
    domain: { line: { stroke: "var(--color-slate-300)" } },
    ticks: { line: { stroke: "var(--color-slate-400)" }, text: { fontSize: 13, fill: "var(--color-slate-600)" } },
  },
  grid: { line: { stroke: "var(--color-slate-200)" } },
  labels: { text: { fill: TEXT } },
  tooltip: { container: { fontSize: 13, color: "var(--color-slate-900)", background: "var(--surface)" } },
};

/** Few ticks: readable, and every tick costs the server a spring to render. */
function evenly<T>(values: T[], count: number): T[] {
  if (values.length <= count) return values;
  const step = (values.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => values[Math.round(i * step)]);
}

function niceMax(max: number) {
  return Math.max(4, Math.ceil(max / 4) * 4);
}

export function NivoChart({ spec, interactive }: { spec: ChartSpec; interactive: boolean }) {
  const common = {
    width: spec.width,
    height: spec.height,
    animate: false,
    theme,
    role: "presentation",
    isInteractive: interactive,
  } as const;
  if (spec.kind === "line") {
    const xs = spec.series[0]?.points.map((p) => p.x) ?? [];
    const max = niceMax(Math.max(0, ...spec.series.flatMap((s) => s.points.map((p) => p.y))));
    return (
      <Line
        {...common}
        data={spec.series.map((s) => ({ id: s.id, data: s.points }))}
        margin={{ top: 12, right: 24, bottom: 36, left: 48 }}
        xScale={{ type: "point" }}
        yScale={{ type: "linear", min: 0, max }}
        colors={CHART_COLORS}
        enablePoints={xs.length <= 31}
        pointSize={5}
        enableGridX={false}
        gridYValues={4}
        axisBottom={{ tickValues: evenly(xs, Math.max(3, Math.floor(spec.width / 110))), format: shortDate, tickSize: 4 }}
        axisLeft={{ tickValues: 4, tickSize: 4, format: (v) => (spec.money ? String(v) : Number.isInteger(v) ? String(v) : "") }}
        useMesh={interactive}
        // Straight segments: a count or a sum is known at each point only, and a smoothed curve between them
        // would draw values (dips below a week's revenue, bumps above it) that never were.
        curve="linear"
      />
    );
  }
  if (spec.kind === "bar") {
    const max = niceMax(Math.max(0, ...spec.bars.map((b) => b.value)));
    // Stage names side by side overlap when the bars are narrow ("Shortlisted", "Waitlisted"): slanted there.
    const slanted = (spec.width - 64) / Math.max(1, spec.bars.length) < 84;
    return (
      <Bar
        {...common}
        data={spec.bars.map((b) => ({ label: b.label, value: b.value }))}
        keys={["value"]}
        indexBy="label"
        margin={{ top: 12, right: 16, bottom: slanted ? 64 : 36, left: 48 }}
        valueScale={{ type: "linear", min: 0, max }}
        colors={CHART_COLORS[0]}
        gridYValues={4}
        axisLeft={{ tickValues: 4, tickSize: 4 }}
        axisBottom={{ tickSize: 4, tickRotation: slanted ? -35 : 0 }}
        enableLabel={false}
        padding={0.3}
      />
    );
  }
  return (
    <Pie
      {...common}
      data={spec.slices.map((s, i) => ({ id: s.label, label: s.label, value: s.value, color: sliceColor(s, i) }))}
      colors={{ datum: "data.color" }}
      // The slices' names are the figure's key, in the page beside the drawing (chart.tsx): a label drawn
      // beside a slice ("Partially refunded") does not fit a phone's card, and would be cut at its edge.
      margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
      innerRadius={0.55}
      enableArcLabels={false}
      enableArcLinkLabels={false}
    />
  );
}
