import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure, renderedChart } from "./chart";
import { chartSvgs } from "./chart-svg.server";
import { HALF_CARD_WIDTHS, type ChartData } from "./chart-spec";

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
