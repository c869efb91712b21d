/**
 * The Markdown the resource center's guides are written in, parsed into a small tree that React renders
 * as elements (markdown-view.tsx). There is no HTML anywhere on the way: raw HTML in the source stays
 * text, which React escapes, and a link keeps its href only when it is http(s), mailto or a path on this
 * site. The subset: headings, paragraphs, bullet and numbered lists, **bold**, *italics*, `code`, links.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] };

/** Characters a backslash makes literal. */
const ESCAPABLE = /[\\`*_[\]()#+\-.!<>|{}]/;
/** [text](href), the href with at most one level of balanced brackets (Wikipedia-style addresses). */
const LINK = /^\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/;

/** The href when a link may point there, else null (javascript:, data:, protocol-relative //host, …). */
export function safeHref(href: string): string | null {
  if (/^\/(?![/\\])/.test(href)) return href;
  try {
    const url = new URL(href);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) return url.href;
    if (url.protocol === "mailto:" && url.pathname) return url.href;
  } catch {
    // Not an absolute URL, and not a path on this site: no link.
  }
  return null;
}

/** Where the emphasis opened at `from` (after its delimiter) closes: the same character after non-space text. */
function closingDelimiter(source: string, delimiter: string, from: number): number {
  for (let i = from + 1; i < source.length; i++) {
    if (source[i] === "\\") {
      i++;
      continue;
    }
    if (source[i] !== delimiter || source[i - 1] === " ") continue;
    // "_" inside a word (snake_case) is no delimiter; "**" is bold, not the end of an italic.
    if (delimiter === "_" && /\w/.test(source[i + 1] ?? "")) continue;
    if (delimiter === "*" && source[i + 1] === "*") {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

export function parseInline(source: string): Inline[] {
  const nodes: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) nodes.push({ type: "text", text });
    text = "";
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "\\" && ESCAPABLE.test(source[i + 1] ?? "")) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const end = source.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        nodes.push({ type: "code", text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (source.startsWith("**", i)) {
      let end = source.indexOf("**", i + 2);
      // "***" closes an italic inside the bold, then the bold: the bold's "**" is the run's last two.
      if (end > 0 && source[end + 2] === "*") end++;
      if (end > i + 2 && source[i + 2] !== " ") {
        flush();
        nodes.push({ type: "strong", children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    const opensEmphasis =
      (ch === "*" || ch === "_") && source[i + 1] !== undefined && source[i + 1] !== " " && !(ch === "_" && /\w/.test(source[i - 1] ?? ""));
    if (opensEmphasis) {
      const end = closingDelimiter(source, ch, i + 1);
      if (end > 0) {
        flush();
        nodes.push({ type: "em", children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === "[") {
      const link = LINK.exec(source.slice(i));
      if (link) {
        flush();
        const href = safeHref(link[2]);
        const children = parseInline(link[1]);
        // An unsafe address keeps its words, without the link.
        if (href) nodes.push({ type: "link", href, children });
        else nodes.push(...children);
        i += link[0].length;
        continue;
      }
    }
    text += ch;
    i++;
  }
  flush();
  return nodes;
}

const HEADING = /^(#{1,4})\s+(.*?)(?:\s+#+)?\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ type: "list", ordered: list.ordered, start: list.start, items: list.items.map(parseInline) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      // The page's title is the h1: a guide's own headings start at h2.
      blocks.push({ type: "heading", level: Math.max(2, heading[1].length) as 2 | 3 | 4, children: parseInline(heading[2]) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const ordered = Boolean(numbered);
      if (!list || list.ordered !== ordered) {
        endList();
        list = { ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      }
      list.items.push(bullet ? bullet[1] : numbered![2]);
      continue;
    }
    const current = list as { items: string[] } | null;
    if (current && /^\s/.test(line)) {
      // An indented line continues the list item above it.
      current.items[current.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    endList();
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  return blocks;
}
