import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { countryRoutes } from "#schemas/contract/countries.ts";
import { pathTo } from "#schemas/contract/route.ts";

/** flag-icons' 4:3 SVG flags (MIT), one file per lower-case ISO code. */
const FLAG_DIR = join(dirname(createRequire(import.meta.url).resolve("flag-icons/package.json")), "flags", "4x3");

export interface FlagFile {
  svg: string;
  etag: string;
}

const cache = new Map<string, FlagFile | null>();

/** The flag of a two-letter code (read once, then kept), or null when flag-icons has none. */
export function flagFile(code: string): FlagFile | null {
  const cc = code.toLowerCase();
  if (!/^[a-z]{2}$/.test(cc)) return null;
  let flag = cache.get(cc);
  if (flag === undefined) {
    try {
      const svg = readFileSync(join(FLAG_DIR, `${cc}.svg`), "utf8");
      flag = { svg, etag: `"${createHash("sha1").update(svg).digest("base64url").slice(0, 20)}"` };
    } catch {
      flag = null;
    }
    cache.set(cc, flag);
  }
  return flag;
}

/** Whether flag-icons draws this code (without reading the file: the country list asks for all of them). */
export const hasFlag = (code: string) => /^[a-z]{2}$/i.test(code) && existsSync(join(FLAG_DIR, `${code.toLowerCase()}.svg`));

/** Where the app serves a country's flag (same origin, so it shows wherever the panel does). */
export const flagUrl = (code: string) => pathTo(countryRoutes.countryFlag, { file: `${code.toLowerCase()}.svg` });
