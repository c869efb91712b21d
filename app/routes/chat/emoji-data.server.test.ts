import { describe, expect, it } from "vitest";
import type { EmojiData } from "~/components/chat/emoji-types";
import { emojiData } from "./emoji-data.server";

describe("the emoji picker's data", () => {
  const data = JSON.parse(emojiData().body) as EmojiData;

  it("has the groups in order, without the bare components, each emoji with its name and words", () => {
    expect(data.groups.map((group) => group.name)).toEqual([
      "Smileys & emotion",
      "People & body",
      "Animals & nature",
      "Food & drink",
      "Travel & places",
      "Activities",
      "Objects",
      "Symbols",
      "Flags",
    ]);
    expect(data.groups[0].emojis[0]).toEqual(["😀", "grinning face", expect.stringContaining("smile")]);
    expect(data.groups.flatMap((g) => g.emojis).length).toBeGreaterThan(1800);
  });

  it("stays small: no skin-tone variants", () => {
    expect(emojiData().body.length).toBeLessThan(160_000);
    expect(emojiData().body).not.toContain("skin tone");
  });
});
