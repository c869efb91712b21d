import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BILLING_STATUSES } from "#schemas/billing";
import type { BillingsSummary } from "#schemas/dashboard";
import { BillingsCard } from "~/components/dashboard/owner-cards";
import { billingStatusChart } from "~/routes/dashboard/data.server";
import { BillingStatusBadge } from "./status-badge";
import { BILLING_STATUS_BADGES, BILLING_STATUS_COLORS, CARD_SURFACES, contrastRatio, linearRgb } from "./status-colors";

/** Machado, Oliveira and Fernandes (2009) at full severity, on linear RGB: how each colour looks to people without one cone type. */
const VISIONS = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** CIELAB (D65) of a linear RGB colour. */
function lab([r, g, b]: number[]) {
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

const seen = (hex: string, vision: number[][]) =>
  lab(
    vision.map((row) =>
      Math.min(
        1,
        Math.max(
          0,
          row.reduce((sum, weight, i) => sum + weight * linearRgb(hex)[i], 0),
        ),
      ),
    ),
  );

describe("the colour of each payment status", () => {
  it("is one colour per status, told apart from every other with each kind of colour vision", () => {
    expect(Object.keys(BILLING_STATUS_COLORS).sort()).toEqual([...BILLING_STATUSES].sort());
    expect(new Set(Object.values(BILLING_STATUS_COLORS)).size).toBe(BILLING_STATUSES.length);
    for (const [vision, matrix] of Object.entries(VISIONS)) {
      for (const a of BILLING_STATUSES) {
        for (const b of BILLING_STATUSES) {
          if (a >= b) continue;
          const [x, y] = [seen(BILLING_STATUS_COLORS[a], matrix), seen(BILLING_STATUS_COLORS[b], matrix)];
          // ΔE*ab: 2.3 is a just-noticeable difference; 15 is plainly another colour.
          expect(Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]), `${a} / ${b}, ${vision}`).toBeGreaterThan(15);
        }
      }
    }
  });

  it("stands out from the cards of both themes, and its badge's words read at AA in both", () => {
    for (const status of BILLING_STATUSES) {
      for (const theme of ["light", "dark"] as const) {
        expect(contrastRatio(BILLING_STATUS_COLORS[status], CARD_SURFACES[theme]), `${status} on ${theme}`).toBeGreaterThanOrEqual(3);
        const { text, background } = BILLING_STATUS_BADGES[status][theme];
        expect(contrastRatio(text, background), `${status} badge, ${theme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("is the colour of its badge, its slice of the dashboard's donut, the donut's key and the dashboard's table", () => {
    for (const status of BILLING_STATUSES) {
      const { light, dark } = BILLING_STATUS_BADGES[status];
      const badge = renderToStaticMarkup(<BillingStatusBadge status={status} />);
      expect(badge).toContain(`color:light-dark(${light.text}, ${dark.text})`);
      expect(badge).toContain(`background-color:light-dark(${light.background}, ${dark.background})`);
    }
    const summary: BillingsSummary = {
      period: 30,
      from: "2026-10-30",
      to: "2026-11-28",
      time_zone: "UTC",
      total: 21,
      statuses: BILLING_STATUSES.map((status, i) => ({ status, count: i + 1 })),
      revenue: [],
    };
    const chart = billingStatusChart(summary);
    const html = renderToStaticMarkup(<BillingsCard card={{ ok: true, data: { ...summary, chart, revenueCharts: [] } }} />);
    const drawing = html.slice(0, html.indexOf('data-testid="chart-key"'));
    const key = html.slice(html.indexOf('data-testid="chart-key"'), html.indexOf("</ul>", html.indexOf('data-testid="chart-key"')));
    for (const status of BILLING_STATUSES) {
      const color = BILLING_STATUS_COLORS[status];
      const rgba = `rgba(${[1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)).join(", ")}, 1)`;
      expect(drawing, `${status}'s slice`).toMatch(new RegExp(`fill="${rgba.replace(/[()]/g, "\\$&")}"[^>]*data-testid="arc.${status}"`));
      expect(key, `${status} in the key`).toMatch(new RegExp(`background-color:${color}"[^<]*</span>${status}<`, "i"));
      expect(html, `${status} in the table`).toContain(`data-status="${status}"`);
    }
  });
});
