import { describe, expect, it } from "vitest";
import { countryLabel } from "./country-label";

describe("countryLabel", () => {
  it("names a country with its flag, and leaves anything else as it is", () => {
    expect(countryLabel("NG")).toBe("🇳🇬 Nigeria");
    expect(countryLabel("nowhere")).toBe("nowhere");
  });
});
