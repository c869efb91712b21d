import { describe, expect, it } from "vitest";
import { searchEmoji } from "./emoji-search";
import type { EmojiData } from "./emoji-types";

const groups: EmojiData["groups"] = [
  {
    name: "Smileys",
    emojis: [
      ["😎", "smiling face with sunglasses", "bright cool eye eyewear glasses"],
      ["😀", "grinning face", "face grin"],
    ],
  },
  {
    name: "Travel",
    emojis: [
      ["🌞", "sun with face", "bright face sun"],
      ["🌅", "sunrise", "morning sun"],
    ],
  },
];
const find = (query: string) => searchEmoji(groups, query.split(" "), 10).map(([emoji]) => emoji);

describe("emoji search", () => {
  it("matches each word at the start of a word, the exact name first", () => {
    expect(find("sun with face")).toEqual(["🌞", "😎"]);
    expect(find("sun")[0]).toBe("🌞");
    expect(find("grin")).toEqual(["😀"]);
  });
  it("does not match inside a word", () => {
    expect(find("rise")).toEqual([]);
  });
  it("stops at the limit", () => {
    expect(searchEmoji(groups, ["face"], 1)).toHaveLength(1);
  });
});
