import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("links in messages", () => {
  it("turns http and https addresses into links and keeps the text around them", () => {
    expect(linkify("See https://example.com/a?b=1 now")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: " now" },
    ]);
  });

  it("leaves sentence punctuation and an unmatched bracket outside the link", () => {
    expect(linkify("Go to http://a.example.")[1]).toMatchObject({ text: "http://a.example" });
    expect(linkify("(see https://a.example/x)")[1]).toMatchObject({ text: "https://a.example/x" });
    expect(linkify("https://en.wikipedia.org/wiki/Foo_(bar)")[0]).toMatchObject({ text: "https://en.wikipedia.org/wiki/Foo_(bar)" });
  });

  it("never links other schemes, and keeps markup as text", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://files.example", "<a href='https://x.example'>x</a>"]) {
      const parts = linkify(text);
      expect(parts.filter((part) => part.kind === "link").every((part) => part.kind === "link" && /^https?:/.test(part.href))).toBe(true);
    }
    expect(linkify("javascript:alert(1)")).toEqual([{ kind: "text", text: "javascript:alert(1)" }]);
    expect(linkify("<b>hi</b>")).toEqual([{ kind: "text", text: "<b>hi</b>" }]);
  });

  it("finds several links and none in plain text", () => {
    expect(linkify("a https://x.example b https://y.example").filter((p) => p.kind === "link")).toHaveLength(2);
    expect(linkify("no links here")).toEqual([{ kind: "text", text: "no links here" }]);
    expect(linkify("")).toEqual([]);
  });
});
