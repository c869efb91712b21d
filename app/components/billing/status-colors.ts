import { BILLING_STATUSES, type BillingStatus } from "#schemas/billing-status";

/**
 * The one colour of each payment status, wherever a status is drawn: a slice of the dashboard's payments
 * donut and its key (nivo), the status badge of the payments table and of a billing's details, the
 * dashboard's table of statuses. Okabe-Ito's blue, bluish green and vermillion for the three statuses every
 * form meets, then a violet, a crimson and a grey picked to stay apart from them and from each other for
 * people with protanopia, deuteranopia or tritanopia (status-colors.test.ts simulates each). Every colour is
 * a mid-tone with at least 3:1 against both themes' cards (white and the dark theme's slate), as a slice
 * keeps one colour in both themes; the words always go with it (badge text, the donut's key and table).
 */
export const BILLING_STATUS_COLORS: Record<BillingStatus, string> = {
  Pending: "#0072b2",
  Successful: "#009e73",
  Failed: "#d55e00",
  Refunded: "#a500ff",
  "Partially refunded": "#e1004b",
  Cancelled: "#7a8699",
};

/** The cards' colours in the light and dark themes (theme.css: `--surface`), which badges sit on. */
export const CARD_SURFACES = { light: "#ffffff", dark: "#0f172a" } as const;

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (channels: number[]) => `#${channels.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
/** `share` of `hex` over `base`, as paint would mix them. */
const mix = (hex: string, base: string, share: number) => hexOf(rgb(hex).map((v, i) => v * share + rgb(base)[i] * (1 - share)));

/** A #rrggbb colour's channels as light adds up (sRGB's gamma undone), 0 to 1. */
export const linearRgb = (hex: string) =>
  rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/**
 * A badge's text and background in one theme: a tint of the status's colour on the card, and the colour
 * pulled towards the theme's text (black in light, white in dark) until its words read at AA (4.5:1).
 */
function badgeColors(color: string, theme: keyof typeof CARD_SURFACES) {
  const background = mix(color, CARD_SURFACES[theme], theme === "light" ? 0.14 : 0.28);
  const ink = theme === "light" ? "#000000" : "#ffffff";
  let share = 1;
  let text = color;
  // 4.7: a little above AA, so rounding in the browser cannot take it under.
  while (contrastRatio(text, background) < 4.7 && share > 0) {
    share -= 0.05;
    text = mix(color, ink, share);
  }
  return { text, background };
}

/** Each status's badge in both themes, from its one colour. */
export const BILLING_STATUS_BADGES = Object.fromEntries(
  BILLING_STATUSES.map((status) => {
    const color = BILLING_STATUS_COLORS[status];
    return [status, { light: badgeColors(color, "light"), dark: badgeColors(color, "dark") }];
  }),
) as Record<BillingStatus, Record<keyof typeof CARD_SURFACES, { text: string; background: string }>>;

/** The badge's inline style: `light-dark()` follows the theme the page is shown in (theme.css). */
export function billingStatusStyle(status: BillingStatus) {
  const { light, dark } = BILLING_STATUS_BADGES[status];
  return {
    color: `light-dark(${light.text}, ${dark.text})`,
    backgroundColor: `light-dark(${light.background}, ${dark.background})`,
  };
}
