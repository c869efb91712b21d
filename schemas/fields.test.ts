import { describe, expect, it } from "vitest";
import { linksField } from "./fields";

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
