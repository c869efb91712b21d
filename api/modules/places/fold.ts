/**
 * Folds a place name for comparison: case, accents and punctuation do not matter ("São Paulo",
 * "sao paulo" and "Sao-Paulo" are one key). Letters that Unicode does not decompose into a base letter
 * and a mark (ß, ø, ł, æ, …) are spelled out the way people type them without the key.
 */
const SPELLED: Record<string, string> = { ß: "ss", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", æ: "ae", œ: "oe", ı: "i", ħ: "h" };

export function foldName(value: string): string {
  // Most names are plain ASCII words: the same answer without the Unicode passes (the index folds 130,000).
  if (/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(value)) return value.toLowerCase();
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøłđðþæœıħ]/g, (ch) => SPELLED[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
