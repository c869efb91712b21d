import { createCanvas } from "@napi-rs/canvas";
import { EVENT_POSTER } from "#schemas/event-pages.ts";
import { colourOf, type Rgb } from "#api/lib/png-canvas.ts";
import { posterFontFamily } from "#api/lib/poster-fonts.ts";

/*
 * An event drawn as a poster: its title large, a line or two beneath (host, date), on a colour of its own.
 * The one look of an event without a cover: its link-preview image and the cover its page shows, and the
 * demo events' covers. Text is drawn as written (any script, case and punctuation) by a real font engine
 * with bundled fonts (api/lib/poster-fonts.ts).
 */

export interface PosterText {
  title: string;
  /** Smaller lines under the title: the host, the date. */
  lines: string[];
}

const MAX_TITLE_LINES = 3;
const ELLIPSIS = "…";

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const STRONG_LETTER = /\p{L}/u;

/** Whether a line reads right to left: its first letter is of a right-to-left script (the Unicode paragraph rule). */
export function readsRightToLeft(text: string): boolean {
  const first = STRONG_LETTER.exec(text);
  return first !== null && RTL_LETTER.test(first[0]);
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...GRAPHEMES.segment(text)].map((s) => s.segment);

/**
 * The longest start of `text` (whole characters) that fits, with `suffix`. A longer start is never narrower,
 * so the cut is found by halving: a handful of measurements for a title of any length, on every preview drawn.
 */
function fitting(text: string, room: number, measure: (text: string) => number, suffix = ""): string {
  const pieces = graphemes(text);
  const start = (end: number) => pieces.slice(0, end).join("") + suffix;
  let fits = 0;
  let tooWide = pieces.length + 1;
  while (tooWide - fits > 1) {
    const middle = (fits + tooWide) >> 1;
    if (measure(start(middle)) <= room) fits = middle;
    else tooWide = middle;
  }
  return start(fits);
}

/**
 * The title in lines that fit `room` as `measure` measures them: words kept whole when they fit, a word
 * wider than a line (or a title in a script without spaces) broken between characters, and the last line
 * ended with "…" when there are more than `maxLines`. Nothing is changed or dropped otherwise.
 */
export function titleLines(title: string, room: number, measure: (text: string) => number, maxLines = MAX_TITLE_LINES): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest) {
      const joined = line ? `${line} ${rest}` : rest;
      if (measure(joined) <= room) {
        line = joined;
        rest = "";
      } else if (line) {
        lines.push(line);
        line = "";
      } else {
        // A word wider than a whole line: as much as fits, the rest on the next.
        line = fitting(rest, room, measure) || graphemes(rest)[0];
        rest = rest.slice(line.length);
        if (rest) {
          lines.push(line);
          line = "";
        }
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitting(kept[maxLines - 1], room, measure, ELLIPSIS);
  return kept;
}

/** Flat colours and large type: at 80 the letters' edges stay clean, at about 14 KB for a 1200×600 cover. */
const WEBP_QUALITY = 80;

const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The formats a poster is written in: PNG for link previews (every reader takes it), WebP for stored covers. */
export type PosterFormat = "image/png" | "image/webp";

/**
 * A 1200×630 poster (the size link previews show) or any other size, as PNG bytes, or as WebP: a stored cover
 * is the first image a phone loads on the events list, and the same drawing is a third of the bytes in WebP.
 */
export function eventPosterPng(
  { title, lines }: PosterText,
  width: number = EVENT_POSTER.width,
  height: number = EVENT_POSTER.height,
  format: PosterFormat = "image/png",
): Uint8Array<ArrayBuffer> {
  const family = posterFontFamily();
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  const margin = Math.round(width * 0.06);
  const room = width - 2 * margin;
  const band = Math.round(height * 0.3);
  context.fillStyle = css(colourOf(title, 0.34));
  context.fillRect(0, 0, width, height);
  // A band of the same hue, lighter, under the small lines.
  context.fillStyle = css(colourOf(title, 0.46));
  context.fillRect(0, height - band, width, band);
  context.fillStyle = "#fff";
  context.textBaseline = "top";

  /** One line, from the left margin, or from the right one when it reads right to left. */
  const write = (text: string, y: number) => {
    const rtl = readsRightToLeft(text);
    context.direction = rtl ? "rtl" : "ltr";
    context.textAlign = rtl ? "right" : "left";
    context.fillText(text, rtl ? width - margin : margin, y);
  };

  const titleSize = Math.round(height * 0.12);
  context.font = `bold ${titleSize}px ${family}`;
  titleLines(title, room, (text) => context.measureText(text).width).forEach((line, index) =>
    write(line, margin + index * Math.round(titleSize * 1.3)),
  );

  const lineSize = Math.round(height * 0.055);
  lines.slice(0, 2).forEach((line, index) => {
    context.font = `bold ${lineSize}px ${family}`;
    const text = context.measureText(line).width <= room ? line : fitting(line, room, (t) => context.measureText(t).width, ELLIPSIS);
    write(text, height - band + margin / 2 + index * Math.round(lineSize * 1.5));
  });

  context.font = `bold ${Math.round(height * 0.035)}px ${family}`;
  context.direction = "ltr";
  context.textAlign = "right";
  context.textBaseline = "bottom";
  context.fillText("Launchpad", width - margin, height - margin / 2);
  const bytes = format === "image/webp" ? canvas.toBuffer("image/webp", WEBP_QUALITY) : canvas.toBuffer("image/png");
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
