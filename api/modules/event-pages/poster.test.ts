import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { colourOf } from "#api/lib/png-canvas.ts";
import { posterFontFamily, posterScriptFamily } from "#api/lib/poster-fonts.ts";
import { eventPosterPng, readsRightToLeft, titleLines } from "./poster.ts";

const MIXED = "東京ロボット夜会 — مرحبا بالروبوتات";
const ACCENTED = "Café Ünïcode";
const PUNCTUATED = `Robots; "quoted" & 'single' — q&a?`;

/** The RGBA pixels of a PNG. */
async function pixelsOf(png: Uint8Array) {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height).data;
}

/** How many pixels of rows [top, bottom) of a 1200-wide image are not `colour`. */
function inkedPixels(pixels: Uint8ClampedArray, colour: readonly number[], top: number, bottom: number) {
  let count = 0;
  for (let i = top * 1200 * 4; i < bottom * 1200 * 4; i += 4) {
    if (pixels[i] !== colour[0] || pixels[i + 1] !== colour[1] || pixels[i + 2] !== colour[2]) count++;
  }
  return count;
}

/** A measuring context for the poster's title size. */
function measuring(family = posterFontFamily()) {
  const context = createCanvas(10, 10).getContext("2d");
  context.font = `bold 64px ${family}`;
  return (text: string) => context.measureText(text).width;
}

describe("the event poster's text", () => {
  it.each([MIXED, ACCENTED, PUNCTUATED])("draws %s in the title's place, where an empty title leaves the background", async (title) => {
    // The title's area: below the top margin, above the band of small lines (30% of the height).
    const [top, bottom] = [72, 441];
    const drawn = await pixelsOf(eventPosterPng({ title, lines: [] }));
    // Dozens of glyphs at 76 px: thousands of pixels, where a title drawn as "-" would be a few hundred.
    expect(inkedPixels(drawn, colourOf(title, 0.34), top, bottom)).toBeGreaterThan(5_000);
    const blank = await pixelsOf(eventPosterPng({ title: "", lines: [] }));
    expect(inkedPixels(blank, colourOf("", 0.34), top, bottom)).toBe(0);
  });

  it("keeps the title as written: case, accents, punctuation and quotes are passed to the drawing intact", () => {
    const measure = measuring();
    for (const title of [MIXED, ACCENTED, PUNCTUATED]) expect(titleLines(title, 2_000, measure).join(" ")).toBe(title);
    // Wrapped at spaces only; a title in a script without spaces is broken between characters, nothing lost.
    const long = "東京ロボット夜会".repeat(3);
    const wrapped = titleLines(long, 700, measure);
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.join("")).toBe(long);
    for (const line of wrapped) expect(measure(line)).toBeLessThanOrEqual(700);
    // Past three lines, the third ends with an ellipsis.
    const cut = titleLines(`${PUNCTUATED} `.repeat(20), 600, measure);
    expect(cut).toHaveLength(3);
    expect(cut[2].endsWith("…")).toBe(true);
  });

  it("draws Arabic and CJK with their own fonts' glyphs, Arabic letters joined", () => {
    const stack = measuring();
    const arabic = "مرحبا بالروبوتات";
    const japanese = "東京ロボット夜会";
    expect(stack(arabic)).toBe(measuring(posterScriptFamily("arabic"))(arabic));
    expect(stack(japanese)).toBe(measuring(posterScriptFamily("cjk"))(japanese));
    // Missing glyphs (tofu boxes) are all one width: these are not.
    expect(stack(arabic)).not.toBe(stack("\uE000".repeat(arabic.length)));
    // Shaped: the joined letters take far less room than the same letters drawn each alone.
    const alone = [...arabic].reduce((sum, letter) => sum + stack(letter), 0);
    expect(stack(arabic)).toBeLessThan(alone * 0.85);
  });

  it("lays Arabic out right to left: its first letter is drawn rightmost", () => {
    const family = posterFontFamily();
    const [width, height] = [600, 120];
    const context = createCanvas(width, height).getContext("2d");
    const ink = (text: string) => {
      context.clearRect(0, 0, width, height);
      context.font = `bold 64px ${family}`;
      context.textBaseline = "top";
      context.fillText(text, 10, 10);
      return context.getImageData(0, 0, width, height).data;
    };
    /** Whether dropping the text's first letter leaves the left part of the drawing as it was. */
    const firstLetterOnTheRight = (text: string) => {
      const [whole, rest] = [ink(text), ink(text.slice(1))];
      let changed = 0;
      const right = Math.floor(10 + context.measureText(text.slice(1)).width);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < right; x++) if (whole[(y * width + x) * 4 + 3] !== rest[(y * width + x) * 4 + 3]) changed++;
      return changed === 0;
    };
    // Letters that never join the next one, so each is drawn the same alone or in the word.
    expect(firstLetterOnTheRight("داروز")).toBe(true);
    expect(firstLetterOnTheRight("dabc")).toBe(false);
    expect(readsRightToLeft("مرحبا Robots")).toBe(true);
    expect(readsRightToLeft(MIXED)).toBe(false);
  });
});

describe("a stored cover", () => {
  it("is the same drawing in WebP, in less than half the PNG's bytes", async () => {
    const text = { title: "Lagos Robotics Demo Day", lines: ["Technology", "Hosted by Acme"] };
    const png = eventPosterPng(text, 1200, 600);
    const webp = eventPosterPng(text, 1200, 600, "image/webp");
    expect(Buffer.from(webp.subarray(0, 4)).toString("latin1")).toBe("RIFF");
    expect(Buffer.from(webp.subarray(8, 12)).toString("latin1")).toBe("WEBP");
    expect(webp.byteLength * 2).toBeLessThan(png.byteLength);
    const image = await loadImage(Buffer.from(webp));
    expect([image.width, image.height]).toEqual([1200, 600]);
  });
});
