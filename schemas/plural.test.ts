import { describe, expect, it } from "vitest";
import { counted } from "./plural.ts";

describe("counted", () => {
  it("takes the singular for one and the plural otherwise, irregular ones included", () => {
    expect(counted(1, "application")).toBe("1 application");
    expect(counted(0, "application")).toBe("0 applications");
    expect(counted(14, "new follower")).toBe("14 new followers");
    expect(counted(1, "city", "cities")).toBe("1 city");
    expect(counted(3, "city", "cities")).toBe("3 cities");
  });
});
