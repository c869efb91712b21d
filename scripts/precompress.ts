/**
 * Writes a .br and a .gz next to every compressible file of the built client, at the strongest settings:
 * too slow to run per request (brotli 11 is ~100x slower than the quality 4 used on the fly), free at
 * build time, and the smallest files for the browser. server/static-files.ts serves them.
 *
 * vite.config.ts runs this at the end of `react-router build`; by hand:
 *   node --import tsx scripts/precompress.ts [directory, default build/client]
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * Text formats. Not source maps (only developer tools fetch them), nor images and fonts other than SVG
 * and ICO: PNG, WOFF2 and the like are compressed already.
 */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest|ico|wasm)$/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface PrecompressedFile {
  /** Relative to the directory, with "/" separators. */
  file: string;
  size: number;
  /** Size of the sibling, absent when compressing did not make the file smaller (none is written then). */
  br?: number;
  gzip?: number;
}

/** Writes the sibling when it saves bytes; otherwise removes a stale one, so the server never picks a larger body. */
async function keep(path: string, bytes: Buffer, originalSize: number): Promise<number | undefined> {
  if (bytes.byteLength >= originalSize) {
    await rm(path, { force: true });
    return undefined;
  }
  await writeFile(path, bytes);
  return bytes.byteLength;
}

/** Compresses every file of `dir` (recursively) that PRECOMPRESSIBLE names. Running it again rewrites the siblings. */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && PRECOMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  // zlib's async calls run on libuv's thread pool, so all files at once keep every core busy.
  const results = await Promise.all(
    files.map(async (path): Promise<PrecompressedFile> => {
      const source = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
            [constants.BROTLI_PARAM_MODE]: /\.(?:ico|wasm)$/i.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file: relative(dir, path).split(/[\\/]/).join("/"),
        size: source.byteLength,
        br: await keep(`${path}.br`, br, source.byteLength),
        gzip: await keep(`${path}.gz`, gz, source.byteLength),
      };
    }),
  );
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** One line for the build log: totals, and the largest file (the one that decides first-load time). */
export function summarize(results: PrecompressedFile[]): string {
  const total = (pick: (file: PrecompressedFile) => number) => kB(results.reduce((sum, file) => sum + pick(file), 0));
  const largest = results.reduce<PrecompressedFile | undefined>((max, file) => (!max || file.size > max.size ? file : max), undefined);
  const line = `precompressed ${results.length} files: ${total((f) => f.size)} raw, ${total((f) => f.gzip ?? f.size)} gzip, ${total((f) => f.br ?? f.size)} br`;
  if (!largest) return line;
  return `${line}; largest ${largest.file}: ${kB(largest.size)} raw, ${kB(largest.gzip ?? largest.size)} gzip, ${kB(largest.br ?? largest.size)} br`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? fileURLToPath(new URL("../build/client", import.meta.url));
  console.log(summarize(await precompressDirectory(dir)));
}
