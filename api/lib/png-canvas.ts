import { deflateSync } from "node:zlib";

/*
 * A small raster canvas that writes PNG, for the demo data's logos, drawn with no image library and no
 * network (an event's poster, which draws any script, uses a real font engine: event-pages/poster.ts). The files table takes
 * PNG, JPEG, GIF or WebP only (sniffed from their bytes), and link previews want a raster image, so these
 * are real PNGs rather than SVGs. Text is a 5×7 bitmap font of capitals, digits and common punctuation.
 */

/** Seven rows of five pixels per character, "#" for ink. */
const GLYPHS: Record<string, string> = {
  A: ".###.#...##...#######...##...##...#",
  B: "####.#...##...#####.#...##...#####.",
  C: ".###.#...##....#....#....#...#.###.",
  D: "####.#...##...##...##...##...#####.",
  E: "######....#....####.#....#....#####",
  F: "######....#....####.#....#....#....",
  G: ".###.#...##....#.####...##...#.####",
  H: "#...##...##...#######...##...##...#",
  I: ".###...#....#....#....#....#...###.",
  J: "..###...#....#....#....#.#..#..##..",
  K: "#...##..#.#.#..##...#.#..#..#.#...#",
  L: "#....#....#....#....#....#....#####",
  M: "#...###.###.#.##...##...##...##...#",
  N: "#...###..##.#.##..###...##...##...#",
  O: ".###.#...##...##...##...##...#.###.",
  P: "####.#...##...#####.#....#....#....",
  Q: ".###.#...##...##...##.#.##..#..##.#",
  R: "####.#...##...#####.#.#..#..#.#...#",
  S: ".#####....#.....###.....#....#####.",
  T: "#####..#....#....#....#....#....#..",
  U: "#...##...##...##...##...##...#.###.",
  V: "#...##...##...##...##...#.#.#...#..",
  W: "#...##...##...##.#.##.#.##.#.#.#.#.",
  X: "#...##...#.#.#...#...#.#.#...##...#",
  Y: "#...##...#.#.#...#....#....#....#..",
  Z: "#####....#...#...#...#...#....#####",
  "0": ".###.#...##..###.#.###..##...#.###.",
  "1": "..#...##....#....#....#....#...###.",
  "2": ".###.#...#....#...#...#...#...#####",
  "3": "####.....#....#.###.....#....#####.",
  "4": "...#...##..#.#.#..#.#####...#....#.",
  "5": "######....####.....#....##...#.###.",
  "6": "..##..#...#....####.#...##...#.###.",
  "7": "#####....#...#...#...#....#....#...",
  "8": ".###.#...##...#.###.#...##...#.###.",
  "9": ".###.#...##...#.####....#...#..##..",
  " ": "...................................",
  "-": "................###................",
  ":": "......##...##........##...##.......",
  ",": "......................##...##...#..",
  ".": "..........................##...##..",
  "&": ".##..#..#.#.#...#...#.#.##..#..##.#",
  "/": "....#...#....#...#...#....#...#....",
  "!": "..#....#....#....#....#.........#..",
  "?": ".###.#...#....#...#...#.........#..",
  "'": "..#....#...#.......................",
  "(": "...#...#...#....#....#.....#.....#.",
  ")": ".#.....#.....#....#....#...#...#...",
  "+": ".......#....#..#####..#....#.......",
  "#": ".#.#..#.#.#####.#.#.#####.#.#..#.#.",
};

export type Rgb = readonly [number, number, number];

/** Text as the font can draw it: capitals, accents dropped, anything else a space. */
export function drawable(text: string): string {
  const plain = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .toUpperCase();
  return [...plain].map((ch) => (GLYPHS[ch] ? ch : " ")).join("");
}

/** Whether the font has a glyph for the character. */
export const hasGlyph = (ch: string) => ch in GLYPHS;

/** A saturated colour, dark enough for white text, the same for the same seed every time. */
export function colourOf(seed: string, lightness = 0.38): Rgb {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const s = 0.55;
  const k = (n: number) => (n + hue / 30) % 12;
  const f = (n: number) => lightness - s * Math.min(lightness, 1 - lightness) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as unknown as Rgb;
}

export class PngCanvas {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  /** A filled rectangle, clipped to the canvas. */
  rect(x: number, y: number, w: number, h: number, colour: Rgb): void {
    const x0 = Math.max(0, Math.floor(x));
    const x1 = Math.min(this.width, Math.floor(x + w));
    for (let row = Math.max(0, Math.floor(y)); row < Math.min(this.height, Math.floor(y + h)); row++) {
      for (let col = x0; col < x1; col++) this.pixels.set(colour, (row * this.width + col) * 3);
    }
  }

  /** How wide `text` is at `scale` (a glyph is 5 pixels and a gap 1, times the scale). */
  static textWidth(text: string, scale: number): number {
    return text.length ? (text.length * 6 - 1) * scale : 0;
  }

  /** `text` (see `drawable`) with its top-left corner at x, y. */
  text(text: string, x: number, y: number, scale: number, colour: Rgb): void {
    [...drawable(text)].forEach((ch, index) => {
      const glyph = GLYPHS[ch];
      for (let gy = 0; gy < 7; gy++)
        for (let gx = 0; gx < 5; gx++) {
          if (glyph[gy * 5 + gx] === "#") this.rect(x + (index * 6 + gx) * scale, y + gy * scale, scale, scale, colour);
        }
    });
  }

  /** The canvas as PNG bytes (8-bit RGB). */
  png(): Uint8Array<ArrayBuffer> {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * stride] = 0; // filter: none
      raw.set(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * stride + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter set, no interlace
    const bytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", new Uint8Array()),
    ]);
    return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
