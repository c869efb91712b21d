import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure, renderedChart } from "./chart";
import { chartSvgs } from "./chart-svg.server";
import { FULL_CARD_WIDTHS, HALF_CARD_WIDTHS, type ChartData } from "./chart-spec";

describe("a donut chart", () => {
  it("names its slices in a key that wraps with the card, and draws no label that a narrow card would cut", () => {
    const data: ChartData = {
      kind: "pie",
      slices: [
        { label: "Successful", value: 3 },
        { label: "Partially refunded", value: 1 },
      ],
    };
    const chart = renderedChart(data, HALF_CARD_WIDTHS, chartSvgs(data, HALF_CARD_WIDTHS));
    const html = renderToStaticMarkup(<ChartFigure title="Payments" label="Payments by status" chart={chart} table={null} />);
    const key = html.match(/<ul[^>]*data-testid="chart-key"[^>]*>(.*?)<\/ul>/)![1];
    expect(
      key
        .replace(/<[^>]+>/g, "|")
        .split("|")
        .filter(Boolean),
    ).toEqual(["Successful", "Partially refunded"]);
    const drawings = html.slice(0, html.indexOf('data-testid="chart-key"'));
    expect(drawings).toContain("<svg");
    expect(drawings).not.toContain("<text");
  });
});

describe("a line chart", () => {
  it("joins its points with straight segments, inventing no values between them", () => {
    const weeks = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"];
    const data: ChartData = {
      kind: "line",
      money: true,
      series: [{ id: "NGN", points: weeks.map((x, i) => ({ x, y: [0, 90, 0, 40][i] })) }],
    };
    for (const svg of chartSvgs(data, FULL_CARD_WIDTHS)) {
      const lines = [...svg.matchAll(/<path d="([^"]+)" fill="none"/g)].map((match) => match[1]);
      expect(lines).toHaveLength(1);
      // Moves and straight lines only: no curve command (C, S, Q, T, A) between the weekly points.
      expect(lines[0]).toMatch(/^M[\d.,-]+(L[\d.,-]+){3}$/);
    }
  });
});
