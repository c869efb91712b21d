import { describe, expect, it } from "vitest";
import { countryName } from "./country-label";

describe("countryName", () => {
  it("names a code in either case, the same each time, and leaves anything else as it is", () => {
    expect(countryName("ng")).toBe("Nigeria");
    expect(countryName("NG")).toBe("Nigeria");
    expect(countryName("Narnia")).toBe("Narnia");
  });
});
