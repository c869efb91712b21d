import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { emojiImageName } from "~/components/chat/emoji-images";
import type { EmojiData } from "~/components/chat/emoji-types";

interface CompactEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
}

/** emojibase's group keys as a reader would say them; "component" (bare skin tones, hair) is left out. */
const GROUP_NAMES: Record<number, string> = {
  0: "Smileys & emotion",
  1: "People & body",
  3: "Animals & nature",
  4: "Food & drink",
  5: "Travel & places",
  6: "Activities",
  7: "Objects",
  8: "Symbols",
  9: "Flags",
};

const require = createRequire(import.meta.url);

/** The Twemoji SVGs (@twemoji/svg, MIT; the pictures are Twemoji's, CC-BY 4.0). */
const imageFolder = dirname(require.resolve("@twemoji/svg/package.json"));

let built: { body: string; etag: string; offered: Set<string> } | undefined;

/**
 * The emoji picker's data, made once per process from emojibase-data (MIT, installed with the app: no CDN)
 * and cut down to what the picker shows: each emoji, its name and its search words, by group, in
 * emojibase's order. Skin-tone variants are left out (about 120 KB instead of 570 KB), and so are the
 * few emoji newer than the pictures (the picker shows every emoji as its picture).
 */
export function emojiData(): { body: string; etag: string } {
  built ??= buildEmojiData();
  return built;
}

function buildEmojiData() {
  const compact = require("emojibase-data/en/compact.json") as CompactEmoji[];
  const pictures = new Set(
    readdirSync(imageFolder)
      .filter((file) => file.endsWith(".svg"))
      .map((file) => file.slice(0, -".svg".length)),
  );
  const hasImage = (emoji: string) => pictures.has(emojiImageName(emoji));
  const groups = new Map<number, EmojiData["groups"][number]>();
  for (const emoji of [...compact].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
    if (emoji.group === undefined || !(emoji.group in GROUP_NAMES) || !hasImage(emoji.unicode)) continue;
    let group = groups.get(emoji.group);
    if (!group) groups.set(emoji.group, (group = { name: GROUP_NAMES[emoji.group], emojis: [] }));
    group.emojis.push([emoji.unicode, emoji.label, (emoji.tags ?? []).join(" ")]);
  }
  const data: EmojiData = { groups: [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group) };
  const body = JSON.stringify(data);
  const offered = new Set(data.groups.flatMap((group) => group.emojis.map(([emoji]) => emojiImageName(emoji))));
  return { body, etag: etagOf(body), offered };
}

const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`;

const images = new Map<string, { body: string; etag: string }>();

/** The SVG of an emoji the picker offers, by its image name; undefined for any other name. */
export function emojiImage(name: string): { body: string; etag: string } | undefined {
  built ??= buildEmojiData();
  if (!built.offered.has(name)) return undefined;
  let image = images.get(name);
  if (!image) {
    const body = readFileSync(join(imageFolder, `${name}.svg`), "utf8");
    images.set(name, (image = { body, etag: etagOf(body) }));
  }
  return image;
}

/** A day's public answer that the browser revalidates by its ETag: 304 when the browser holds this one. */
export function revalidatedResponse(request: Request, { body, etag }: { body: BodyInit; etag: string }, contentType: string): Response {
  const headers = { "Content-Type": contentType, "Cache-Control": "public, max-age=86400", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
