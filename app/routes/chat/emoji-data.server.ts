import { createHash } from "node:crypto";
import { createRequire } from "node:module";
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

let built: { body: string; etag: string } | undefined;

/**
 * The emoji picker's data, made once per process from emojibase-data (MIT, installed with the app: no CDN)
 * and cut down to what the picker shows: each emoji, its name and its search words, by group, in
 * emojibase's order. Skin-tone variants are left out (about 120 KB instead of 570 KB).
 */
export function emojiData(): { body: string; etag: string } {
  if (built) return built;
  const compact = createRequire(import.meta.url)("emojibase-data/en/compact.json") as CompactEmoji[];
  const groups = new Map<number, EmojiData["groups"][number]>();
  for (const emoji of [...compact].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
    if (emoji.group === undefined || !(emoji.group in GROUP_NAMES)) continue;
    let group = groups.get(emoji.group);
    if (!group) groups.set(emoji.group, (group = { name: GROUP_NAMES[emoji.group], emojis: [] }));
    group.emojis.push([emoji.unicode, emoji.label, (emoji.tags ?? []).join(" ")]);
  }
  const data: EmojiData = { groups: [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group) };
  const body = JSON.stringify(data);
  built = { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"` };
  return built;
}
