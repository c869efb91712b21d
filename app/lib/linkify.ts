export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** A run that starts like a web address; what it really is, is settled by the URL parser below. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than an address ("see https://a.example."). */
const TRAILING = /[.,;:!?'"]+$/;

/** Drops sentence punctuation and an unmatched closing bracket from the end of an address. */
function trimAddress(raw: string): string {
  let text = raw.replace(TRAILING, "");
  while (text.endsWith(")") && (text.match(/\(/g)?.length ?? 0) < (text.match(/\)/g)?.length ?? 0))
    text = text.slice(0, -1).replace(TRAILING, "");
  return text;
}

/**
 * Splits a message into text and links. Only http and https addresses become links (never javascript:,
 * data: or anything else), each checked by the WHATWG URL parser; the rest stays text, which React escapes,
 * so a message can never carry HTML.
 */
export function linkify(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of message.matchAll(CANDIDATE)) {
    const text = trimAddress(match[0]);
    let href: string | null = null;
    try {
      const url = new URL(text);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (match.index > last) parts.push({ kind: "text", text: message.slice(last, match.index) });
    parts.push({ kind: "link", text, href });
    last = match.index + text.length;
  }
  if (last < message.length) parts.push({ kind: "text", text: message.slice(last) });
  return parts;
}
