import { describe, expect, it } from "vitest";
import { headerText, linksField } from "./fields";

describe("linksField", () => {
  it("drops blank rows, whether empty text or missing, and keeps real URLs", () => {
    expect(linksField.parse(["", undefined, " https://a.example ", "https://b.example"])).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
    expect(linksField.parse(undefined)).toEqual([]);
  });

  it("refuses anything that is not an http(s) URL, by position", () => {
    const result = linksField.safeParse(["https://a.example", "ftp://b.example"]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([1]);
  });
});

describe("headerText", () => {
  it.each(["\r", "\n", "\r\n", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"])(
    "refuses a line break (%j) inside the text",
    (character) => {
      const result = headerText("title").safeParse(`Demo${character}day`);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["The title may not contain a line break."]);
    },
  );

  it("keeps a one-line text, trimmed, with the required and length rules of any text", () => {
    expect(headerText("title").parse("  Demo day\n")).toBe("Demo day");
    expect(headerText("title").safeParse("").error?.issues[0].message).toBe("The title field is required.");
    expect(headerText("title", 5).safeParse("Demo day").error?.issues[0].message).toBe(
      "The title field must not be greater than 5 characters.",
    );
  });
});
