import { colourOf, drawable, PngCanvas, wrapWords, type Rgb } from "#api/lib/png-canvas.ts";

/*
 * An event drawn as a poster: its title large, a line or two beneath (host, date), on a colour of its own.
 * The link-preview image of an event without a cover, and the demo events' covers.
 */

export interface PosterText {
  title: string;
  /** Smaller lines under the title: the host, the date. */
  lines: string[];
}

const WHITE: Rgb = [255, 255, 255];
const TITLE_SCALE = 9;
const LINE_SCALE = 4;
const MAX_TITLE_LINES = 3;

/** A 1200×630 poster (the size link previews show) or any other size, as PNG bytes. */
export function eventPosterPng({ title, lines }: PosterText, width = 1200, height = 630): Uint8Array<ArrayBuffer> {
  const background = colourOf(title, 0.34);
  const canvas = new PngCanvas(width, height, background);
  const margin = Math.round(width * 0.06);
  // A band of the same hue, lighter, under the small lines.
  canvas.rect(0, height - Math.round(height * 0.3), width, Math.round(height * 0.3), colourOf(title, 0.46));

  const perLine = Math.floor((width - 2 * margin + TITLE_SCALE) / (6 * TITLE_SCALE));
  let titleLines = wrapWords(drawable(title), perLine);
  if (titleLines.length > MAX_TITLE_LINES) {
    titleLines = titleLines.slice(0, MAX_TITLE_LINES);
    titleLines[MAX_TITLE_LINES - 1] = `${titleLines[MAX_TITLE_LINES - 1].slice(0, perLine - 3)}...`;
  }
  const lineHeight = 10 * TITLE_SCALE;
  titleLines.forEach((line, index) => canvas.text(line, margin, margin + index * lineHeight, TITLE_SCALE, WHITE));

  const room = width - 2 * margin;
  lines.slice(0, 2).forEach((line, index) => {
    const text = drawable(line);
    // A line too long for the usual size is drawn smaller, then cut if it still does not fit.
    const scale = PngCanvas.textWidth(text, LINE_SCALE) <= room ? LINE_SCALE : LINE_SCALE - 1;
    const y = height - Math.round(height * 0.3) + margin / 2 + index * 12 * LINE_SCALE;
    canvas.text(text.slice(0, Math.floor((room + scale) / (6 * scale))), margin, y, scale, WHITE);
  });
  const mark = "LAUNCHPAD";
  canvas.text(mark, width - margin - PngCanvas.textWidth(mark, 3), height - margin / 2 - 7 * 3, 3, WHITE);
  return canvas.png();
}
