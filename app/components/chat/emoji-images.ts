/**
 * Where the picker's picture of an emoji is: an SVG of the Twemoji set (@twemoji/svg, installed with the
 * app), served by the app at /emoji/{name}.svg, so the picker shows emoji on a system without an emoji
 * font. The name is Twemoji's: the code points in lower-case hex joined by "-", without the variation
 * selector U+FE0F unless the emoji is a sequence joined by U+200D.
 */
export function emojiImageName(emoji: string): string {
  const points = [...emoji].map((char) => char.codePointAt(0)!);
  const kept = points.includes(0x200d) ? points : points.filter((point) => point !== 0xfe0f);
  return kept.map((point) => point.toString(16)).join("-");
}

export const emojiImageUrl = (emoji: string) => `/emoji/${emojiImageName(emoji)}.svg`;
