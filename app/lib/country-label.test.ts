import { describe, expect, it } from "vitest";
import { countryLabel, countryName } from "./country-label";

describe("countryLabel", () => {
  it("names a country with its flag, and leaves anything else as it is", () => {
    expect(countryLabel("NG")).toBe("🇳🇬 Nigeria");
    expect(countryLabel("nowhere")).toBe("nowhere");
  });
});

describe("countryName", () => {
  it("names a code in either case, the same each time, and leaves anything else as it is", () => {
    expect(countryName("ng")).toBe("Nigeria");
    expect(countryName("NG")).toBe("Nigeria");
    expect(countryName("Narnia")).toBe("Narnia");
  });
});
