import { colourOf, hasGlyph, PngCanvas } from "#api/lib/png-canvas.ts";

/*
 * Logos for the demo directory and covers for the demo events, drawn by the seed itself (no network, no
 * image library; api/lib/png-canvas.ts): a colour derived from the name, with white capitals.
 */

const LOGO_SIZE = 96;
const LOGO_SCALE = 6;

/** Up to two initials: the first letters of the first two words (or the first two of one word). */
export function initials(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? "?").slice(0, 2);
  return [...letters].filter(hasGlyph).join("") || "?";
}

const WHITE = [255, 255, 255] as const;

/** The logo of `name` as PNG bytes (96×96, RGB). */
export function logoPng(name: string): Uint8Array {
  const canvas = new PngCanvas(LOGO_SIZE, LOGO_SIZE, colourOf(name));
  const text = initials(name);
  const left = Math.floor((LOGO_SIZE - PngCanvas.textWidth(text, LOGO_SCALE)) / 2);
  canvas.text(text, left, Math.floor((LOGO_SIZE - 7 * LOGO_SCALE) / 2), LOGO_SCALE, WHITE);
  return canvas.png();
}
