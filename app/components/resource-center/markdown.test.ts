import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown";

describe("parseMarkdown", () => {
  it("reads headings, paragraphs and both kinds of list", () => {
    const source = "Intro line one\nline two.\n\n## Step one\n\n- a\n- b\n  continued\n\n3. three\n4. four\n\n#### Deep ###\n# Top";
    expect(parseMarkdown(source)).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Intro line one line two." }] },
      { type: "heading", level: 2, children: [{ type: "text", text: "Step one" }] },
      { type: "list", ordered: false, start: 1, items: [[{ type: "text", text: "a" }], [{ type: "text", text: "b continued" }]] },
      { type: "list", ordered: true, start: 3, items: [[{ type: "text", text: "three" }], [{ type: "text", text: "four" }]] },
      { type: "heading", level: 4, children: [{ type: "text", text: "Deep" }] },
      // The page's h1 is the guide's title.
      { type: "heading", level: 2, children: [{ type: "text", text: "Top" }] },
    ]);
  });

  it("starts a new list when the kind changes, and a paragraph after a list", () => {
    const blocks = parseMarkdown("- a\n1. b\nafter");
    expect(blocks.map((b) => b.type)).toEqual(["list", "list", "paragraph"]);
  });

  it("keeps raw HTML as text", () => {
    expect(parseMarkdown("<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] },
      { type: "paragraph", children: [{ type: "text", text: "<img src=x onerror=alert(1)>" }] },
    ]);
  });

  it("reads Windows line ends", () => {
    expect(parseMarkdown("a\r\n\r\nb")).toHaveLength(2);
  });
});

describe("parseInline", () => {
  it("reads bold, italics and code, nested", () => {
    expect(parseInline("**bold *and italic*** then _under_ and `x*y`")).toEqual([
      {
        type: "strong",
        children: [
          { type: "text", text: "bold " },
          { type: "em", children: [{ type: "text", text: "and italic" }] },
        ],
      },
      { type: "text", text: " then " },
      { type: "em", children: [{ type: "text", text: "under" }] },
      { type: "text", text: " and " },
      { type: "code", text: "x*y" },
    ]);
  });

  it("leaves lone or spaced markers, snake_case and escapes as text", () => {
    expect(parseInline("5 * 3 = 15, snake_case_name, \\*not italic\\*, 2*")).toEqual([
      { type: "text", text: "5 * 3 = 15, snake_case_name, *not italic*, 2*" },
    ]);
  });

  it("links only to http(s), mailto and this site's paths", () => {
    expect(parseInline("[YC](https://www.ycombinator.com/documents) and [here](/resource-center)")).toEqual([
      { type: "link", href: "https://www.ycombinator.com/documents", children: [{ type: "text", text: "YC" }] },
      { type: "text", text: " and " },
      { type: "link", href: "/resource-center", children: [{ type: "text", text: "here" }] },
    ]);
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "vbscript:x",
      "relative/path",
    ]) {
      expect(parseInline(`[click](${href})`), href).toEqual([{ type: "text", text: "click" }]);
    }
  });
});

describe("safeHref", () => {
  it("normalises what it keeps", () => {
    expect(safeHref("HTTPS://Example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeHref("mailto:founders@example.com")).toBe("mailto:founders@example.com");
    expect(safeHref("https://")).toBeNull();
  });
});
