/** scripts/precompress.ts on a throw-away directory: which files get siblings, and that they decompress to the original. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory, summarize } from "../scripts/precompress.ts";

let dir: string;
const text = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join("\n");
const files: Record<string, string | Buffer> = {
  "assets/entry.client-AbC123.js": text("export const value ="),
  "assets/root-XyZ789.css": text(".rule { color: red }"),
  "assets/entry.client-AbC123.js.map": text('{"mappings":""}'),
  "assets/logo-Qw3rTy.png": Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
  "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<rect/>".repeat(100)}</svg>`,
  "manifest.json": JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ i })) }),
  "robots.txt": "User-agent: *\n",
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "launchpad-precompress-"));
  mkdirSync(join(dir, "assets"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDirectory", () => {
  it("writes .br and .gz siblings that decompress to the original, for every compressible file", async () => {
    const results = await precompressDirectory(dir);
    for (const name of ["assets/entry.client-AbC123.js", "assets/root-XyZ789.css", "favicon.svg", "manifest.json"]) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.byteLength).toBeLessThan(original.byteLength);
      expect(results.find((r) => r.file === name)).toEqual({
        file: name,
        size: original.byteLength,
        br: br.byteLength,
        gzip: gz.byteLength,
      });
    }
  });

  it("leaves out source maps and already-compressed formats", () => {
    expect(existsSync(join(dir, "assets/entry.client-AbC123.js.map.br"))).toBe(false);
    expect(existsSync(join(dir, "assets/logo-Qw3rTy.png.gz"))).toBe(false);
  });

  it("writes no sibling that would be larger than the file (tiny files)", async () => {
    const results = await precompressDirectory(dir);
    expect(results.find((r) => r.file === "robots.txt")).toEqual({ file: "robots.txt", size: 14, br: undefined, gzip: undefined });
    expect(existsSync(join(dir, "robots.txt.gz"))).toBe(false);
  });

  it("can run again: siblings are not compressed themselves, and stay correct", async () => {
    await precompressDirectory(dir);
    expect(existsSync(join(dir, "favicon.svg.br.br"))).toBe(false);
    expect(existsSync(join(dir, "favicon.svg.gz.gz"))).toBe(false);
    const name = "assets/entry.client-AbC123.js";
    expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(files[name]);
  });

  it("summarizes for the build log", async () => {
    const line = summarize(await precompressDirectory(dir));
    expect(line).toMatch(/^precompressed 5 files: .* raw, .* gzip, .* br; largest /);
  });
});
