/**
 * The dashboard's nivo charts, fixed-size (no Responsive* wrapper: the server has no layout to measure).
 * The server renders them once per distinct data to static SVG (chart-svg.server.tsx); the browser loads
 * this module only on the dashboard, after hydration, to make them interactive (chart.tsx).
 */
import { Bar } from "@nivo/bar";
import { Line } from "@nivo/line";
import { Pie } from "@nivo/pie";
import { CHART_COLORS, shortDate, type ChartSpec } from "./chart-spec";

const theme = {
  text: { fontSize: 12, fill: "#334155" },
  axis: { ticks: { text: { fontSize: 11, fill: "#475569" } } },
  grid: { line: { stroke: "#e2e8f0" } },
  tooltip: { container: { fontSize: 13, color: "#0f172a" } },
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
        axisBottom={{ tickValues: evenly(xs, 6), format: shortDate, tickSize: 4 }}
        axisLeft={{ tickValues: 4, tickSize: 4, format: (v) => (spec.money ? String(v) : Number.isInteger(v) ? String(v) : "") }}
        useMesh={interactive}
        curve="monotoneX"
      />
    );
  }
  if (spec.kind === "bar") {
    const max = niceMax(Math.max(0, ...spec.bars.map((b) => b.value)));
    return (
      <Bar
        {...common}
        data={spec.bars.map((b) => ({ label: b.label, value: b.value }))}
        keys={["value"]}
        indexBy="label"
        margin={{ top: 12, right: 16, bottom: 36, left: 48 }}
        valueScale={{ type: "linear", min: 0, max }}
        colors={CHART_COLORS[0]}
        gridYValues={4}
        axisLeft={{ tickValues: 4, tickSize: 4 }}
        axisBottom={{ tickSize: 4 }}
        enableLabel={false}
        padding={0.3}
      />
    );
  }
  return (
    <Pie
      {...common}
      data={spec.slices.map((s, i) => ({ id: s.label, label: s.label, value: s.value, color: CHART_COLORS[i % CHART_COLORS.length] }))}
      colors={{ datum: "data.color" }}
      margin={{ top: 16, right: 96, bottom: 16, left: 96 }}
      innerRadius={0.55}
      enableArcLabels={false}
      arcLinkLabelsTextColor="#334155"
      arcLinkLabelsColor={{ from: "color" }}
    />
  );
}
