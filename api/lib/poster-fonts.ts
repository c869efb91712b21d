import { createRequire } from "node:module";
import { GlobalFonts } from "@napi-rs/canvas";

/*
 * The fonts the app draws its own images with (an event's poster: its link preview and default cover).
 * They come from npm packages (Noto Sans for Latin, Greek and Cyrillic, Noto Sans Arabic, Noto Sans JP for
 * Japanese kana and CJK ideographs), so `npm install` alone brings them and no drawing depends on the
 * machine's fonts. Skia draws with them and HarfBuzz shapes: Arabic letters join and run right to left.
 */

const resolve = createRequire(import.meta.url).resolve;

/** Family names of our own, so a font of the same name installed on the machine is never picked instead. */
const FAMILIES = [
  ["Launchpad Poster Latin", "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"],
  ["Launchpad Poster Arabic", "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf"],
  ["Launchpad Poster CJK", "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf"],
] as const;

let registered = false;

/** Registers the fonts once per process, and answers the CSS font family list that uses them in order. */
export function posterFontFamily(): string {
  if (!registered) {
    // A font that does not load would leave its script to whatever the machine has, or to empty boxes.
    for (const [family, file] of FAMILIES) {
      if (!GlobalFonts.registerFromPath(resolve(file), family)) throw new Error(`The poster font ${file} could not be loaded`);
    }
    registered = true;
  }
  return FAMILIES.map(([family]) => `"${family}"`).join(", ");
}

/** The family of one script's font alone: which font draws a text is checked against it. */
export const posterScriptFamily = (script: "latin" | "arabic" | "cjk") => {
  posterFontFamily();
  return `"${FAMILIES[{ latin: 0, arabic: 1, cjk: 2 }[script]][0]}"`;
};
