import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { emojiImageName } from "~/components/chat/emoji-images";
import type { EmojiData } from "~/components/chat/emoji-types";
import { emojiData } from "./emoji-data.server";
import { loader } from "./emoji-image";

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

describe("the emoji picker's pictures", () => {
  const offered = (JSON.parse(emojiData().body) as EmojiData).groups.flatMap((group) => group.emojis.map(([emoji]) => emoji));

  it("has a picture for every emoji the picker offers, flags and joined sequences included", () => {
    const folder = dirname(createRequire(import.meta.url).resolve("@twemoji/svg/package.json"));
    const missing = offered.filter((emoji) => !existsSync(join(folder, `${emojiImageName(emoji)}.svg`)));
    expect(missing).toEqual([]);
    expect(emojiImageName("😀")).toBe("1f600");
    expect(emojiImageName("❤️")).toBe("2764");
    expect(emojiImageName("🏳️‍🌈")).toBe("1f3f3-fe0f-200d-1f308");
    for (const emoji of ["😀", "❤️", "🏳️‍🌈", "🇳🇬"]) expect(offered).toContain(emoji);
  });

  it("serves the picture of an offered emoji and of no other, revalidated by its ETag", async () => {
    const served = loader(imageRequest("1f600.svg"));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await served.text()).toMatch(/^<svg /);
    const again = loader(imageRequest("1f600.svg", { "If-None-Match": served.headers.get("ETag")! }));
    expect(again.status).toBe(304);
    // In the package, but a skin-tone variant the picker does not offer; then nothing of the kind at all.
    for (const file of ["1f44d-1f3fb.svg", "1f600.png", "..%2Fpackage.json", "nothing.svg"])
      expect(loader(imageRequest(file)).status).toBe(404);
  });
});

function imageRequest(file: string, headers: Record<string, string> = {}) {
  return {
    request: new Request(`http://localhost/emoji/${file}`, { headers }),
    params: { file },
  } as unknown as Parameters<typeof loader>[0];
}
