import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./like.ts";

describe("LIKE patterns", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike(String.raw`50%_a\b`)).toBe(String.raw`50\%\_a\\b`);
  });

  it("wraps the escaped text for a contains search", () => {
    expect(containsPattern("a_b")).toBe(String.raw`%a\_b%`);
    expect(containsPattern("")).toBe("%%");
  });
});
