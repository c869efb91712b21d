import type { EmojiData } from "./emoji-types";

type Emoji = EmojiData["groups"][number]["emojis"][number];

/**
 * The picker's search: every word typed must start a word of the emoji's name or search words ("sun face"
 * finds 🌞), and names that are the phrase, or start with it, come first. `words` are lower case.
 */
export function searchEmoji(groups: EmojiData["groups"], words: string[], max: number): Emoji[] {
  const phrase = words.join(" ");
  const rank = (label: string) => (label === phrase ? 0 : label.startsWith(phrase) ? 1 : 2);
  return groups
    .flatMap((group) => group.emojis)
    .filter(([, label, tags]) => {
      const known = `${label} ${tags}`.toLowerCase().split(/[\s:,-]+/);
      return words.every((word) => known.some((candidate) => candidate.startsWith(word)));
    })
    .sort((a, b) => rank(a[1].toLowerCase()) - rank(b[1].toLowerCase()))
    .slice(0, max);
}
