/** The picker's data as /emoji.json serves it: groups of [emoji, name, search words]. */
export interface EmojiData {
  groups: { name: string; emojis: [emoji: string, label: string, words: string][] }[];
}
